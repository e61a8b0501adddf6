import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runTool, type MediaTools } from './media.processing';

/**
 * Perceptual hashes for upload screening (README.md "Upload screening"). A 64-bit DCT hash:
 * the picture is flattened on white, made greyscale and squeezed to 32×32 (this throws away
 * size, encoding and colour), a 2-D DCT-II is taken, and the 8×8 lowest frequencies (the DC
 * term always above: it is the brightness) are compared with the median of the 63 others —
 * one bit each. Re-encoding, resizing and format changes
 * move few of those coarse frequencies across the median; different pictures differ in about
 * half the bits. Hashes are 16 lower-case hex digits.
 */

export const HASH_SIZE = 32;
const LOW = 8;
/** Two hashes at most this many bits apart are the same picture (justified in the README and the unit test). */
export const MATCH_THRESHOLD = 8;
/** Key frames of a video: one every this many seconds… */
export const FRAME_EVERY_SECONDS = 2;
/** …at most this many (the first 2 minutes of a long video are screened). */
export const MAX_FRAMES = 60;

/**
 * Below this, no low frequency carries structure: the unnormalised DCT of a cosine pattern of
 * amplitude A grey levels over the 32×32 pixels is about 256·A, so this is a ripple of 2 grey
 * levels — the picture is plain (a photo's strongest low frequencies are in the thousands).
 */
const FLAT_LIMIT = 2 * 256;
const HEX_RE = /^[0-9a-f]{16}$/;
export const isHash = (s: string): boolean => HEX_RE.test(s);

// cos((2x+1)uπ/2N) for x, u < N: computed once.
const COS: Float64Array[] = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: HASH_SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIZE))),
);

/** The hash of 32×32 greyscale pixels (row by row, one byte each); null for a plain picture. */
export function hashPixels(px: Uint8Array): string | null {
  if (px.length !== HASH_SIZE * HASH_SIZE) throw new Error(`hashPixels: expected ${HASH_SIZE * HASH_SIZE} pixels`);
  // Rows first (only the LOW frequencies are needed), then columns.
  const rows = new Float64Array(HASH_SIZE * LOW);
  for (let y = 0; y < HASH_SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      const c = COS[u]!;
      for (let x = 0; x < HASH_SIZE; x++) s += px[y * HASH_SIZE + x]! * c[x]!;
      rows[y * LOW + u] = s;
    }
  }
  const coeffs: number[] = [];
  for (let v = 0; v < LOW; v++) {
    const c = COS[v]!;
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let y = 0; y < HASH_SIZE; y++) s += rows[y * LOW + u]! * c[y]!;
      coeffs.push(s);
    }
  }
  // The DC term (average brightness) says nothing about the picture's structure.
  const ac = coeffs.slice(1);
  // A plain picture (one colour, a faint gradient) has no structure to hash: its bits would be noise,
  // and every plain picture would match every other. Such pictures are not screened.
  if (Math.max(...ac.map(Math.abs)) < FLAT_LIMIT) return null;
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let bits = 0n;
  for (let i = 0; i < 64; i++) bits = (bits << 1n) | (coeffs[i]! > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** The hash of an image file or buffer (EXIF orientation applied, transparency flattened on white); null when it is plain. */
export async function imageHash(input: string | Buffer): Promise<string | null> {
  const { data } = await sharp(input, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(HASH_SIZE, HASH_SIZE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return hashPixels(new Uint8Array(data.buffer, data.byteOffset, HASH_SIZE * HASH_SIZE));
}

/** Bits that differ between two hashes (0–64). */
export function distance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The four 16-bit bands of a hash (multi-index lookup: README.md "Upload screening"). */
export function bands(hash: string): [number, number, number, number] {
  return [0, 4, 8, 12].map((i) => parseInt(hash.slice(i, i + 4), 16)) as [number, number, number, number];
}

/**
 * Key frames of a video, hashed: one frame every FRAME_EVERY_SECONDS (the first at 0 s), at
 * most MAX_FRAMES, each scaled to 64×64 by ffmpeg and hashed like an image. Duplicates (a still
 * scene) are kept once. `keepFirst`: where to copy the first frame (for the external classifier).
 */
export async function videoFrameHashes(tools: MediaTools, src: string, workDir: string, opts: { demuxer?: string; signal?: AbortSignal; keepFirst?: string } = {}): Promise<string[]> {
  const dir = await fsp.mkdtemp(path.join(workDir, 'frames-'));
  try {
    await runTool(
      tools.ffmpeg,
      [
        '-hide_banner', '-nostdin', '-y', '-v', 'error', '-protocol_whitelist', 'file', ...(opts.demuxer ? ['-f', opts.demuxer] : []), '-i', src,
        '-map', '0:v:0', '-an', '-sn', '-dn', '-vf', `fps=1/${FRAME_EVERY_SECONDS},scale=64:64`, '-frames:v', String(MAX_FRAMES), path.join(dir, 'f%03d.png'),
      ],
      opts.signal,
    );
    const names = (await fsp.readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    if (opts.keepFirst && names[0]) await fsp.copyFile(path.join(dir, names[0]), opts.keepFirst);
    const out: string[] = [];
    for (const n of names) {
      const h = await imageHash(path.join(dir, n));
      if (h && !out.includes(h)) out.push(h);
    }
    return out;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
