import crypto from 'node:crypto';
import sharp from 'sharp';
import { runTool, type MediaTools } from '../media/media.processing';
import { VARIANT_BITS, variantPattern } from '../media/hls.variants';
import { hashPixels, HASH_SIZE } from '../media/screening.hash';
import { decodeBits, PAYLOAD_BITS, type DecodeResult, type ForensicKey } from './forensic';

/**
 * Reading a leaked video clip (README.md "The video tracer"). Pure: ffmpeg decodes, the rest is
 * arithmetic on small greyscale frames.
 *
 * 1. Both the clip and the item's clean MP4 are decoded at ANALYSIS_FPS frames a second, scaled
 *    to ANALYSIS_WIDTH (the pattern is low-frequency: nothing of it is lost there).
 * 2. Time: the clip's first minute (16×9 thumbnails, mean removed) is slid along the reference;
 *    the offset with the highest normalised correlation wins (≥ MIN_ALIGNMENT, else it is not
 *    this video).
 * 3. Per clip frame, well inside a segment (≥ EDGE_SECONDS from a cut) and matching the reference
 *    at its time clearly better than any other moment within 3 s (a frozen or repeated frame would
 *    carry another segment's variant): d = clip − reference
 *    (the reference with the burned-in mark drawn as the packager drew it, and the frame's mean
 *    difference removed) is projected on the file's pattern P: ≈ +amplitude for variant A,
 *    −amplitude for B. Per segment the mean of its frames.
 * 4. Noise: the same projection on DECOYS independent patterns (made orthogonal to P) gives the
 *    noise of a segment's mean, plus a floor for what decoys cannot see (the encoder's systematic
 *    residue; measured ≤ 0.1 level on unmarked copies). Bit b = Σ of the segments j ≡ b (mod 48);
 *    z = sum / (σ·√n). Then the image mark's rule (forensic.ts decodeBits): check bits and
 *    confidence.
 */

export const ANALYSIS_FPS = 10;
export const ANALYSIS_WIDTH = 192;
/** Frames this close to a segment cut are not read (the clip's timing is known to ~1/ANALYSIS_FPS). */
export const EDGE_SECONDS = 0.25;
/** The clip's first frames used to find its time in the reference (60 s), every ALIGN_STRIDE-th. */
const ALIGN_FRAMES = 600;
const ALIGN_STRIDE = 2;
/** Normalised correlation of the thumbnails needed to call the clip this video. */
export const MIN_ALIGNMENT = 0.8;
/** Independent patterns measuring the noise. */
const DECOYS = 6;
/** A segment mean's noise floor (grey levels): unmarked re-encoded copies read ≤ 0.1. */
const NOISE_FLOOR = 0.25;
/** Pixels whose difference exceeds this are not used (occlusions, an overlay the leaker added). */
const OUTLIER = 40;
/** A clip frame is checked against the reference this far around its time (s) … */
const FRAME_CHECK_SECONDS = 3;
/** … and skipped when it matches elsewhere much better: SSD here > 2 × the best + this (grey levels² over the 144 cells, i.e. ~1 level each). */
const FRAME_CHECK_FLOOR = 144;
/** A segment is read only when at least this share of its frames (away from the cuts) was usable. */
const MIN_SEGMENT_COVER = 0.6;
/** At most this much of a clip is read (seconds): 48 segments of 4 s need ~3.3 minutes. */
export const MAX_CLIP_SECONDS = 360;

export interface Frames { w: number; h: number; frames: Uint8Array[] }

export const analysisSize = (width: number, height: number) => ({ w: ANALYSIS_WIDTH, h: Math.max(8, Math.round((ANALYSIS_WIDTH * height) / width / 2) * 2) });

/** Decodes a video to greyscale frames at ANALYSIS_FPS and w×h (from `start` for `duration` seconds when given). */
export async function decodeFrames(tools: MediaTools, file: string, size: { w: number; h: number }, o: { start?: number; duration?: number; fps?: number; signal?: AbortSignal } = {}): Promise<Frames> {
  const fps = o.fps ?? ANALYSIS_FPS;
  const frameBytes = size.w * size.h;
  const out = await runToolRaw(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-v', 'error', '-protocol_whitelist', 'file',
      ...(o.start && o.start > 0 ? ['-ss', o.start.toFixed(3)] : []), '-i', file, ...(o.duration ? ['-t', o.duration.toFixed(3)] : []),
      '-map', '0:v:0', '-an', '-sn', '-dn', '-vf', `fps=${fps},scale=${size.w}:${size.h}:flags=area,format=gray`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
    ],
    o.signal,
  );
  const frames: Uint8Array[] = [];
  for (let p = 0; p + frameBytes <= out.length; p += frameBytes) frames.push(new Uint8Array(out.buffer, out.byteOffset + p, frameBytes));
  return { ...size, frames };
}

