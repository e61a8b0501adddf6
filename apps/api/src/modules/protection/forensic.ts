import crypto from 'node:crypto';
import { sfc32 } from '../../platform/prng';

/**
 * The forensic (invisible) image mark — README.md "Forensic mark". Pure TypeScript over raw pixels.
 *
 * Payload: 48 bits = the viewer's 32-bit code + a 16-bit check (HMAC of the code with the site key),
 * so a decode of noise (an unmarked picture, another site's key) almost never yields a valid payload.
 *
 * Embedding: the luminance is cut into 8×8 blocks; in every block, six low-mid DCT coefficients
 * ((0,1) (1,0) (1,1) (1,2) (2,1) (2,2): low enough to survive halving and JPEG) are each assigned, by a PRNG seeded from the site key, to
 * one payload bit and a ±1 chip (spread spectrum: every bit is repeated over thousands of
 * coefficients — the error-correcting repetition). The coefficient is moved by
 * ±STRENGTH·mask (bit 1 → +chip, bit 0 → −chip), mask from the block's texture (flat blocks get
 * less, textured blocks more). Adding an orthonormal DCT basis function to a block is the same as
 * changing that coefficient, so the embedder adds the basis patterns in the pixel domain; the same
 * ΔY goes to R, G and B (luminance changes, chroma does not).
 *
 * Decoding is informed: the tracer knows the item and has its clean rendition. The leak is aligned
 * onto it (register.ts), the difference is projected on the same basis functions, and each bit's
 * correlation sum gives a sign (the bit) and a z-score (how sure). Blocks where the difference is
 * large (a visible watermark, an overlay, an occlusion) are skipped.
 */

export const PAYLOAD_BITS = 48;
const CODE_BITS = 32;
/** Coefficient change per marked coefficient (orthonormal DCT units), before the texture mask. */
export const STRENGTH = 4;
const COEFFS: ReadonlyArray<readonly [number, number]> = [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1], [2, 2]];
const K = COEFFS.length;
/** A block whose difference from the reference exceeds this anywhere is not used (overlay, occlusion). */
const OUTLIER = 40;
/** Per coefficient: the three lowest carry more (they are the ones that survive a halving). */
const WEIGHT = [1.4, 1.4, 1.4, 1, 1, 1];
/**
 * Identified: the 16-bit check matches and the probability that all 48 bits are right (from
 * their z-scores) is at least this. See README "Confidence".
 */
export const CONFIDENCE_THRESHOLD = 0.95;

/** Orthonormal 8×8 DCT basis patterns of the marked coefficients: BASIS[k][y*8+x]. */
const BASIS: Float32Array[] = COEFFS.map(([u, v]) => {
  const b = new Float32Array(64);
  const cu = u === 0 ? Math.SQRT1_2 : 1;
  const cv = v === 0 ? Math.SQRT1_2 : 1;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      b[y * 8 + x] = (2 / 8) * cu * cv * Math.cos(((2 * x + 1) * u * Math.PI) / 16) * Math.cos(((2 * y + 1) * v * Math.PI) / 16);
    }
  }
  return b;
});

/** The key as 32 bytes (the site's forensic key, derived from APP_SECRET by the service). */
export type ForensicKey = Buffer;

export function deriveKey(secret: string): ForensicKey {
  return crypto.createHmac('sha256', secret).update('stagepass forensic image mark v1').digest();
}

/** The 48-bit payload of a viewer code: code (32 bits, high first) + 16-bit check. */
export function payloadBits(code: number, key: ForensicKey): Uint8Array {
  if (!Number.isInteger(code) || code < 0 || code > 0xffffffff) throw new Error('viewer code must be a 32-bit unsigned integer');
  const bits = new Uint8Array(PAYLOAD_BITS);
  for (let i = 0; i < CODE_BITS; i++) bits[i] = (code >>> (CODE_BITS - 1 - i)) & 1;
  const check = checkOf(code, key);
  for (let i = 0; i < 16; i++) bits[CODE_BITS + i] = (check >>> (15 - i)) & 1;
  return bits;
}

function checkOf(code: number, key: ForensicKey): number {
  return crypto.createHmac('sha256', key).update(`check:${code >>> 0}`).digest().readUInt16BE(0);
}


