/**
 * Watching a live stream over HLS (large audiences; GET /streaming/join answers `hls` with a signed,
 * short-lived playlist URL bound to the viewer). hls.js is imported here, on demand, only when a
 * viewer is sent to HLS — it never enters a page's first-load JS. Where Media Source Extensions are
 * missing (iPhone Safari before 17.1) the browser plays the playlist natively.
 *
 * The player fetches the playlist again and again; each answer signs the next segments. The playlist
 * URL itself expires: `setPlaylistUrl` hands a fresher one (from a later join) that the next reload
 * uses without interrupting playback. A 401, 403 or 404 on a playlist (or 401/403 on a segment) means
 * the viewer lost access (ban, refund, block) or the link expired: `onLost` — the caller asks join
 * again and either plays the fresh URL or shows why the viewer may not watch any more.
 */
import type { ErrorData, HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext, PlaylistLoaderConstructor } from 'hls.js';
import { hasMediaSource, loadHls, playlistHref } from '@/lib/hls';

export { playlistHref };

/** Statuses that end a viewer's access to the playlist (join again). */
export const HLS_LOST_STATUSES = [401, 403, 404] as const;

/** Low-latency friendly: play ~3 segments (1 s each) behind the live edge, catch up gently when further behind, keep little buffer. */
export const HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  liveSyncDurationCount: 3,
  liveMaxLatencyDurationCount: 8,
  maxLiveSyncPlaybackRate: 1.1,
  maxBufferLength: 10,
  backBufferLength: 10,
  enableWorker: true,
};

export interface HlsWatching {
  engine: 'hls.js' | 'native';
  /** A fresher signed playlist URL (same stream): used from the next playlist reload on. */
  setPlaylistUrl(url: string): void;
  stop(): void;
}

export interface HlsWatchOptions {
  video: HTMLVideoElement;
  playlistUrl: string;
  /** Frames are playing. */
  onPlaying: () => void;
  /** Access refused or the link expired (HTTP status when known): join again. */
  onLost: (status: number | undefined) => void;
  /** Playback failed for another reason (network down, media error that could not be recovered): try again later. */
  onFailed: (message: string) => void;
}

/** The same playlist, whatever its signature: compares origin and path, not the query. */
export function samePlaylist(a: string, b: string): boolean {
  try {
    const x = new URL(a, 'http://x');
    const y = new URL(b, 'http://x');
    return x.origin === y.origin && x.pathname === y.pathname;
  } catch {
    return a === b;
  }
}

/** Whether an hls.js error means the viewer lost access (or the signed link expired). */
export function isAccessLost(e: Pick<ErrorData, 'response' | 'context' | 'frag'> & { details?: string }): number | undefined {
  const code = e.response?.code;
  if (code === undefined) return undefined;
  const playlist = Boolean(e.context) || /manifest|level|playlist/i.test(e.details ?? '');
  if (playlist && (HLS_LOST_STATUSES as readonly number[]).includes(code)) return code;
  if (e.frag && (code === 401 || code === 403)) return code;
  return undefined;
}

export async function watchHls(opts: HlsWatchOptions): Promise<HlsWatching> {
  const { video } = opts;
  let current = playlistHref(opts.playlistUrl);
  const first = current;
  let done = false;
  const lost = (status: number | undefined) => {
    if (done) return;
    done = true;
    opts.onLost(status);
  };
  const failed = (message: string) => {
    if (done) return;
    done = true;
    opts.onFailed(message);
  };
  const onPlaying = () => opts.onPlaying();
  video.srcObject = null;
  video.addEventListener('playing', onPlaying);

  if (!hasMediaSource() && video.canPlayType('application/vnd.apple.mpegurl')) {
    // Native HLS (Safari without MSE): no HTTP status on errors — join again decides.
    const onError = () => lost(undefined);
    video.addEventListener('error', onError);
    video.src = current;
    void video.play().catch(() => undefined);
    return {
      engine: 'native',
      setPlaylistUrl() {
        // The browser keeps its own URL; an expired one errors and the viewer joins again.
      },
      stop() {
        done = true;
        video.removeEventListener('playing', onPlaying);
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      },
    };
  }

  const Hls = await loadHls();
  if (!Hls.isSupported()) throw new Error('This browser cannot play this stream. Try another browser.');
  // Every load of the first playlist (the manifest, then its live reloads) goes to the freshest signed URL.
  const Base = Hls.DefaultConfig.loader;
  class SignedPlaylistLoader extends Base {
    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      if (samePlaylist(context.url, first)) context.url = current;
      super.load(context, config, callbacks);
    }
  }
  const hls = new Hls({ ...HLS_CONFIG, pLoader: SignedPlaylistLoader as unknown as PlaylistLoaderConstructor });
  let mediaRecoveries = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    const status = isAccessLost(data);
    if (status !== undefined) {
      lost(status);
      return;
    }
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    failed(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'The stream could not be reached' : 'The video could not play');
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
  hls.attachMedia(video);
  hls.loadSource(current);
  return {
    engine: 'hls.js',
    setPlaylistUrl(url) {
      current = playlistHref(url);
    },
    stop() {
      done = true;
      video.removeEventListener('playing', onPlaying);
      hls.destroy();
    },
  };
}
