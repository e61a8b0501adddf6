import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import type { MediaType } from './media.tables';

/**
 * The media pipeline's pure part: a source file on disk in, rendition files on disk out. No
 * database, no storage — `media.jobs.ts` moves bytes and records results.
 */

/** A reason shown to the uploader (the file is at fault, not us). */
export class MediaError extends Error {}

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}
/** ffmpeg/ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the binaries shipped by the npm packages. */
export function mediaTools(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): MediaTools {
  return { ffmpeg: env.FFMPEG_PATH || ffmpegInstaller.path, ffprobe: env.FFPROBE_PATH || ffprobeInstaller.path };
}

/** Image renditions: name → max width (never upscaled), WebP. */
export const IMAGE_RENDITIONS = { thumb: 320, medium: 960, large: 1920 } as const;
/** Width of the blurred preview. */
export const PREVIEW_WIDTH = 32;
/** Videos are scaled down to fit 1920×1080 (landscape) or 1080×1920 (portrait). */
export const VIDEO_MAX_LONG = 1920;
export const VIDEO_MAX_SHORT = 1080;
export const POSTER_MAX_WIDTH = 1280;

export interface Output {
  /** Rendition name: the storage key is `<dir>/<name>.<ext>`. */
  name: string;
  ext: string;
  path: string;
  contentType: string;
}
export interface Processed {
  /** Every rendition; `main` names the one to show or play, `thumbnails` the pictures (smallest first). */
  outputs: Output[];
  main: string;
  thumbnails: string[];
  /** The blurred preview, when there is a picture to blur. */
  preview?: Output;
  mimeType: string;
  width?: number;
  height?: number;
  duration?: number;
}

export interface ProcessOptions {
  tools: MediaTools;
  /** Where outputs go (a fresh temp directory the caller removes). */
  workDir: string;
  /** The type the upload was sniffed as (decides the demuxer ffmpeg may use). */
  sourceMime: string;
  /** Kills ffmpeg when the attempt runs out of time. */
  signal?: AbortSignal;
  /** libx264 preset (veryfast by default). */
  x264Preset?: string;
}

export async function processMedia(type: MediaType, src: string, opts: ProcessOptions): Promise<Processed> {
  if (type === 'image') return processImage(src, opts);
  if (type === 'video') return processVideo(src, opts);
  return processAudio(src, opts);
}

// ------------------------------------------------------------------------------------- images

