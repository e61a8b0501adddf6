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
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Slider, Spin, Tooltip } from 'antd';
import { AudioMutedOutlined, FullscreenExitOutlined, FullscreenOutlined, SoundOutlined } from '@ant-design/icons';
import type { StreamCredential } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { JanusNotPublishingError, watch, type Watching } from '../media/watch';
import { statusOf } from '../media/webrtc';
import css from '../live.module.css';

const RETRY_MS = 5000;
/** Renew the credential when it has less than this left before (re)connecting. */
const RENEW_MARGIN_MS = 30_000;

type Phase = 'connecting' | 'waiting' | 'playing' | 'error';

export interface LivePlayerProps {
  streamId: string;
  performerName: string;
  credential: StreamCredential;
  /** The creator's camera is on (from the stream, updated live). */
  publishing: boolean;
  /** The creator's connection dropped after being on air (the stream's `droppedAt`): waiting for them to come back. */
  dropped?: boolean;
  /** A fresh credential (GET /streaming/join again); null when the viewer may no longer watch. */
  renew: () => Promise<StreamCredential | null>;
  /** The stream ended: hang up and show `overlay`. */
  ended: boolean;
  overlay?: string | null;
}

export const DROPPED_TEXT = "The creator's connection dropped — waiting…";

export default function LivePlayer({ streamId, performerName, credential, publishing, dropped = false, renew, ended, overlay }: LivePlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const session = useRef<Watching | null>(null);
  const cred = useRef(credential);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(80);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    cred.current = credential;
  }, [credential]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Connect (again on each attempt); hang up on unmount, on a new attempt, when the stream ends and
  // while the creator's connection is down (the last frame would stay frozen on screen).
  useEffect(() => {
    if (ended || dropped) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => !cancelled && setAttempt((n) => n + 1), RETRY_MS);
    };
    void (async () => {
      setPhase((p) => (p === 'waiting' ? p : 'connecting'));
      let c = cred.current;
      if (new Date(c.expiresAt).getTime() - Date.now() < RENEW_MARGIN_MS) {
        const fresh = await renew().catch(() => null);
        if (cancelled) return;
        if (!fresh) {
          setPhase('error');
          setError('You can no longer watch this stream.');
          return;
        }
        c = cred.current = fresh;
      }
      try {
        const w = await watch({
          streamId,
          credential: c,
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
          setError(errorText(e, 'The video could not start'));
          // Refused (no longer entitled, gone): no automatic retry.
          const status = statusOf(e);
          if (status === 403 || status === 404) return;
        }
        later();
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      session.current?.stop();
      session.current = null;
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

  const status =
    overlay ??
    (dropped && !ended ? DROPPED_TEXT : null) ??
    (phase === 'waiting' ? `Waiting for ${performerName} to start the camera…` : phase === 'error' ? (error ?? 'The video could not start') : phase === 'connecting' ? 'Connecting…' : null);

  return (
    <div className={css.player} ref={box}>
      <video ref={video} className={css.video} autoPlay playsInline muted aria-label={`${performerName}'s live video`} data-testid="live-video" />
      {status && (
        <div className={css.overlay} role="status" data-testid="player-status">
          <div className={css.overlayText}>
            {(phase === 'connecting' || dropped) && !overlay && <Spin />}
            <p>{status}</p>
            {phase === 'error' && !overlay && (
              <Button ghost onClick={retry}>
                Try again
              </Button>
            )}
          </div>
        </div>
      )}
      {phase === 'playing' && !overlay && !dropped && (
        <div className={css.controls}>
          {muted ? (
            <Button type="text" icon={<AudioMutedOutlined />} onClick={unmute}>
              Unmute
            </Button>
          ) : (
            <Tooltip title="Mute">
              <Button type="text" icon={<SoundOutlined />} onClick={() => setMuted(true)} aria-label="Mute" />
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
            tooltip={{ formatter: (v) => `${v}%` }}
            ariaLabelForHandle="Volume"
          />
          <span className={css.spacer} />
          <Button type="text" icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFullscreen} aria-label={fullscreen ? 'Exit full screen' : 'Full screen'} />
        </div>
      )}
    </div>
  );
}
