'use client';
import { useEffect, useRef, useState } from 'react';
import type HlsType from 'hls.js';
import type { MediaFileView, VideoOverlay } from '@stagepass/shared';
import { loadHls, playlistHref, playsHlsNatively } from '@/lib/hls';

interface Level {
  index: number;
  label: string;
}

/**
 * `className` styles the <video> element itself (each feature keeps its own size rules).
 *
 * The one player of a stored video (posts, catalogue videos, messages, teasers). A private video
 * comes as `hls` (the viewer's signed, encrypted HLS playlist — modules/media README "HLS"): hls.js
 * is loaded on demand (lib/hls.ts) and plays it, or the browser does natively where it can
 * (Safari without Media Source Extensions). Seeking is the element's own; with hls.js a quality
 * menu (Auto or a rendition) shows once the playlist lists more than one. A file with only `url`
 * (public teasers, the owner's own MP4) plays as a plain source. `data-engine` tells which.
 *
 * The visible mark (API modules/protection README "Videos"): for a private video the player asks
 * the viewer's overlay (same signed link as the playlist) and draws the creator's address and the
 * viewer's @username over the picture, where and as opaque as the creator chose.
 */
export default function StreamVideo({ file, poster, label, className }: { file: MediaFileView; poster?: string; label: string; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const [engine, setEngine] = useState<'file' | 'hls.js' | 'native'>(file.hls ? 'hls.js' : 'file');
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<VideoOverlay | null>(null);
  const hls = file.hls;
  const url = file.url;

  useEffect(() => {
    setOverlay(null);
    if (!hls) return;
    const ctrl = new AbortController();
    void fetch(playlistHref(hls.replace('/master.m3u8?', '/overlay?')), { signal: ctrl.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ data: VideoOverlay }>) : null))
      .then((body) => setOverlay(body?.data.visible ? body.data : null))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [hls]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setError(null);
    setLevels([]);
    setLevel(-1);
    if (!hls) {
      setEngine('file');
      return;
    }
    const src = playlistHref(hls);
    if (playsHlsNatively(video)) {
      setEngine('native');
      video.src = src;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    let cancelled = false;
    let player: HlsType | null = null;
    void loadHls().then((Hls) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        setError('This browser cannot play this video. Try another browser.');
        return;
      }
      setEngine('hls.js');
      player = new Hls({ enableWorker: true, maxBufferLength: 30 });
      hlsRef.current = player;
      let recoveries = 0;
      player.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        setLevels(data.levels.map((l, index) => ({ index, label: l.height ? `${l.height}p` : `${Math.round(l.bitrate / 1000)} kbps` })));
      });
      player.on(Hls.Events.ERROR, (_e, data) => {
        const code = data.response?.code;
        if (code === 401 || code === 403 || code === 404) {
          setError(code === 403 ? 'You can no longer watch this video.' : 'This video is not available.');
          player?.stopLoad();
          return;
        }
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && recoveries < 2) {
          recoveries += 1;
          player?.recoverMediaError();
          return;
        }
        setError(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'The video could not be loaded. Check your connection.' : 'The video could not play.');
      });
      player.attachMedia(video);
      player.loadSource(src);
    });
    return () => {
      cancelled = true;
      player?.destroy();
      hlsRef.current = null;
    };
  }, [hls]);

  const choose = (index: number) => {
    setLevel(index);
    // -1 = automatic; a rendition is kept until Auto is chosen again.
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  return (
    <div className="stream-video">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet) (live streams and replays included) */}
      <video
        ref={ref}
        className={className}
        controls
        preload="metadata"
        playsInline
        poster={poster}
        src={!hls ? url : undefined}
        aria-label={label}
        data-engine={engine}
      />
      {overlay && <MarkOverlay overlay={overlay} />}
      {levels.length > 1 && (
        <div className="stream-video-quality">
          {/* A native select: the player is on every post card, and antd's Select would add its weight to every feed page. */}
          <select value={level} onChange={(e) => choose(Number(e.target.value))} aria-label={`Quality of ${label.toLowerCase()}`}>
            <option value={-1}>Auto</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p className="stream-video-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The creator's address and the viewer's @username drawn over the picture (never catches clicks). */
function MarkOverlay({ overlay }: { overlay: VideoOverlay }) {
  const opacity = { opacity: overlay.opacity / 100 };
  if (overlay.position === 'tiled') {
    const text = overlay.lines.join('  ·  ');
    return (
      <div className="stream-video-mark tiled" aria-hidden="true" data-testid="video-mark" data-position="tiled" style={opacity}>
        {Array.from({ length: 12 }, (_, i) => (
          <span key={i}>{text}</span>
        ))}
      </div>
    );
  }
  return (
    <div className={`stream-video-mark ${overlay.position}`} aria-hidden="true" data-testid="video-mark" data-position={overlay.position} style={opacity}>
      {overlay.lines.map((l) => (
        <span key={l}>{l}</span>
      ))}
    </div>
  );
}

/** Whether a file has something to play (an HLS playlist or a file URL). */
export const playable = (f: MediaFileView) => f.status === 'ready' && Boolean(f.hls || f.url);
