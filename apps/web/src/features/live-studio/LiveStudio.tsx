'use client';
/**
 * /creator/live, the "Go live" studio: camera and microphone (pickers, preview), the stream form,
 * then while live the viewer count (by path: WebRTC, HLS), the upload's bitrate and loss, tips and
 * goal, the stream chat with moderation; private show
 * requests, and the Moderation card (moderators, bans). Start = POST /streaming/live, then the
 * publisher credential from GET /streaming/join/{id} and the camera into the stream (Janus or
 * Agora); Stop = POST …/end. Accepting a private request switches the camera to the private show's stream.
 */
import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { App, Avatar, Card, Result } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type GoLiveInput, type PrivateRequest, type Stream, type StreamEndReason, type StreamMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, isApiFailure } from '@/lib/api';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';
import { useSocketEvent } from '@/lib/socket';
import { FormSkeleton } from '@/components/states';
import { coPerformerFieldError } from '@/components/coperformers/PublishBlockedAlert';
import { useLiveMedia } from '@/features/live/media/useLiveMedia';
import DevicePanel from './DevicePanel';
import GoalEditor from './GoalEditor';
import GoLiveForm from './GoLiveForm';
import LiveStats from './LiveStats';
import ModerationCard from './ModerationCard';
import { PrivateShowsCard } from './PrivateShows';
import StudioChat from './StudioChat';
import { useStudioEvents } from './useStudioEvents';
import { useUploadStats } from './useUploadStats';
import { applyPrivateRequest, initialGoLiveValues } from './studio';
import css from './live-studio.module.css';

const ENDED_TEXT: Partial<Record<StreamEndReason, string>> = {
  admin: 'An operator ended your stream.',
  balance: "The fan's balance ran out — the private show has ended.",
  fan_left: 'The fan left — the private show has ended.',
  spending_paused: "The fan's spending is paused (a card payment of theirs is disputed) — the private show has ended.",
  publisher_lost: 'Your camera connection was lost and the stream ended.',
  replaced: 'This stream was replaced by a newer one.',
};