/** For every (block, coefficient): the bit it carries and its chip (packed: bit*2 + (chip>0)). */
function layout(key: ForensicKey, blocks: number): Uint8Array {
  const next = sfc32(key);
  for (let i = 0; i < 16; i++) next();
  const out = new Uint8Array(blocks * K);
  for (let i = 0; i < out.length; i++) {
    const r = next();
    out[i] = ((r % PAYLOAD_BITS) << 1) | ((r >>> 16) & 1);
  }
  return out;
}

/** Luminance (BT.601) of raw interleaved pixels. */
export function luminance(px: Uint8Array | Buffer, w: number, h: number, channels: number): Float32Array {
  const y = new Float32Array(w * h);
  for (let i = 0, p = 0; i < w * h; i++, p += channels) {
    y[i] = channels >= 3 ? 0.299 * px[p]! + 0.587 * px[p + 1]! + 0.114 * px[p + 2]! : px[p]!;
  }
  return y;
}

/** The texture mask of a block: its luminance standard deviation, mapped to [0.6, 1.8]. */
function blockMask(y: Float32Array, w: number, bx: number, by: number): number {
  let s = 0, s2 = 0;
  for (let j = 0; j < 8; j++) {
    const row = (by * 8 + j) * w + bx * 8;
    for (let i = 0; i < 8; i++) {
      const v = y[row + i]!;
      s += v;
      s2 += v * v;
    }
  }
  const sd = Math.sqrt(Math.max(0, s2 / 64 - (s / 64) ** 2));
  return Math.min(1.8, Math.max(0.6, sd / 10));
}

/**
 * The 64 possible sums of the six weighted basis patterns with signs ±1 (bit k of the index set →
 * +): a block's change is one of these times its amplitude, so embedding adds 64 values per block.
 */
const PATTERNS: Float32Array[] = Array.from({ length: 1 << K }, (_, idx) => {
  const p = new Float32Array(64);
  for (let k = 0; k < K; k++) {
    const sign = (idx >> k) & 1 ? 1 : -1;
    for (let i = 0; i < 64; i++) p[i]! += sign * WEIGHT[k]! * BASIS[k]![i]!;
  }
  return p;
});

/**
 * Embeds the viewer code into raw pixels in place (RGB or RGBA, `channels` per pixel; alpha is
 * left alone). Only whole 8×8 blocks are marked (a right/bottom edge under 8 px is not).
 */
export function embed(px: Uint8Array | Buffer, w: number, h: number, channels: number, code: number, key: ForensicKey): void {
  const bits = payloadBits(code, key);
  const bw = Math.floor(w / 8), bh = Math.floor(h / 8);
  const lay = layout(key, bw * bh);
  const colours = Math.min(3, channels);
  const grey = channels < 3;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const b = by * bw + bx;
      // The block's texture mask (as blockMask computes it on the luminance).
      let s = 0, s2 = 0;
      for (let j = 0; j < 8; j++) {
        let p = ((by * 8 + j) * w + bx * 8) * channels;
        for (let i = 0; i < 8; i++, p += channels) {
          const v = grey ? px[p]! : 0.299 * px[p]! + 0.587 * px[p + 1]! + 0.114 * px[p + 2]!;
          s += v;
          s2 += v * v;
        }
      }
      const sd = Math.sqrt(Math.max(0, s2 / 64 - (s / 64) ** 2));
      const amp = STRENGTH * Math.min(1.8, Math.max(0.6, sd / 10));
      let idx = 0;
      for (let k = 0; k < K; k++) {
        const l = lay[b * K + k]!;
        if (((l & 1) === 1) === (bits[l >> 1] === 1)) idx |= 1 << k;
      }
      const pattern = PATTERNS[idx]!;
      for (let j = 0; j < 8; j++) {
        let p = ((by * 8 + j) * w + bx * 8) * channels;
        for (let i = 0; i < 8; i++, p += channels) {
          const d = amp * pattern[j * 8 + i]!;
          for (let c = 0; c < colours; c++) {
            const v = px[p + c]! + d + 0.5;
            px[p + c] = v < 0 ? 0 : v > 255 ? 255 : v | 0;
          }
        }
      }
    }
  }
}