/** The perceptual hash (media/screening.hash.ts) of an analysis frame: squeezed to 32×32 by area. */
export function frameHash(px: Uint8Array, w: number, h: number): string | null {
  const out = new Float64Array(HASH_SIZE * HASH_SIZE);
  const n = new Float64Array(HASH_SIZE * HASH_SIZE);
  for (let y = 0; y < h; y++) {
    const row = Math.min(HASH_SIZE - 1, Math.floor((y * HASH_SIZE) / h)) * HASH_SIZE;
    for (let x = 0; x < w; x++) {
      const i = row + Math.min(HASH_SIZE - 1, Math.floor((x * HASH_SIZE) / w));
      out[i]! += px[y * w + x]!;
      n[i]!++;
    }
  }
  return hashPixels(Uint8Array.from(out, (v, i) => Math.round(v / Math.max(1, n[i]!))));
}

/** The reference of a packaged video: its clean MP4, the pattern's seed, the segment cuts and the burned-in mark. */
export interface VideoReference {
  mp4: string;
  width: number;
  height: number;
  seed: Buffer;
  /** Segment durations (seconds), in order (the stored playlist's). */
  durations: number[];
  burnIn?: { png: Buffer; left: number; top: number } | null;
}

export interface VideoLeakRead extends Omit<DecodeResult, 'blocksUsed'> {
  /** Where the clip starts in the video (seconds). */
  offset: number;
  /** How well the clip's frames match the video there (normalised correlation). */
  alignment: number;
  /** Segments read, and distinct payload bits among them (48 are needed). */
  segments: number;
  bitsRead: number;
}

/**
 * Reads a clip (decoded frames) against a packaged video. `hint`: where the clip probably starts
 * (the frame hashes' vote), so only a window of the reference is decoded. Null when the clip is not
 * this video (the alignment is too weak).
 */
