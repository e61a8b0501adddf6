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