export interface DecodeResult {
  /** The decoded 32-bit code (whatever the check says). */
  code: number;
  /** The 16-bit check matches the code under this key. */
  checkValid: boolean;
  /** |z| of the weakest bit (how sure the least sure bit is). */
  minZ: number;
  /** Probability that every one of the 48 bits is right, from the bits' z-scores (normal tails). */
  confidence: number;
  /** Identified: check valid and confidence at least CONFIDENCE_THRESHOLD. */
  identified: boolean;
  /** Blocks that took part (not outside the leak, not outliers). */
  blocksUsed: number;
}

/**
 * Decodes the code from a leak aligned onto the reference (`aligned` luminance at the reference's
 * size, NaN where the leak does not cover it) and the reference's luminance — the clean rendition,
 * or (for a smaller leak) the clean rendition put through the same down- and up-sampling, so the
 * detail the leak lost is not mistaken for noise. `clean`: the clean rendition (the texture mask).
 * `scale`: the leak's size relative to the rendition (alignment).
 */
export function decode(aligned: Float32Array, reference: Float32Array, w: number, h: number, key: ForensicKey, clean: Float32Array = reference, scale = 1): DecodeResult {
  // A leak at under 3/4 of the rendition's size kept little of the coefficients with a whole cycle
  // per block: only the three lowest are read (the others would add noise, not signal).
  const readK = scale < 0.75 ? 3 : K;
  const bw = Math.floor(w / 8), bh = Math.floor(h / 8);
  const lay = layout(key, bw * bh);
  const sum = new Float64Array(PAYLOAD_BITS);
  const sq = new Float64Array(PAYLOAD_BITS);
  const diff = new Float32Array(64);
  let used = 0;
  for (let by = 0; by < bh; by++) {
    blocks: for (let bx = 0; bx < bw; bx++) {
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const idx = (by * 8 + j) * w + bx * 8 + i;
          const a = aligned[idx]!;
          if (Number.isNaN(a)) continue blocks;
          const d = a - reference[idx]!;
          if (d > OUTLIER || d < -OUTLIER) continue blocks;
          diff[j * 8 + i] = d;
        }
      }
      used++;
      const m = blockMask(clean, w, bx, by);
      const b = by * bw + bx;
      for (let k = 0; k < readK; k++) {
        const basis = BASIS[k]!;
        let p = 0;
        for (let i = 0; i < 64; i++) p += diff[i]! * basis[i]!;
        const l = lay[b * K + k]!;
        const v = (l & 1 ? 1 : -1) * p * m;
        sum[l >> 1]! += v;
        sq[l >> 1]! += v * v;
      }
    }
  }
  const z = new Float64Array(PAYLOAD_BITS);
  for (let i = 0; i < PAYLOAD_BITS; i++) z[i] = sq[i]! > 0 ? sum[i]! / Math.sqrt(sq[i]!) : 0;
  const bits = decodeBits(z, key);
  return { ...bits, identified: bits.identified && used > 0, blocksUsed: used };
}

/**
 * The payload from the 48 bits' z-scores (sign = the bit, |z| = how sure), shared by the image
 * mark and the video variants: the code, whether the 16-bit check matches, and the confidence
 * Π P(bit right) = Π (1 − Φ(−|z|)); identified when the check matches and the confidence is at
 * least CONFIDENCE_THRESHOLD. A bit never read has z = 0 (P = ½).
 */
export function decodeBits(z: Float64Array, key: ForensicKey): Omit<DecodeResult, 'blocksUsed'> {
  let code = 0, check = 0, minZ = Infinity, logP = 0;
  for (let i = 0; i < PAYLOAD_BITS; i++) {
    const zi = z[i] ?? 0;
    const bit = zi > 0 ? 1 : 0;
    if (i < CODE_BITS) code = ((code << 1) | bit) >>> 0;
    else check = (check << 1) | bit;
    minZ = Math.min(minZ, Math.abs(zi));
    logP += Math.log1p(-normalTail(Math.abs(zi)));
  }
  const checkValid = check === checkOf(code, key);
  const confidence = Math.exp(logP);
  return { code, checkValid, minZ, confidence, identified: checkValid && confidence >= CONFIDENCE_THRESHOLD };
}

/** P(N(0,1) > z) for z ≥ 0 (Abramowitz–Stegun 7.1.26 on erfc). */
export function normalTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return Math.min(0.5, erfc / 2);
}
