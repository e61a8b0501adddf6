import crypto from 'node:crypto';
import { sfc32 } from '../../platform/prng';

/**
 * Forensic A/B segment variants of packaged videos (README.md "Forensic A/B variants"). Every
 * private video is packaged twice from the same source with the same keyframes: variant A with a
 * faint, smooth luminance pattern added (+P), variant B with it subtracted (−P). Segment j of a
 * viewer's playlist is A or B by bit `j mod 48` of the viewer's payload (the protection module's
 * 32-bit viewer code + 16-bit check), so a leaked copy of a few minutes spells the payload out.
 *
 * The pattern is low-frequency (a 16-cell-wide grid of ±1, smoothly interpolated): it survives
 * downscaling and re-encoding at low bitrates, and its ±VARIANT_AMPLITUDE grey levels are below
 * what the eye notices. It is keyed per site and per file (HMAC of APP_SECRET and the file id).
 * Pure code: the packager (hls.package.ts), the delivery (media.hls.ts) and the tracer
 * (modules/protection) share it.
 */

/** Luminance change of the pattern's peaks (8-bit levels; the A−B difference is twice this). */
export const VARIANT_AMPLITUDE = 2;
/** Cells across the frame's width (the pattern's coarseness; height in proportion, at least 4). */
export const VARIANT_CELLS = 16;
/** Bits a viewer's playlist spells, one per segment, repeating (the forensic payload: 32-bit code + 16-bit check). */
export const VARIANT_BITS = 48;
/** Version of the pattern: part of the package's info (a change would need a re-packaging to read old leaks). */
export const VARIANT_VERSION = 1;
/** Suffix of a B segment's file name: `seg-00012.ts` (A) and `seg-00012b.ts` (B). */
export const B_SUFFIX = 'b';

/** The pattern's seed for one file: HMAC-SHA256(APP_SECRET, "stagepass video variant mark v1\n{fileId}"). */
export function variantSeed(secret: string, fileId: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`stagepass video variant mark v${VARIANT_VERSION}\n${fileId}`).digest();
}


/**
 * The smooth ±1 pattern at w×h (row by row): a grid of random ±1 values, VARIANT_CELLS across,
 * interpolated with a smoothstep between grid points (no edges for the encoder to spend bits on).
 */
export function variantPattern(seed: Buffer, w: number, h: number, cells = VARIANT_CELLS): Float32Array {
  const gx = cells, gy = Math.max(4, Math.round((cells * h) / w));
  const next = sfc32(seed);
  for (let i = 0; i < 8; i++) next();
  const g = new Float32Array((gx + 1) * (gy + 1));
  for (let i = 0; i < g.length; i++) g[i] = next() & 1 ? 1 : -1;
  const p = new Float32Array(w * h);
  const s = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < h; y++) {
    const fy = ((y + 0.5) / h) * gy, iy = Math.min(gy - 1, Math.floor(fy)), ty = s(fy - iy);
    for (let x = 0; x < w; x++) {
      const fx = ((x + 0.5) / w) * gx, ix = Math.min(gx - 1, Math.floor(fx)), tx = s(fx - ix);
      const r0 = iy * (gx + 1), r1 = (iy + 1) * (gx + 1);
      const top = g[r0 + ix]! * (1 - tx) + g[r0 + ix + 1]! * tx;
      const bottom = g[r1 + ix]! * (1 - tx) + g[r1 + ix + 1]! * tx;
      p[y * w + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return p;
}

/**
 * The pattern as two yuv420p frames for ffmpeg's blend filter: `plus` holds the positive part of
 * amplitude·P, `minus` the negative part, chroma 0 (so blending by addition/subtraction leaves
 * colour alone). Variant A = frame + plus − minus; B = frame + minus − plus.
 */
export function variantFrames(pattern: Float32Array, w: number, h: number, amplitude = VARIANT_AMPLITUDE): { plus: Buffer; minus: Buffer } {
  const size = w * h + 2 * Math.ceil(w / 2) * Math.ceil(h / 2);
  const plus = Buffer.alloc(size);
  const minus = Buffer.alloc(size);
  for (let i = 0; i < w * h; i++) {
    const v = Math.round(amplitude * pattern[i]!);
    if (v > 0) plus[i] = v;
    else if (v < 0) minus[i] = -v;
  }
  return { plus, minus };
}

/** Which variant of segment `j` a viewer with these payload bits gets (null bits: A for everyone). */
export function variantOf(bits: Uint8Array | null, j: number): 'a' | 'b' {
  if (!bits) return 'a';
  return bits[j % VARIANT_BITS] === 1 ? 'a' : 'b';
}

/** The B twin of a stored segment name (`seg-00012.ts` → `seg-00012b.ts`). */
export const bSegmentName = (name: string) => name.replace(/\.ts$/, `${B_SUFFIX}.ts`);