export async function processImage(src: string, opts: Pick<ProcessOptions, 'workDir'>): Promise<Processed> {
  const image = sharp(src, { failOn: 'error' }).rotate();
  const meta = await image.metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw new MediaError('The image could not be read: it is damaged or in an unsupported format');
  // Dimensions as shown (EXIF orientation applied).
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const outputs: Output[] = [];
  try {
    for (const [name, w] of Object.entries(IMAGE_RENDITIONS)) {
      const out = path.join(opts.workDir, `${name}.webp`);
      // Bounded height too, so a freak 1×50000 strip cannot make a giant "thumbnail".
      await image.clone().resize({ width: w, height: w * 3, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toFile(out);
      outputs.push({ name, ext: 'webp', path: out, contentType: 'image/webp' });
    }
    const preview = await blurredPreview(image.clone(), opts.workDir);
    return { outputs, main: 'large', thumbnails: ['thumb', 'medium'], preview, mimeType: 'image/webp', width, height };
  } catch (err) {
    if (err instanceof MediaError) throw err;
    throw new MediaError(`The image could not be read: ${firstLine((err as Error).message)}`);
  }
}

/** ~32 px wide, heavily blurred, low-quality WebP: a few hundred bytes, shows nothing. */
async function blurredPreview(image: Sharp, workDir: string): Promise<Output> {
  const out = path.join(workDir, 'preview.webp');
  await image.resize({ width: PREVIEW_WIDTH, height: PREVIEW_WIDTH * 3, fit: 'inside' }).blur(3).webp({ quality: 40 }).toFile(out);
  return { name: 'preview', ext: 'webp', path: out, contentType: 'image/webp' };
}

// -------------------------------------------------------------------------------- video, audio

/** The demuxer ffmpeg may use for each sniffed type: never let it guess (playlists, concat…). */
const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov', 'video/x-m4v': 'mov', 'video/quicktime': 'mov', 'video/3gpp': 'mov', 'video/webm': 'matroska',
  'video/matroska': 'matroska', 'video/x-matroska': 'matroska', 'video/vnd.avi': 'avi', 'video/x-msvideo': 'avi', 'video/mpeg': 'mpeg',
  'audio/mpeg': 'mp3', 'audio/mp4': 'mov', 'audio/x-m4a': 'mov', 'audio/aac': 'aac', 'audio/wav': 'wav',
  'audio/x-wav': 'wav', 'audio/vnd.wave': 'wav', 'audio/ogg': 'ogg', 'audio/opus': 'ogg', 'audio/webm': 'matroska', 'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};
/** The demuxer ffmpeg is told for a sniffed type (undefined: let it probe, e.g. for our own outputs). */
export const demuxerFor = (mime: string): string | undefined => DEMUXERS[mime];
const inputArgs = (src: string, mime: string) => [
  '-protocol_whitelist', 'file',
  ...(DEMUXERS[mime] ? ['-f', DEMUXERS[mime]] : []),
  '-i', src,
];

export interface Probe {
  duration?: number;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
  formatName?: string;
}

export async function probe(tools: MediaTools, file: string, opts: { sourceMime?: string; signal?: AbortSignal } = {}): Promise<Probe> {
  const demuxer = opts.sourceMime ? DEMUXERS[opts.sourceMime] : undefined;
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-protocol_whitelist', 'file', ...(demuxer ? ['-f', demuxer] : []), '-print_format', 'json', '-show_format', '-show_streams', file],
    opts.signal,
  );
  const json = JSON.parse(stdout) as {
    format?: { duration?: string; format_name?: string };
    streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }>;
  };
  const streams = json.streams ?? [];
  // Cover art in an audio file is a "video" stream flagged attached_pic: not a video.
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? v?.duration ?? a?.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? round3(duration) : undefined,
    video: v?.width && v.height ? { codec: v.codec_name ?? '', width: v.width, height: v.height } : undefined,
    audio: a ? { codec: a.codec_name ?? '' } : undefined,
    formatName: json.format?.format_name,
  };
}

