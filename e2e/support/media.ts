import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(path.join(process.cwd(), 'package.json'));

/** Small real media files made on the spot (no fixtures checked in). */
export async function makePhoto(dir: string, name = 'photo.jpg', color = '#e91e63') {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toFile(file);
  return file;
}

export function makeVideo(dir: string, name = 'clip.mp4', seconds = 1) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const ffmpeg = process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=15:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return file;
}

/** A moving test picture (testsrc2 under a slow hue rotation: no two moments alike) with sound, long enough for a video's forensic mark (issue 32: ~3¼ minutes). */
export function makeLongVideo(dir: string, name = 'long.mp4', seconds = 206) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const ffmpeg = process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${seconds},hue=H=t/40`, '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return file;
}

/**
 * A leak of a viewer's stream, as a leaker would make it: the viewer's HLS playlist walked (360p,
 * key, every segment decrypted and joined), then re-encoded smaller (256×144) at 150 kbit/s.
 */
export async function leakOfStream(masterUrl: string, dir: string, name = 'leak.mp4'): Promise<string> {
  const { createDecipheriv } = await import('node:crypto');
  const text = async (u: string) => {
    const r = await fetch(u);
    if (!r.ok) throw new Error(`${u}: ${r.status}`);
    return r.text();
  };
  const master = await text(masterUrl);
  const media = await text(master.split('\n').find((l) => l && !l.startsWith('#'))!);
  const keyLine = media.split('\n').find((l) => l.startsWith('#EXT-X-KEY:'))!;
  const key = Buffer.from(await (await fetch(/URI="([^"]+)"/.exec(keyLine)![1]!)).arrayBuffer());
  const iv = Buffer.from(/IV=0x([0-9a-fA-F]{32})/.exec(keyLine)![1]!, 'hex');
  const parts: Buffer[] = [];
  for (const u of media.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const d = createDecipheriv('aes-128-cbc', key, iv);
    parts.push(Buffer.concat([d.update(Buffer.from(await (await fetch(u)).arrayBuffer())), d.final()]));
  }
  fs.mkdirSync(dir, { recursive: true });
  const ts = path.join(dir, `${name}.ts`);
  const out = path.join(dir, name);
  fs.writeFileSync(ts, Buffer.concat(parts));
  const ffmpeg = process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-ss', '5.3', '-i', ts, '-vf', 'scale=256:144', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '150k', '-c:a', 'aac', '-b:a', '64k', '-max_muxing_queue_size', '4096', out]);
  return out;
}
