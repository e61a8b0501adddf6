'use client';
/**
 * The live player (loaded on demand): watches the stream with the join credential (Janus through
 * the API's signalling relay, or Agora when that is the provider) and plays it in a <video>.
 * Browsers block autoplay with sound, so it starts muted with an "Unmute" button; a volume slider
 * and full screen. While the creator's camera is not on yet (409, or `publishing` false) it says
 * "Waiting for <name> to start the camera…" and tries again when the stream says it is publishing,
 * or every 5 s. When the creator's connection drops (`dropped`: their media stopped arriving, their
 * page closed) it hangs up and says "The creator's connection dropped — waiting…" until they are
 * back (then it watches again) or the stream ends. A dropped connection is retried. Leaving hangs
 * up (POST …/leave, keepalive).
 *
 * When join answers `hls` (a large audience, or the operator's HLS default) the same <video> plays
 * the signed playlist instead (media/hls.ts: hls.js loaded on demand, or the browser's own HLS),
 * with the same surroundings. A refused or expired playlist makes the next try ask join again: a
 * fresh URL, or "You can no longer watch this stream." The path is chosen at each (re)connection
 * and reported to the page (`onPath`) for the heartbeat.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Slider, Spin, Tooltip } from 'antd';
import { AudioMutedOutlined, FullscreenExitOutlined, FullscreenOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { HlsAccess, StreamCredential, StreamPath } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { watchHls, type HlsWatching } from '../media/hls';
import { JanusNotPublishingError, watch, type Watching } from '../media/watch';
import { statusOf } from '../media/webrtc';
import css from '../live.module.css';

const RETRY_MS = 5000;
/** HLS: the first tries again come sooner (the packager writes its first segments a few seconds after the camera starts). */
const HLS_RETRY_MS = 2000;
/** Renew the credential when it has less than this left before (re)connecting. */
const RENEW_MARGIN_MS = 30_000;
const HLS_RENEW_MARGIN_MS = 8_000;

type Phase = 'connecting' | 'waiting' | 'playing' | 'error';
/** Why the video stopped: no longer entitled, or the video failed (`text`: the reason given; empty: "The video could not start"). */
type Failure = { noLonger: true } | { noLonger: false; text: string };

/** What GET /streaming/join hands an entitled viewer: the WebRTC credential, and the HLS playlist when the API sends this viewer to HLS. */
export interface WatchAccess {
  credential: StreamCredential;
  hls: HlsAccess | null;
}

export interface LivePlayerProps {
  streamId: string;
  performerName: string;
  credential: StreamCredential;
  /** Non-null: watch over HLS (the API decides: WebRTC servers full, or the operator's HLS default). */
  hls?: HlsAccess | null;
  /** The creator's camera is on (from the stream, updated live). */
  publishing: boolean;
  /** The creator's connection dropped after being on air (the stream's `droppedAt`): waiting for them to come back. */
  dropped?: boolean;
  /** A fresh join (GET /streaming/join again); null when the viewer may no longer watch (not entitled); rejects when join refuses (403/404) or fails. */
  renew: () => Promise<WatchAccess | null>;
  /** The path the player watches by now (the heartbeat tells the API). */
  onPath?: (path: StreamPath) => void;
  /** The stream ended: hang up and show `overlay` (a text in the page's language). */
  ended: boolean;
  overlay?: string | null;
}

/** The credential, or the HLS link (30 s), is about to expire: join again before (re)connecting. */
function expiresSoon(a: WatchAccess): boolean {
  const left = (at: string) => new Date(at).getTime() - Date.now();
  return left(a.credential.expiresAt) < RENEW_MARGIN_MS || (a.hls !== null && left(a.hls.expiresAt) < HLS_RENEW_MARGIN_MS);
}

