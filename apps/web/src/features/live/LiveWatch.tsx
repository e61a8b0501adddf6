'use client';
/**
 * Watching one stream: GET /streaming/join/{id} decides. Entitled → the player (loaded on demand),
 * the chat, the tip button and the goal, a heartbeat (PUT /streaming/set-duration every 15 s, with
 * `path: 'hls'` while the player watches over HLS: that is how HLS viewers are counted) and the
 * credential (and signed HLS playlist) renewed before it expires; otherwise the prompt for what is needed. Live: the
 * viewer count, the title and goal ('stream/updated'), the end ('stream/ended': "The stream has
 * ended", or "Your balance ran out — the show has ended"), a private show's low-balance warning.
 */
import TaxedPrice from '@/components/money/TaxedPrice';
import { useCallback, useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Alert, App, Button, Popconfirm, Progress, Result, Spin } from 'antd';
import { DollarOutlined, EyeOutlined, StopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { STREAM_HEARTBEAT_SECONDS, itemForMessage, type PublicUser, type TipMenuItem, type Stream, type StreamEndReason, type StreamPath } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import type { Messages } from '@/i18n/messages';
import { useSocketEvent } from '@/lib/socket';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import { useAppSelector, useCurrentUser } from '@/store';
import JoinPrompt from './JoinPrompt';
import LiveBadge from './LiveBadge';
import StreamChat from './chat/StreamChat';
import { useTipMenu } from '@/features/tipmenu/useTipMenu';
import TipMenuShout from '@/features/tipmenu/TipMenuShout';
import css from './live.module.css';

function PlayerLoading() {
  const t = useTranslations('liveWatch');
  return <div className={css.player} aria-busy="true" aria-label={t('loadingPlayer')} />;
}

const LivePlayer = dynamic(() => import('./player/LivePlayer'), { ssr: false, loading: () => <PlayerLoading /> });
const TipModal = dynamic(() => import('@/features/payments/TipModal'), { ssr: false });
const TipMenuPanel = dynamic(() => import('@/features/tipmenu/TipMenuPanel'), { ssr: false });

/** Renew the join credential this long before it expires — a short-lived link (HLS playlists live 30 s) with a third of its life left. */
const RENEW_BEFORE_MS = 30_000;
const RENEW_MIN_MS = 5_000;

/** When to ask join again for something that expires at `expiresAt`. */
export function renewIn(expiresAt: string, now = Date.now()): number {
  const left = new Date(expiresAt).getTime() - now;
  return Math.max(RENEW_MIN_MS, left - Math.min(RENEW_BEFORE_MS, left / 3));
}

/** Why the stream ended, as a key of the `liveWatch` messages. */
export function endedKey(reason: StreamEndReason | null | undefined): Extract<keyof Messages['liveWatch'], 'endedBalance' | 'endedSpendingPaused' | 'endedStream'> {
  if (reason === 'balance') return 'endedBalance';
  if (reason === 'spending_paused') return 'endedSpendingPaused';
  return 'endedStream';
}

export default function LiveWatch({ stream: initial, performer }: { stream: Stream; performer: Pick<PublicUser, '_id' | 'name' | 'username' | 'avatar'> }) {
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const f = useFormat();
  const me = useCurrentUser();
  const [stream, setStream] = useState(initial);
  const [viewers, setViewers] = useState(initial.viewerCount);
  const [ended, setEnded] = useState<{ reason: StreamEndReason | null } | null>(initial.status === 'ended' ? { reason: initial.endReason } : null);
  const [balanceLow, setBalanceLow] = useState<{ balance: number; rate: number } | null>(null);
  const [tipOpen, setTipOpen] = useState(false);
  // The tip menu in the side panel; a chat keyword ("!song") opens its item's order dialog.
  const [menuItem, setMenuItem] = useState<TipMenuItem | null>(null);
  const id = stream._id;
  const join = useRoute(routes.streaming.join, me && !ended ? { params: { id } } : null, { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false });
  const j = join.data;
  const entitled = Boolean(j?.entitled && j.credential) && !ended;
  const tipsTotal = useAppSelector((s) => (s.streamMessage.activeConversation?.streamId === id ? s.streamMessage.activeConversation.tipsTotal : null)) ?? stream.tipsTotal;
  const tipGoal = useAppSelector((s) => (s.streamMessage.activeConversation?.streamId === id ? s.streamMessage.activeConversation.tipGoal : undefined));
  const goal = tipGoal === undefined ? stream.tipGoal : tipGoal;
  const name = performer.name || performer.username || t('theCreator');
  const mutateJoin = join.mutate;
  const isOwner = me?._id === stream.performerId;
  /** How the player watches now (HLS viewers are counted by their heartbeat's path); until it says, what join answered. */
  const [playerPath, setPath] = useState<StreamPath | null>(null);
  const path: StreamPath = playerPath ?? (j?.hls ? 'hls' : 'webrtc');

  useSocketEvent('stream/updated', ({ stream: s }) => {
    if (s._id !== id) return;
    setStream(s);
    setViewers(s.viewerCount);
  });
  useSocketEvent('stream/viewers', (e) => e.streamId === id && setViewers(e.count));
  useSocketEvent('stream/ended', (e) => e.streamId === id && setEnded({ reason: e.reason }));
  useSocketEvent('stream/status', (e) => e.streamId === id && e.status === 'ended' && setEnded((x) => x ?? { reason: null }));
  useSocketEvent('stream/balance-low', (e) => e.streamId === id && setBalanceLow({ balance: e.balance, rate: e.rate }));
  useSocketEvent('wallet/balance', (e) => balanceLow && e.balance > balanceLow.balance && setBalanceLow(null));

  // Heartbeat while watching (the server measures presence and bills private shows from it).
  useEffect(() => {
    if (!entitled || isOwner) return;
    const beat = () =>
      void call(routes.streaming.heartbeat, { body: path === 'hls' ? { streamId: id, path } : { streamId: id } })
        .then((r) => r.status === 'ended' && setEnded((x) => x ?? { reason: null }))
        .catch(() => undefined);
    beat();
    const t = setInterval(beat, STREAM_HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(t);
  }, [entitled, isOwner, id, path]);

  // The credential (and an HLS viewer's signed playlist) is renewed, and the entitlement re-checked,
  // before it expires.
  const credentialExpires = j?.credential?.expiresAt;
  const hlsExpires = j?.hls?.expiresAt;
  useEffect(() => {
    if (!credentialExpires || ended) return;
    const t = setTimeout(() => void mutateJoin(), Math.min(renewIn(credentialExpires), hlsExpires ? renewIn(hlsExpires) : Infinity));
    return () => clearTimeout(t);
  }, [credentialExpires, hlsExpires, ended, mutateJoin]);

  // The player's renewal: join asked directly (SWR's revalidation would hand back the stale answer
  // when join refuses), then kept as the page's join. A refusal (403/404) rejects.
  const renew = useCallback(async () => {
    const fresh = await call(routes.streaming.join, { params: { id } });
    void mutateJoin(fresh, { revalidate: false });
    return fresh.entitled && fresh.credential ? { credential: fresh.credential, hls: fresh.hls } : null;
  }, [id, mutateJoin]);
  const rejoin = useCallback(() => void mutateJoin(), [mutateJoin]);

  // Operators (the role with two-factor authentication on, as the API defines it) may end any
  // stream (audited by the API); viewers then get 'stream/ended'. They watch to moderate (the
  // console's audited watch): no tipping. Their "End stream" speaks English, as the console does.
  const { message } = App.useApp();
  const isOperator = Boolean(me?.isAdmin && me.twoFactorEnabled);
  const canTip = Boolean(me) && !me?.isPerformer && !isOwner && !isOperator && entitled;
  const tipMenu = useTipMenu(canTip ? performer._id : null);
  /** A chat message starting with a menu keyword ("!song") opens that item's order dialog instead of being sent. */
  const keyword = (text: string) => {
    const item = itemForMessage(tipMenu.data ?? [], text);
    if (item) setMenuItem(item);
    return Boolean(item);
  };
  const endAsOperator = async () => {
    try {
      await call(routes.streaming.end, { params: { id: stream._id } });
      message.success('The stream was ended');
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const overlay = ended ? t(endedKey(ended.reason)) : null;

  let main;
  if (isOwner && !ended) {
    main = (
      <div className={css.prompt}>
        <Result
          icon={<VideoCameraOutlined />}
          title={t('yourStream')}
          subTitle={t('yourStreamText')}
          extra={
            <Link href="/creator/live">
              <Button type="primary">{t('openStudio')}</Button>
            </Link>
          }
        />
      </div>
    );
  } else if (entitled && j?.credential) {
    main = <LivePlayer streamId={id} performerName={name} credential={j.credential} hls={j.hls} onPath={setPath} publishing={stream.publishing} dropped={Boolean(stream.droppedAt)} renew={renew} ended={Boolean(ended)} overlay={overlay} />;
  } else if (ended) {
    main = (
      <div className={css.player}>
        <div className={css.overlay} role="status" data-testid="player-status">
          <p className={css.overlayText}>{overlay}</p>
        </div>
      </div>
    );
  } else if (!me) {
    main = <JoinPrompt join={{ need: 'login', price: null, balance: null, stream }} performer={performer} onChanged={rejoin} />;
  } else if (join.error) {
    const status = (join.error as { statusCode?: number }).statusCode;
    main =
      status === 403 ? (
        <ErrorState title={t('cantWatch')} message={specText((join.error as { message?: string }).message ?? '') || t('removedFromStreams', { name })} />
      ) : (
        <ErrorState title={t('loadFailed')} message={specText((join.error as { message?: string }).message ?? '') || undefined} onRetry={rejoin} />
      );
  } else if (!j) {
    main = (
      <div className={css.player} aria-busy="true" aria-label={t('loadingStream')}>
        <Spin />
      </div>
    );
  } else {
    main = <JoinPrompt join={j} performer={performer} onChanged={rejoin} />;
  }

  return (
    <div className={css.page}>
      <div className={css.main}>
        {balanceLow && !ended && (
          <Alert
            type="warning"
            showIcon
            className={css.banner}
            title={t('balanceLowTitle')}
            description={t.rich('balanceLowText', { balance: f.money(balanceLow.balance), rate: f.money(balanceLow.rate), wallet: (c) => <Link href="/user/wallet">{c}</Link> })}
            data-testid="balance-low"
          />
        )}
        <div className={css.stage}>
          {main}
          <TipMenuShout streamId={id} />
        </div>
        <div className={css.head}>
          <div className={css.headText}>
            <h1 className={css.title}>{stream.title}</h1>
            <div className={css.by}>
              <Link href={`/${performer.username || performer._id}`}>{name}</Link>
              {stream.type === 'private' && stream.price !== null && (
                <>
                  {' '}
                  · {t('privateShow')} · <TaxedPrice amount={stream.price} kind="stream" suffix={t('perMinute')} />
                </>
              )}
              {stream.type === 'group' && stream.price !== null && (
                <>
                  {' '}
                  · {t('ticketedShow')} · <TaxedPrice amount={stream.price} kind="stream" />
                </>
              )}
            </div>
          </div>
          {!ended && <LiveBadge />}
          {!ended && (
            <span className={css.viewers} aria-label={t('watching', { count: viewers, n: String(viewers) })} data-testid="viewer-count">
              <EyeOutlined /> {t('watching', { count: viewers, n: f.compactNumber(viewers) })}
            </span>
          )}
          {canTip && (
            <Button type="primary" icon={<DollarOutlined aria-hidden />} onClick={() => setTipOpen(true)}>
              {t('sendTip')}
            </Button>
          )}
          {isOperator && !isOwner && !ended && (
            <Popconfirm title="End this stream for everyone?" description="The creator and viewers are told it was ended by the site's team." okText="End stream" okButtonProps={{ danger: true }} cancelText="Cancel" onConfirm={() => void endAsOperator()}>
              {/* Not a red button: the dark theme's red text is below 4.5:1 on the page; the confirmation's button is red. */}
              <Button icon={<StopOutlined />}>End stream</Button>
            </Popconfirm>
          )}
        </div>
        {goal !== null && goal > 0 && (
          <div className={css.goal}>
            <div className={css.goalHead}>
              <span>{t('tipGoal')}</span>
              <span>{t('tipGoalOf', { total: f.money(tipsTotal), goal: f.money(goal) })}</span>
            </div>
            <Progress percent={Math.min(100, Math.round((tipsTotal / goal) * 100))} showInfo={false} aria-label={t('tipGoalProgress')} />
          </div>
        )}
        {stream.description && <p className={css.description}>{stream.description}</p>}
      </div>
      {entitled && (
        <aside className={css.side}>
          {canTip && tipMenu.data?.length ? (
            <div className={css.sideMenu}>
              <TipMenuPanel performer={performer} streamId={id} open={menuItem} onOpenChange={setMenuItem} />
            </div>
          ) : null}
          <StreamChat stream={stream} onKeyword={canTip ? keyword : undefined} />
        </aside>
      )}
      {tipOpen && <TipModal performer={performer} streamId={id} open={tipOpen} onClose={() => setTipOpen(false)} />}
    </div>
  );
}