export async function processVideo(src: string, opts: ProcessOptions): Promise<Processed> {
  const { tools, workDir, signal } = opts;
  const source = await probe(tools, src, { sourceMime: opts.sourceMime, signal }).catch((err) => {
    throw new MediaError(`The video could not be read: ${reason(err)}`);
  });
  if (!source.video) throw new MediaError('The video could not be read: it has no video track');
  const out = path.join(workDir, 'video.mp4');
  // Fit inside 1920×1080 (or 1080×1920 when portrait), never upscale, even dimensions for 4:2:0.
  const fit =
    `scale=w='if(gte(iw,ih),min(${VIDEO_MAX_LONG},iw),min(${VIDEO_MAX_SHORT},iw))'` +
    `:h='if(gte(iw,ih),min(${VIDEO_MAX_SHORT},ih),min(${VIDEO_MAX_LONG},ih))'` +
    ':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p';
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-y', '-v', 'error',
      ...inputArgs(src, opts.sourceMime),
      '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn',
      '-vf', fit,
      '-c:v', 'libx264', '-preset', opts.x264Preset ?? 'veryfast', '-crf', '23', '-profile:v', 'high',
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
      // Drop the source's metadata (camera, GPS location…); moov first so playback starts at once.
      '-map_metadata', '-1', '-movflags', '+faststart', '-max_muxing_queue_size', '1024',
      '-f', 'mp4', out,
    ],
    signal,
  ).catch((err) => {
    throw new MediaError(`The video could not be converted: ${reason(err)}`);
  });
  const result = await probe(tools, out, { signal });
  if (!result.video) throw new MediaError('The video could not be converted: no picture came out');

  // Poster: a frame at ~10 % (at most 1 s in, past black intro frames), from the converted file.
  const posterJpg = path.join(workDir, 'poster-frame.jpg');
  const at = Math.min(1, (result.duration ?? 0) * 0.1);
  const grab = (t: number) =>
    runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-ss', t.toFixed(3), '-i', out, '-frames:v', '1', '-q:v', '2', posterJpg], signal);
  await grab(at).catch(() => grab(0));
  const exists = await fsp.stat(posterJpg).then((s) => s.size > 0, () => false);
  if (!exists) throw new MediaError('The video could not be converted: no frame could be taken for the poster');
  const poster = path.join(workDir, 'poster.webp');
  await sharp(posterJpg).resize({ width: POSTER_MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toFile(poster);
  const preview = await blurredPreview(sharp(posterJpg), workDir);
  await fsp.rm(posterJpg, { force: true });
  return {
    outputs: [
      { name: 'video', ext: 'mp4', path: out, contentType: 'video/mp4' },
      { name: 'poster', ext: 'webp', path: poster, contentType: 'image/webp' },
    ],
    main: 'video',
    thumbnails: ['poster'],
    preview,
    mimeType: 'video/mp4',
    width: result.video.width,
    height: result.video.height,
    duration: result.duration ?? source.duration,
  };
}

export async function processAudio(src: string, opts: ProcessOptions): Promise<Processed> {
  const { tools, workDir, signal } = opts;
  const source = await probe(tools, src, { sourceMime: opts.sourceMime, signal }).catch((err) => {
    throw new MediaError(`The audio could not be read: ${reason(err)}`);
  });
  if (!source.audio) throw new MediaError('The audio could not be read: it has no audio track');
  const out = path.join(workDir, 'audio.m4a');
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-y', '-v', 'error',
      ...inputArgs(src, opts.sourceMime),
      '-map', '0:a:0', '-vn', '-sn', '-dn',
      '-c:a', 'aac', '-b:a', '160k',
      '-map_metadata', '-1', '-movflags', '+faststart',
      '-f', 'ipod', out,
    ],
    signal,
  ).catch((err) => {
    throw new MediaError(`The audio could not be converted: ${reason(err)}`);
  });
  const result = await probe(tools, out, { signal });
  if (!result.audio) throw new MediaError('The audio could not be converted: no sound came out');
  return {
    outputs: [{ name: 'audio', ext: 'm4a', path: out, contentType: 'audio/mp4' }],
    main: 'audio',
    thumbnails: [],
    mimeType: 'audio/mp4',
    duration: result.duration ?? source.duration,
  };
}

// ------------------------------------------------------------------------------------ helpers

class ToolError extends Error {}

/** Runs a binary without a shell; rejects with the last lines of its stderr. `binary`: stdout also as bytes (`raw`, e.g. decoded frames). */
export function runTool(bin: string, args: string[], signal?: AbortSignal, opts: { binary?: boolean } = {}): Promise<{ stdout: string; raw?: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-4000);
    });
    child.on('error', (e) => reject(signal?.aborted ? new ToolError('it took too long') : e));
    child.on('close', (code) => {
      if (code === 0) {
        const all = Buffer.concat(out);
        resolve(opts.binary ? { stdout: '', raw: all } : { stdout: all.toString('utf8') });
      }
      else reject(new ToolError(lastLine(err) || `${path.basename(bin)} exited with ${code}`));
    });
  });
}

/** The reason of a failed tool run, fit for the uploader. */
export const reason = (err: unknown) => (err instanceof ToolError ? err.message : firstLine((err as Error)?.message ?? 'unknown error'));
const firstLine = (s: string) => s.split('\n')[0]!.trim().slice(0, 300);
/** The last meaningful line of a tool's stderr, without the input path (it is a temp path). */
function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines.at(-1) ?? '';
  return line.replace(/^\S*\/[^:]*: /, '').slice(0, 300);
}
const round3 = (n: number) => Math.round(n * 1000) / 1000;