export async function readVideoLeak(tools: MediaTools, clip: Frames, ref: VideoReference, key: ForensicKey, o: { hint?: number | null; signal?: AbortSignal } = {}): Promise<VideoLeakRead | null> {
  const { w, h } = clip;
  const total = ref.durations.reduce((a, b) => a + b, 0);
  const clipSeconds = clip.frames.length / ANALYSIS_FPS;
  // The window of the reference to decode: around the hint, or all of it.
  const slack = 20;
  const start = o.hint == null ? 0 : Math.max(0, Math.floor(o.hint - slack));
  const duration = o.hint == null ? undefined : clipSeconds + 2 * slack;
  const reference = await decodeFrames(tools, ref.mp4, { w, h }, { start, duration, signal: o.signal });
  if (!reference.frames.length || !clip.frames.length) return null;
  const found = alignTime(clip.frames, reference.frames, w, h);
  if (!found || found.score < MIN_ALIGNMENT) return found ? { ...empty(key), offset: start + found.offset / ANALYSIS_FPS, alignment: found.score } : null;

  // The reference as it was packaged: the burned-in mark drawn on it.
  const mark = ref.burnIn ? await markAtAnalysisSize(ref.burnIn, ref.width, ref.height, w, h) : null;
  const pattern = downscale(variantPattern(ref.seed, ref.width, ref.height), ref.width, ref.height, w, h);
  const decoys = Array.from({ length: DECOYS }, (_, k) => {
    const d = downscale(variantPattern(crypto.createHmac('sha256', ref.seed).update(`decoy ${k}`).digest(), ref.width, ref.height), ref.width, ref.height, w, h);
    return orthogonalTo(d, pattern);
  });
  const norms = [pattern, ...decoys].map((p) => p.reduce((a, v) => a + v * v, 0));
  // Segment cuts.
  const cuts = [0];
  for (const d of ref.durations) cuts.push(cuts.at(-1)! + d);
  const segOf = (t: number) => {
    let lo = 0, hi = ref.durations.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cuts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const sums = new Map<number, { n: number; s: Float64Array }>();
  const diff = new Float32Array(w * h);
  const refThumbs = reference.frames.map((f) => thumbOf(f, w, h));
  const ssd = (a: Float64Array, b: Float64Array) => a.reduce((acc, v, i) => acc + (v - b[i]!) ** 2, 0);
  const use = new Uint8Array(w * h);
  for (let i = 0; i < clip.frames.length; i++) {
    const r = found.offset + i;
    if (r >= reference.frames.length) break;
    const t = start + r / ANALYSIS_FPS;
    if (t >= total) break;
    const j = segOf(t);
    if (t - cuts[j]! < EDGE_SECONDS || cuts[j + 1]! - t < EDGE_SECONDS) continue;
    const l = clip.frames[i]!, s = reference.frames[r]!;
    // A clip frame that is not the reference's frame at that time (a frozen or repeated frame, a
    // cut-in, a seek's filler) would read the variant of another moment: it must match here
    // clearly better than anywhere within ±FRAME_CHECK_SECONDS, else it is skipped.
    const lt = thumbOf(l, w, h);
    const here = ssd(lt, refThumbs[r]!);
    let best = here;
    const span = FRAME_CHECK_SECONDS * ANALYSIS_FPS;
    for (let k = Math.max(0, r - span); k <= Math.min(refThumbs.length - 1, r + span); k++) if (Math.abs(k - r) > 1) best = Math.min(best, ssd(lt, refThumbs[k]!));
    if (here > 2 * best + FRAME_CHECK_FLOOR) continue;
    let mean = 0, used = 0;
    for (let q = 0; q < l.length; q++) {
      const base = mark ? s[q]! * (1 - mark.alpha[q]!) + mark.luma[q]! * mark.alpha[q]! : s[q]!;
      const d = l[q]! - base;
      if (d > OUTLIER || d < -OUTLIER) { use[q] = 0; continue; }
      use[q] = 1;
      diff[q] = d;
      mean += d;
      used++;
    }
    if (used < l.length / 2) continue;
    mean /= used;
    const entry = sums.get(j) ?? { n: 0, s: new Float64Array(1 + DECOYS) };
    [pattern, ...decoys].forEach((p, k) => {
      let c = 0;
      for (let q = 0; q < l.length; q++) if (use[q]) c += (diff[q]! - mean) * p[q]!;
      entry.s[k]! += c / norms[k]!;
    });
    entry.n++;
    sums.set(j, entry);
  }
  // Segments the clip covers only in part (its first and last, a stretch of skipped frames) are not
  // read: a few frames at a cut are where a re-encode's seek filler and glitches sit.
  for (const [j, e] of sums) {
    const interior = Math.max(1, (ref.durations[j]! - 2 * EDGE_SECONDS) * ANALYSIS_FPS);
    if (e.n < MIN_SEGMENT_COVER * interior) sums.delete(j);
  }
  // The noise of one segment's mean, from the decoys (they carry no mark), and the floor.
  let nullSq = 0, nullN = 0;
  for (const e of sums.values()) for (let k = 1; k <= DECOYS; k++) { nullSq += (e.s[k]! / e.n) ** 2; nullN++; }
  const sigma = Math.sqrt((nullN ? nullSq / nullN : 0) + NOISE_FLOOR ** 2);
  const bitSum = new Float64Array(PAYLOAD_BITS);
  const bitN = new Float64Array(PAYLOAD_BITS);
  for (const [j, e] of sums) {
    bitSum[j % VARIANT_BITS]! += e.s[0]! / e.n;
    bitN[j % VARIANT_BITS]!++;
  }
  const z = new Float64Array(PAYLOAD_BITS);
  let bitsRead = 0;
  for (let b = 0; b < PAYLOAD_BITS; b++) {
    if (!bitN[b]) continue;
    bitsRead++;
    z[b] = bitSum[b]! / (sigma * Math.sqrt(bitN[b]!));
  }
  return { ...decodeBits(z, key), offset: start + found.offset / ANALYSIS_FPS, alignment: found.score, segments: sums.size, bitsRead };
}

const empty = (key: ForensicKey) => ({ ...decodeBits(new Float64Array(PAYLOAD_BITS), key), segments: 0, bitsRead: 0 });

/** A frame's 16×9 thumbnail (mean grey level per cell), its overall mean removed. */
export function thumbOf(f: Uint8Array, w: number, h: number): Float64Array {
  const o = new Float64Array(16 * 9);
  const n = new Float64Array(16 * 9);
  for (let y = 0; y < h; y++) {
    const row = Math.min(8, Math.floor((y * 9) / h)) * 16;
    for (let x = 0; x < w; x++) {
      o[row + Math.min(15, Math.floor((x * 16) / w))]! += f[y * w + x]!;
      n[row + Math.min(15, Math.floor((x * 16) / w))]!++;
    }
  }
  let m = 0;
  for (let i = 0; i < o.length; i++) m += (o[i]! /= Math.max(1, n[i]!));
  m /= o.length;
  for (let i = 0; i < o.length; i++) o[i]! -= m;
  return o;
}

/** The offset (in reference frames) where the clip's first frames match best, and the normalised correlation there. */
export function alignTime(clip: Uint8Array[], ref: Uint8Array[], w: number, h: number): { offset: number; score: number } | null {
  const thumb = (f: Uint8Array) => thumbOf(f, w, h);
  // A clip longer than the reference window is matched on what fits (a clip past the video's end).
  const m = Math.min(clip.length, ALIGN_FRAMES, ref.length);
  if (!m) return null;
  const ct = clip.slice(0, m).map(thumb);
  const rt = ref.map(thumb);
  const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);
  let cNorm = 0;
  for (let i = 0; i < m; i += ALIGN_STRIDE) cNorm += dot(ct[i]!, ct[i]!);
  const rSelf = rt.map((t) => dot(t, t));
  let best = { offset: 0, score: -Infinity };
  for (let k = 0; k + m <= rt.length; k++) {
    let c = 0, r = 0;
    for (let i = 0; i < m; i += ALIGN_STRIDE) {
      c += dot(ct[i]!, rt[k + i]!);
      r += rSelf[k + i]!;
    }
    const score = c / Math.sqrt(Math.max(1e-9, cNorm * r));
    if (score > best.score) best = { offset: k, score };
  }
  return best;
}

