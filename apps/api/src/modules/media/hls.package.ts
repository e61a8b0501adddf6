import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MediaError, probe, reason, runTool, type Output, type ProcessOptions } from './media.processing';
import { B_SUFFIX, VARIANT_AMPLITUDE, variantFrames, variantPattern } from './hls.variants';

/**
 * HLS packaging (README.md "HLS" and "Forensic A/B variants"): a converted MP4 in, encrypted
 * renditions out — twice when forensic variants are asked for (A and B, same cuts, same key) —
 * with an optional burned-in creator mark. Pure: no database, no storage.
 */


/** HLS renditions by the source's short side: 360p always, 720p from 720, 1080p from 1080 (README "HLS"). */
export const HLS_LADDER = [
  { name: '360p', short: 360, maxrate: 900_000 },
  { name: '720p', short: 720, maxrate: 3_000_000 },
  { name: '1080p', short: 1080, maxrate: 5_500_000 },
] as const;
/** Target segment length (seconds); keyframes are forced on this grid so every rendition cuts at the same times. */
export const HLS_SEGMENT_SECONDS = 4;
export const HLS_AUDIO_BITRATE = 128_000;
/**
 * The first segment is short (1 s): the player must download a whole segment before the first
 * frame, so a short first one starts playback sooner (bench/README.md "hls").
 */
export const HLS_FIRST_SEGMENT_SECONDS = 1;
/** Keyframes at 0 and 1 s, then every HLS_SEGMENT_SECONDS (5, 9, 13…): the cuts of every rendition. */
const HLS_KEYFRAMES = `expr:gte(t,if(lt(n_forced,2),n_forced*${HLS_FIRST_SEGMENT_SECONDS},${HLS_FIRST_SEGMENT_SECONDS}+(n_forced-1)*${HLS_SEGMENT_SECONDS}))`;

export interface HlsPackageResult {
  /** Files to store, `name` being the path under the package folder (`master.m3u8`, `360p/index.m3u8`, `360p/seg-00000.ts`…). */
  outputs: Output[];
  renditions: Array<{ name: string; width: number; height: number; bandwidth: number; averageBandwidth: number; segments: number }>;
  seconds: number;
}

/** The renditions a source of `width`×`height` gets (never upscaled; a source under 360 gets one at its own size). */
export function hlsLadder(width: number, height: number): Array<{ name: string; width: number; height: number; maxrate: number }> {
  const short = Math.min(width, height);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const fit = (s: number) => (width >= height ? { width: even((width * s) / height), height: even(s) } : { width: even(s), height: even((height * s) / width) });
  const steps = HLS_LADDER.filter((r) => r.name === '360p' || short >= r.short);
  return steps.map((r) => ({ name: r.name, maxrate: r.maxrate, ...(short < r.short ? { width: even(width), height: even(height) } : fit(r.short)) }));
}

/** A picture burned into every frame of every rendition (the creator's visible mark): a PNG placed at (left, top) of the source frame. */
export interface BurnIn {
  png: Buffer;
  left: number;
  top: number;
}

export interface HlsPackageOptions extends ProcessOptions {
  /** The AES-128 key (16 bytes): the same for both variants. */
  key: Buffer;
  width: number;
  height: number;
  /** Forensic A/B variants: the pattern's seed (hls.variants.ts); absent → one variant. */
  variantSeed?: Buffer;
  /** The creator's mark, burned in before anything else. */
  burnIn?: BurnIn | null;
}

/**
 * Packages a (converted) video as HLS: one ffmpeg run encodes every rendition (libx264, keyframes
 * on the segment grid, AAC), cut into MPEG-TS segments encrypted with AES-128 under `key` and one
 * random IV. With `variantSeed`, every rendition is encoded twice in the same run — variant A
 * (+pattern) as `seg-NNNNN.ts`, variant B (−pattern) as `seg-NNNNNb.ts` — from the same frames
 * and keyframes, so segment j of A and of B cover the same time and either can follow either.
 * The stored playlists are A's (B's must list the same segments: checked); they name the key
 * `key.bin`, a placeholder the delivery rewrites per viewer. The master playlist carries the
 * measured peak/average bandwidth (the larger of A and B).
 */