export default function LivePlayer({ streamId, performerName, credential, hls = null, publishing, dropped = false, renew, onPath, ended, overlay }: LivePlayerProps) {
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const f = useFormat();
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const session = useRef<Watching | null>(null);
  const hlsSession = useRef<HlsWatching | null>(null);
  const access = useRef<WatchAccess>({ credential, hls });
  /** The next attempt asks join first (the HLS link was refused or expired). */
  const rejoin = useRef(false);
  const publishingRef = useRef(publishing);
  const onPathRef = useRef(onPath);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [path, setPath] = useState<StreamPath>(hls ? 'hls' : 'webrtc');
  const [error, setError] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(80);
  const [fullscreen, setFullscreen] = useState(false);

  // The latest join: used by the next (re)connection; a playing HLS session reloads its playlist
  // from the fresher signed URL. The path is chosen when connecting, not switched while playing.
  useEffect(() => {
    access.current = { credential, hls };
    if (hls) hlsSession.current?.setPlaylistUrl(hls.playlistUrl);
  }, [credential, hls]);
  useEffect(() => {
    publishingRef.current = publishing;
    onPathRef.current = onPath;
  }, [publishing, onPath]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Connect (again on each attempt); hang up on unmount, on a new attempt, when the stream ends and
  // while the creator's connection is down (the last frame would stay frozen on screen).
  useEffect(() => {
    if (ended || dropped) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (ms = RETRY_MS) => {
      clearTimeout(timer);
      timer = setTimeout(() => !cancelled && setAttempt((n) => n + 1), ms);
    };
    const refused = () => {
      setPhase('error');
      setError({ noLonger: true });
    };
    void (async () => {
      setPhase((p) => (p === 'waiting' ? p : 'connecting'));
      let a = access.current;
      if (rejoin.current || expiresSoon(a)) {
        let fresh: WatchAccess | null;
        try {
          fresh = await renew();
        } catch (e) {
          if (cancelled) return;
          const status = statusOf(e);
          // Refused (banned, blocked, gone): no automatic retry. Anything else (network): try again.
          if (status === 401 || status === 403 || status === 404) return refused();
          later();
          return;
        }
        if (cancelled) return;
        if (!fresh) return refused();
        rejoin.current = false;
        a = access.current = fresh;
      }
      const via: StreamPath = a.hls ? 'hls' : 'webrtc';
      setPath(via);
      onPathRef.current?.(via);

      if (a.hls) {
        // HLS follows the creator's camera from the stream: nothing to fetch before it is on.
        if (!publishingRef.current) {
          setPhase('waiting');
          later();
          return;
        }
        const v = video.current;
        if (!v) return;
        try {
          const w = await watchHls({
            video: v,
            playlistUrl: a.hls.playlistUrl,
            onPlaying: () => !cancelled && setPhase('playing'),
            onLost: () => {
              if (cancelled) return;
              // Refused or expired: join again; entitled → the fresh URL, otherwise why not.
              rejoin.current = true;
              setPhase('connecting');
              later(HLS_RETRY_MS);
            },
            onFailed: () => {
              if (cancelled) return;
              setPhase('connecting');
              later(HLS_RETRY_MS);
            },
          });
          if (cancelled) {
            w.stop();
            return;
          }
          hlsSession.current = w;
        } catch (e) {
          if (cancelled) return;
          setPhase('error');
          setError({ noLonger: false, text: errorText(e, '') });
        }
        return;
      }

      try {
        const w = await watch({
          streamId,
          credential: a.credential,
          onStream: (ms) => {
            const v = video.current;
            if (v && v.srcObject !== ms) {
              v.srcObject = ms;
              void v.play().catch(() => undefined);
            }
            setPhase('playing');
          },
          onConnectionState: (s) => {
            if (s === 'failed' && !cancelled) later();
          },
        });
        if (cancelled) {
          w.stop();
          return;
        }
        session.current = w;
        if (w.provider === 'agora') setPhase((p) => (p === 'playing' ? p : 'waiting'));
      } catch (e) {
        if (cancelled) return;
        if (e instanceof JanusNotPublishingError) setPhase('waiting');
        else {
          setPhase('error');
          setError({ noLonger: false, text: errorText(e, '') });
          // Refused (no longer entitled, gone): no automatic retry.
          const status = statusOf(e);
          if (status === 403 || status === 404) return;
          // Another refusal (the WebRTC servers are full…): the next try asks join, which may send this viewer to HLS.
          rejoin.current = true;
        }
        later();
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      session.current?.stop();
      session.current = null;
      hlsSession.current?.stop();
      hlsSession.current = null;
    };
  }, [streamId, attempt, ended, dropped, renew]);

  // The camera came on while waiting: try at once.
  useEffect(() => {
    if (publishing && phase === 'waiting' && session.current?.provider !== 'agora') retry();
  }, [publishing, phase, retry]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    v.muted = muted;
    v.volume = volume / 100;
  }, [muted, volume]);

  useEffect(() => {
    const on = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void box.current?.requestFullscreen?.().catch(() => undefined);
  };

  const unmute = () => {
    setMuted(false);
    if (volume === 0) setVolume(80);
    void video.current?.play().catch(() => undefined);
  };

  const failure = error?.noLonger ? t('noLonger') : error?.text ? specText(error.text) : t('couldNotStart');
  const status =
    overlay ??
    (dropped && !ended ? t('dropped') : null) ??
    (phase === 'waiting' ? t('waitingCamera', { name: performerName }) : phase === 'error' ? failure : phase === 'connecting' ? t('connecting') : null);

  return (
    <div className={css.player} ref={box}>
      <video ref={video} className={css.video} autoPlay playsInline muted aria-label={t('liveVideo', { name: performerName })} data-testid="live-video" data-path={path} />
      {status && (
        <div className={css.overlay} role="status" data-testid="player-status">
          <div className={css.overlayText}>
            {(phase === 'connecting' || dropped) && !overlay && <Spin />}
            <p>{status}</p>
            {phase === 'error' && !overlay && (
              <Button ghost onClick={retry}>
                {t('tryAgain')}
              </Button>
            )}
          </div>
        </div>
      )}
      {phase === 'playing' && !overlay && !dropped && (
        <div className={css.controls}>
          {muted ? (
            <Button type="text" icon={<AudioMutedOutlined />} onClick={unmute}>
              {t('unmute')}
            </Button>
          ) : (
            <Tooltip title={t('mute')}>
              <Button type="text" icon={<SoundOutlined />} onClick={() => setMuted(true)} aria-label={t('mute')} />
            </Tooltip>
          )}
          <Slider
            className={css.volume}
            min={0}
            max={100}
            value={muted ? 0 : volume}
            onChange={(v) => {
              setVolume(v);
              setMuted(v === 0);
            }}
            tooltip={{ formatter: (v) => f.percent(v) }}
            ariaLabelForHandle={t('volume')}
          />
          <span className={css.spacer} />
          {path === 'hls' && (
            <span className={css.pathTag} title={t('hlsTitle')} data-testid="hls-badge">
              HLS<span className="sr-only"> {t('hlsSr')}</span>
            </span>
          )}
          <Button type="text" icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFullscreen} aria-label={fullscreen ? t('exitFullScreen') : t('fullScreen')} />
        </div>
      )}
    </div>
  );
}
