import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ReceivedFile } from '../platform/uploads';
import { mediaTools, runTool } from '../modules/media/media.processing';

/**
 * Small demo media made at seed time — sharp for pictures, the bundled ffmpeg for video and audio —
 * so the repository carries no binary fixtures. Everything is written to one temp directory and
 * handed to the services as uploads; `cleanup()` removes what the services did not take.
 *
 * `tiny` (the seed's test): the same kinds of file through the same tools and pipeline, with an
 * eighth of the pixels on each side and at most a second of video or sound, so the test proves the
 * seed and the processing without spending its time encoding.
 */
export async function demoMediaMaker(parentDir = os.tmpdir(), opts: DemoMediaOptions = {}) {
  const dir = await fs.mkdtemp(path.join(parentDir, 'stagepass-seed-'));
  const { ffmpeg } = mediaTools(process.env);
  let n = 0;
  const file = async (p: string, mime: string, ext: string): Promise<ReceivedFile> => ({
    field: 'file', tmpPath: p, mime, ext, size: (await fs.stat(p)).size, originalName: path.basename(p),
  });
  /** ffmpeg quietly, overwriting its output; rejects with its last error line. */
  const ff = (args: string[]) => runTool(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]).then(() => undefined);
  const scale = opts.tiny ? 1 / 8 : 1;
  const px = (v: number) => 2 * Math.max(8, Math.round((v * scale) / 2)); // even, for 4:2:0 video
  const secs = (v: number) => (opts.tiny ? Math.min(v, 1) : v);
  const png = async (width: number, height: number, colors: [string, string], title = '', subtitle = '') => {
    const [w, h] = [px(width), px(height)];
    const p = path.join(dir, `scene-${n++}.png`);
    await sharp(Buffer.from(sceneSvg(w, h, colors, title, subtitle))).png().toFile(p);
    return p;
  };

  return {
    /** A square avatar: a gradient with an initial. */
    async avatar(colors: [string, string], initial: string) {
      return file(await png(512, 512, colors, initial), 'image/png', 'png');
    },
    async cover(colors: [string, string]) {
      return file(await png(1500, 500, colors), 'image/png', 'png');
    },
    /** A 1200×900 JPEG "photo" with a caption. */
    async photo(colors: [string, string], title: string, subtitle = '') {
      const src = await png(1200, 900, colors, title, subtitle);
      const p = path.join(dir, `photo-${n++}.jpg`);
      await sharp(src).jpeg({ quality: 80 }).toFile(p);
      return file(p, 'image/jpeg', 'jpg');
    },
    /** A few seconds of 640×360 H.264/AAC: the titled scene with its colours turning, over a soft chord. */
    async video(colors: [string, string], title: string, duration = 4) {
      const seconds = secs(duration);
      const still = await png(640, 360, colors, title, 'Stagepass demo');
      const p = path.join(dir, `video-${n++}.mp4`);
      await ff([
        '-loop', '1', '-framerate', '24', '-t', String(seconds), '-i', still,
        '-f', 'lavfi', '-t', String(seconds), '-i', `aevalsrc=0.12*sin(2*PI*220*t)+0.08*sin(2*PI*277.2*t)+0.06*sin(2*PI*329.6*t):s=44100`,
        '-vf', `hue=H=2*PI*t/${seconds},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '96k', '-shortest', p,
      ]);
      return file(p, 'video/mp4', 'mp4');
    },
    /** A short MP3: an arpeggio that steps through a chord twice a second. */
    async audio(duration = 8, base = 220) {
      const seconds = secs(duration);
      const p = path.join(dir, `audio-${n++}.mp3`);
      const f = `${base}*pow(2\\,floor(mod(t*2\\,4))*4/12)`;
      await ff(['-f', 'lavfi', '-i', `aevalsrc=0.2*sin(2*PI*${f}*t)*exp(-3*mod(t\\,0.5)):s=44100:d=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '96k', p]);
      return file(p, 'audio/mpeg', 'mp3');
    },
    async cleanup() {
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
export type DemoMediaMaker = Awaited<ReturnType<typeof demoMediaMaker>>;
export interface DemoMediaOptions {
  /** Tests: small pictures, one-second clips (same kinds, tools and pipeline). */
  tiny?: boolean;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function sceneSvg(w: number, h: number, [a, b]: [string, string], title: string, subtitle: string) {
  const big = title.length <= 2; // an initial (avatars)
  const size = big ? Math.round(h * 0.5) : Math.round(Math.min(h * 0.12, (w * 1.6) / Math.max(title.length, 8)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${w * 0.8}" cy="${h * 0.3}" r="${h * 0.5}" fill="#fff" opacity=".08"/><circle cx="${w * 0.15}" cy="${h}" r="${h * 0.6}" fill="#fff" opacity=".06"/>${
    title ? `<text x="50%" y="${subtitle ? '46%' : '50%'}" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${esc(title)}</text>` : ''
  }${subtitle ? `<text x="50%" y="62%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(size * 0.45)}" fill="#fff" opacity=".85">${esc(subtitle)}</text>` : ''}</svg>`;
}