export async function packageHls(src: string, opts: HlsPackageOptions): Promise<HlsPackageResult> {
  const { tools, workDir, signal, key } = opts;
  if (key.length !== 16) throw new Error('packageHls: the key must be 16 bytes');
  const started = Date.now();
  const root = path.join(workDir, 'hls');
  await fsp.mkdir(root, { recursive: true });
  const keyFile = path.join(workDir, 'hls.key');
  const keyInfo = path.join(workDir, 'hls.keyinfo');
  await fsp.writeFile(keyFile, key, { mode: 0o600 });
  const iv = crypto.randomBytes(16).toString('hex');
  await fsp.writeFile(keyInfo, `key.bin\n${keyFile}\n${iv}\n`, { mode: 0o600 });
  const src0 = await probe(tools, src, { signal });
  const hasAudio = Boolean(src0.audio);
  const ladder = hlsLadder(opts.width, opts.height);
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-protocol_whitelist', 'file', '-i', src];
  // The source's own size (the pattern and the mark are drawn at it, before the renditions are scaled).
  const w = src0.video?.width ?? opts.width;
  const h = src0.video?.height ?? opts.height;
  const graph: string[] = [];
  let input = 1;
  if (opts.burnIn) {
    const png = path.join(workDir, 'burn-in.png');
    await fsp.writeFile(png, opts.burnIn.png);
    args.push('-i', png);
    graph.push('[0:v]format=yuv420p[src]', `[src][${input}:v]overlay=${Math.round(opts.burnIn.left)}:${Math.round(opts.burnIn.top)},format=yuv420p[base]`);
    input++;
  } else {
    graph.push('[0:v]format=yuv420p[base]');
  }
  const variants = opts.variantSeed ? (['a', 'b'] as const) : (['a'] as const);
  if (opts.variantSeed) {
    const frames = variantFrames(variantPattern(opts.variantSeed, w, h), w, h, VARIANT_AMPLITUDE);
    const plus = path.join(workDir, 'variant-plus.yuv');
    const minus = path.join(workDir, 'variant-minus.yuv');
    await fsp.writeFile(plus, frames.plus);
    await fsp.writeFile(minus, frames.minus);
    // One frame each; blend repeats a second input's last frame for the whole video.
    for (const f of [plus, minus]) args.push('-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${w}x${h}`, '-i', f);
    const p = input, m = input + 1;
    input += 2;
    // A = frame + P⁺ − P⁻ (i.e. +P), B = frame + P⁻ − P⁺ (−P); chroma untouched (the pattern frames' chroma is 0).
    graph.push(
      '[base]split=2[va][vb]', `[${p}:v]split=2[pa][pb]`, `[${m}:v]split=2[ma][mb]`,
      '[va][pa]blend=all_mode=addition[va1]', '[va1][ma]blend=all_mode=subtract[a]',
      '[vb][mb]blend=all_mode=addition[vb1]', '[vb1][pb]blend=all_mode=subtract[b]',
    );
  } else {
    graph.push('[base]null[a]');
  }
  for (const v of variants) {
    graph.push(`[${v}]split=${ladder.length}${ladder.map((_, i) => `[s${v}${i}]`).join('')}`);
    for (const [i, r] of ladder.entries()) graph.push(`[s${v}${i}]scale=${r.width}:${r.height},format=yuv420p[o${v}${i}]`);
  }
  args.push('-filter_complex', graph.join(';'));
  for (const v of variants) {
    const suffix = v === 'b' ? B_SUFFIX : '';
    for (const [i, r] of ladder.entries()) {
      await fsp.mkdir(path.join(root, r.name), { recursive: true });
      args.push(
        '-map', `[o${v}${i}]`, ...(hasAudio ? ['-map', '0:a:0'] : []), '-sn', '-dn', '-map_metadata', '-1',
        '-c:v', 'libx264', '-preset', opts.x264Preset ?? 'veryfast', '-crf', '23', '-maxrate', String(r.maxrate), '-bufsize', String(r.maxrate * 2),
        '-profile:v', 'high', '-force_key_frames', HLS_KEYFRAMES, '-sc_threshold', '0',
        ...(hasAudio ? ['-c:a', 'aac', '-b:a', String(HLS_AUDIO_BITRATE), '-ac', '2'] : []),
        '-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_init_time', String(HLS_FIRST_SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
        '-hls_key_info_file', keyInfo, '-hls_segment_type', 'mpegts',
        '-hls_segment_filename', path.join(root, r.name, `seg-%05d${suffix}.ts`), path.join(root, r.name, `index${suffix ? `-${suffix}` : ''}.m3u8`),
      );
    }
  }
  try {
    await runTool(tools.ffmpeg, args, signal).catch((err) => {
      throw new MediaError(`The video could not be packaged for streaming: ${reason(err)}`);
    });
  } finally {
    await fsp.rm(keyFile, { force: true });
    await fsp.rm(keyInfo, { force: true });
  }
  const outputs: Output[] = [];
  const renditions: HlsPackageResult['renditions'] = [];
  for (const r of ladder) {
    const dir = path.join(root, r.name);
    const playlist = await fsp.readFile(path.join(dir, 'index.m3u8'), 'utf8');
    const segs = parseSegments(playlist);
    if (!segs.length) throw new MediaError('The video could not be packaged for streaming: no segment came out');
    if (opts.variantSeed) {
      // B must cut exactly where A does (same count, same durations): a viewer's playlist mixes them.
      const b = parseSegments(await fsp.readFile(path.join(dir, `index-${B_SUFFIX}.m3u8`), 'utf8'));
      if (b.length !== segs.length || b.some((s, i) => Math.abs(s.duration - segs[i]!.duration) > 0.05)) {
        throw new MediaError('The video could not be packaged for streaming: its two forensic variants were cut differently');
      }
    }
    let peak = 0;
    let bytes = 0;
    let seconds = 0;
    for (const s of segs) {
      const names = [s.uri, ...(opts.variantSeed ? [s.uri.replace(/\.ts$/, `${B_SUFFIX}.ts`)] : [])];
      let largest = 0;
      for (const name of names) {
        const size = (await fsp.stat(path.join(dir, name))).size;
        largest = Math.max(largest, size);
        outputs.push({ name: `${r.name}/${name.replace(/\.ts$/, '')}`, ext: 'ts', path: path.join(dir, name), contentType: 'video/mp2t' });
      }
      bytes += largest;
      seconds += s.duration;
      peak = Math.max(peak, Math.ceil((largest * 8) / Math.max(s.duration, 0.5)));
    }
    outputs.push({ name: `${r.name}/index`, ext: 'm3u8', path: path.join(dir, 'index.m3u8'), contentType: 'application/vnd.apple.mpegurl' });
    renditions.push({ name: r.name, width: r.width, height: r.height, bandwidth: peak, averageBandwidth: Math.ceil((bytes * 8) / Math.max(seconds, 0.5)), segments: segs.length });
  }
  const master = path.join(root, 'master.m3u8');
  await fsp.writeFile(master, masterPlaylist(renditions, (name) => `${name}/index.m3u8`));
  outputs.push({ name: 'master', ext: 'm3u8', path: master, contentType: 'application/vnd.apple.mpegurl' });
  return { outputs, renditions, seconds: (Date.now() - started) / 1000 };
}

/** The master playlist of `renditions`, each variant's URI given by `uri(name)`. */
export function masterPlaylist(renditions: Array<{ name: string; width: number; height: number; bandwidth: number; averageBandwidth: number }>, uri: (name: string) => string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},NAME="${r.name}"`, uri(r.name));
  }
  return `${lines.join('\n')}\n`;
}

/** Segment URIs and durations of a media playlist. */
export function parseSegments(playlist: string): Array<{ uri: string; duration: number }> {
  const out: Array<{ uri: string; duration: number }> = [];
  let duration = 0;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) out.push({ uri: line, duration });
  }
  return out;
}