/** Area-average downscale of a w×h float field to tw×th. */
function downscale(p: Float32Array, w: number, h: number, tw: number, th: number): Float32Array {
  const out = new Float32Array(tw * th);
  const n = new Float32Array(tw * th);
  for (let y = 0; y < h; y++) {
    const row = Math.min(th - 1, Math.floor((y * th) / h)) * tw;
    for (let x = 0; x < w; x++) {
      const i = row + Math.min(tw - 1, Math.floor((x * tw) / w));
      out[i]! += p[y * w + x]!;
      n[i]!++;
    }
  }
  for (let i = 0; i < out.length; i++) out[i]! /= Math.max(1, n[i]!);
  return out;
}

/** `d` minus its projection on `p` (a decoy then measures noise only, never the mark). */
function orthogonalTo(d: Float32Array, p: Float32Array): Float32Array {
  let dp = 0, pp = 0;
  for (let i = 0; i < d.length; i++) { dp += d[i]! * p[i]!; pp += p[i]! * p[i]!; }
  const k = pp ? dp / pp : 0;
  return d.map((v, i) => v - k * p[i]!);
}

/** The burned-in mark at the analysis size: its luminance and alpha per pixel. */
async function markAtAnalysisSize(mark: { png: Buffer; left: number; top: number }, W: number, H: number, w: number, h: number): Promise<{ luma: Float32Array; alpha: Float32Array }> {
  const full = await sharp({ create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: mark.png, left: Math.round(mark.left), top: Math.round(mark.top) }])
    .png()
    .toBuffer();
  const { data } = await sharp(full).resize(w, h, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer({ resolveWithObject: true });
  const luma = new Float32Array(w * h);
  const alpha = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const a = data[i * 4 + 3]! / 255;
    alpha[i] = a;
    // sharp's resize premultiplies: the colour here is the colour of the covered part.
    luma[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
  }
  return { luma, alpha };
}

/** runTool for binary output (ffmpeg writing raw frames to stdout). */
function runToolRaw(bin: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  return runTool(bin, args, signal, { binary: true }).then((r) => r.raw!);
}
