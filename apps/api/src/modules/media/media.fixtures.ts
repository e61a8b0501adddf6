import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fileTypeFromFile } from 'file-type';
import type { ReceivedFile } from '../../platform/uploads';
import { mediaTools, runTool } from './media.processing';

/**
 * Real small media made on the spot for tests (sharp for images, the ffmpeg binary with lavfi
 * sources for video and audio), as `ReceivedFile`s ready for `MediaService.storeUpload`, or as
 * bytes for a multipart upload. Nothing is downloaded; call `cleanup()` when done.
 */
export async function mediaFixtures() {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-fixtures-'));
  const { ffmpeg } = mediaTools(process.env);
  let n = 0;

  const received = async (file: string, originalName: string): Promise<ReceivedFile> => {
    const type = await fileTypeFromFile(file);
    const { size } = await fsp.stat(file);
    return { field: 'file', tmpPath: file, mime: type?.mime ?? 'application/octet-stream', ext: type?.ext ?? 'bin', size, originalName };
  };
  /** ffmpeg quietly, overwriting its output; rejects with its last error line. */
  const ff = (args: string[]) => runTool(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]).then(() => undefined);

  return {
    dir,
    /** A PNG with some structure (so resizes and blurs are real work). */
    async image(width = 1200, height = 800): Promise<ReceivedFile> {
      const file = path.join(dir, `img-${n++}.png`);
      const circle = Math.round(Math.min(width, height) / 3);
      await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .composite([{ input: Buffer.from(`<svg width="${circle * 2}" height="${circle * 2}"><circle cx="${circle}" cy="${circle}" r="${circle - 2}" fill="#35f"/></svg>`), left: Math.round(width / 2 - circle), top: Math.round(height / 2 - circle) }])
        .png()
        .toFile(file);
      return received(file, 'photo.png');
    },
    /** A test-pattern video with a sine tone (H.264 + AAC in Matroska by default: it gets converted). */
    async video(o: { seconds?: number; width?: number; height?: number; container?: 'mkv' | 'mp4' | 'mov'; audio?: boolean } = {}): Promise<ReceivedFile> {
      const { seconds = 2, width = 320, height = 240, container = 'mkv', audio = true } = o;
      const file = path.join(dir, `video-${n++}.${container}`);
      await ff([
        '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=15`,
        ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
        // 4:4:4 so odd sizes are possible (the pipeline must make them even).
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', width % 2 || height % 2 ? 'yuv444p' : 'yuv420p',
        ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
        file,
      ]);
      return received(file, `clip.${container}`);
    },
    /** A sine tone (MP3 by default). */
    async audio(o: { seconds?: number; format?: 'mp3' | 'wav' } = {}): Promise<ReceivedFile> {
      const { seconds = 2, format = 'mp3' } = o;
      const file = path.join(dir, `audio-${n++}.${format}`);
      await ff(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...(format === 'mp3' ? ['-c:a', 'libmp3lame'] : []), file]);
      return received(file, `sound.${format}`);
    },
    /** Passes the magic-byte check as video/mp4 (a real MP4 header) but is garbage after it. */
    async corruptVideo(): Promise<ReceivedFile> {
      const file = path.join(dir, `corrupt-${n++}.mp4`);
      const ftyp = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
      await fsp.writeFile(file, Buffer.concat([ftyp, Buffer.alloc(20_000, 0x5a)]));
      return { field: 'file', tmpPath: file, mime: 'video/mp4', ext: 'mp4', size: ftyp.length + 20_000, originalName: 'broken.mp4' };
    },
    async cleanup() {
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Top-level box types of an MP4, in order (to check `moov` comes before `mdat`: faststart). */
export function mp4TopLevelBoxes(buf: Buffer): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(pos + 8));
    else if (size === 0) size = buf.length - pos;
    out.push(type);
    if (size < 8) break;
    pos += size;
  }
  return out;
}