export default function LiveStudio() {
  const { message, notification } = App.useApp();
  const me = useCurrentUser();
  const media = useLiveMedia();
  const settings = useRoute(routes.streaming.settings);
  const current = useRoute(routes.streaming.search, me ? { query: { performerId: me._id, limit: 1 } } : null);
  const requests = useRoute(routes.streaming.privateRequests);
  const [stream, setStreamState] = useState<Stream | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [busyRequest, setBusyRequest] = useState<string | null>(null);
  const resumed = useRef(false);

  const setStream = useCallback((fn: (s: Stream | null) => Stream | null) => setStreamState(fn), []);

  /** The publisher credential for `streamId`, then the camera into it. */
  const publishInto = useCallback(
    async (streamId: string) => {
      const join = await call(routes.streaming.join, { params: { id: streamId } });
      setStreamState(join.stream);
      if (!join.credential) throw new Error('This stream did not hand out a publisher credential');
      await media.startPublishing(streamId, join.credential);
    },
    [media],
  );

  // After a reload while live: pick the stream up again (the camera is sent with "Reconnect camera").
  useEffect(() => {
    const live = current.data?.data.find((s) => s.status === 'live' && s.performerId === me?._id);
    if (!resumed.current && live) {
      resumed.current = true;
      setStreamState(live);
    }
  }, [current.data, me?._id]);

  useEffect(() => {
    if (!media.media && !media.opening && !media.mediaError) void media.open();
    // Only once, on arrival: the creator turns the camera back on with the button afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving the page while live asks first (the stream would go on without a camera).
  useEffect(() => {
    if (!stream) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [stream]);

  const fail = useCallback(
    (e: unknown) => {
      if (isApiFailure(e) && e.statusCode === 503) setUnavailable(errorText(e, 'No live video server is running.'));
      else void message.error(errorText(e, e instanceof Error ? e.message : undefined));
    },
    [message],
  );

  const [blocked, setBlocked] = useState<string | null>(null);
  const start = async (body: GoLiveInput, refreshPeople: () => void) => {
    setStarting(true);
    setBlocked(null);
    try {
      const s = await call(routes.streaming.goLive, { body });
      setStreamState(s);
      await publishInto(s._id);
      void message.success('You are live');
    } catch (e) {
      // Someone named is not cleared: the stream did not start (shown beside the button).
      const onPeople = coPerformerFieldError(e);
      if ((isApiFailure(e) && e.statusCode === 422) || onPeople) {
        setBlocked(onPeople ?? errorText(e));
        refreshPeople();
        return;
      }
      fail(e);
    } finally {
      setStarting(false);
    }
  };

  const retryPublish = () => {
    if (stream) void publishInto(stream._id).catch(fail);
  };

  const stop = async () => {
    if (!stream) return;
    setStopping(true);
    try {
      // The owner's view of the ended stream (the room's 'stream/updated' leaves `record` out).
      const ended = await call(routes.streaming.end, { params: { id: stream._id } });
      await media.stopPublishing();
      setStreamState(null);
      void message.success(ended.record ? 'Your stream has ended — its replay will be in your vault in a few minutes' : 'Your stream has ended');
      void current.mutate();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setStopping(false);
    }
  };

  const onTip = useCallback(
    (m: StreamMessage) => {
      notification.open({
        key: m._id,
        title: `${m.sender?.name || m.sender?.username || 'A fan'} tipped ${money(m.amount)}`,
        description: m.text || undefined,
        icon: m.sender ? <Avatar src={m.sender.avatar || DEFAULT_AVATAR} alt="" size={36} /> : <DollarOutlined />,
        role: 'status',
        props: { 'data-testid': 'tip-alert' } as HTMLAttributes<HTMLDivElement>,
      });
    },
    [notification],
  );

  const onEnded = useCallback(
    (reason: StreamEndReason) => {
      void media.stopPublishing();
      setStreamState(null);
      void current.mutate();
      if (reason !== 'creator') void message.info(ENDED_TEXT[reason] ?? 'Your stream has ended.');
    },
    [media, current, message],
  );

  useStudioEvents(stream, { setStream, onTip, onEnded });
  // The upload's bitrate and loss while the camera is on air (Janus; Agora gives none).
  const upload = useUploadStats(media.publisherStats, Boolean(stream) && media.publishState === 'live');

  useSocketEvent('stream/private-request', ({ request }) => {
    void requests.mutate((d) => (d ? { ...d, data: applyPrivateRequest(d.data, request) } : d), { revalidate: false });
    if (request.status === 'pending' && request.performerId === me?._id) {
      notification.open({
        key: request._id,
        title: `${request.fan?.name || request.fan?.username || 'A fan'} asks for a private show`,
        description: `${money(request.rate)} per minute — accept or decline in the studio.`,
        icon: <Avatar src={request.fan?.avatar || DEFAULT_AVATAR} alt="" size={36} />,
        role: 'status',
      });
    }
  });

  const accept = async (r: PrivateRequest) => {
    setBusyRequest(r._id);
    try {
      const accepted = await call(routes.streaming.acceptPrivate, { params: { id: r._id } });
      void requests.mutate((d) => (d ? { ...d, data: d.data.filter((x) => x._id !== r._id) } : d), { revalidate: false });
      if (!accepted.streamId) throw new Error('The private show could not start');
      await media.stopPublishing();
      await publishInto(accepted.streamId);
      void message.success('Private show started');
    } catch (e) {
      fail(e);
      void requests.mutate();
    } finally {
      setBusyRequest(null);
    }
  };

  const decline = async (r: PrivateRequest) => {
    setBusyRequest(r._id);
    try {
      await call(routes.streaming.declinePrivate, { params: { id: r._id } });
      void requests.mutate((d) => (d ? { ...d, data: d.data.filter((x) => x._id !== r._id) } : d), { revalidate: false });
    } catch (e) {
      void message.error(errorText(e));
      void requests.mutate();
    } finally {
      setBusyRequest(null);
    }
  };

  if (unavailable) {
    return (
      <div className="container page">
        <Card>
          <Result
            status="warning"
            title="Live video is not available on this site"
            subTitle={
              <>
                <p>{unavailable}</p>
                <p>The site operator needs to install Janus (the built-in live video server, started with the site) or turn on Agora in the site settings.</p>
              </>
            }
          />
        </Card>
      </div>
    );
  }

  const loading = settings.isLoading || current.isLoading;
  const privateCard = (
    <PrivateShowsCard
      settings={settings.data}
      settingsError={Boolean(settings.error) && !settings.data}
      requestsError={Boolean(requests.error) && !requests.data}
      onRetry={() => {
        void settings.mutate();
        void requests.mutate();
      }}
      onSaved={(s) => void settings.mutate(s, { revalidate: false })}
      requests={requests.data?.data ?? []}
      loading={requests.isLoading}
      busyId={busyRequest}
      onAccept={(r) => void accept(r)}
      onDecline={(r) => void decline(r)}
    />
  );

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">{stream ? (stream.type === 'private' ? 'Private show' : 'You are live') : 'Go live'}</h1>
          <p className="page-lead">
            {!stream
              ? 'Check your camera and microphone, describe your stream, then start.'
              : media.publishState === 'live'
                ? 'Your camera is on air. Keep this page open while you stream.'
                : 'Your camera is not on air. Keep this page open while you stream.'}
          </p>
        </div>
      </div>
      <div className={css.layout}>
        <div className={css.column}>
          <Card className={css.card}>
            <DevicePanel media={media} />
            {stream && (
              <div className={css.goal}>
                <LiveStats stream={stream} publishState={media.publishState} upload={upload} onStop={() => void stop()} stopping={stopping} onRetry={retryPublish} />
                {stream.type !== 'private' && <GoalEditor key={stream._id} stream={stream} onSaved={(s) => setStreamState(s)} />}
              </div>
            )}
          </Card>
          {!stream && (
            <Card className={css.card}>
              <h2 className={css.cardTitle}>Stream details</h2>
              {loading ? <FormSkeleton rows={5} /> : <GoLiveForm initialValues={initialGoLiveValues(settings.data)} onSubmit={start} busy={starting} cameraReady={Boolean(media.media)} blocked={blocked} />}
            </Card>
          )}
        </div>
        <div className={css.column}>
          {stream && <StudioChat stream={stream} />}
          {privateCard}
          <ModerationCard />
        </div>
      </div>
    </div>
  );
}
