import sharp from 'sharp';
import { luminance } from './forensic';

/**
 * Aligning a leaked copy onto the clean rendition it came from (README.md "The tracer"): a leak
 * may be re-compressed, resized, cropped or re-rendered; the forensic decoder needs it pixel for
 * pixel on the rendition's grid.
 *
 * 1. Coarse: both at 128 px wide; every crop ratio from 100 % down to 70 % of the width (1 %
 *    steps), every position — the best normalised cross-correlation (NCC) gives scale and offset.
 * 2. Fine: 5×5 patches of the rendition are matched in the leak (NCC over a search window), at
 *    a quarter of the resolution first, then at full resolution, then to a quarter pixel; a
 *    least-squares fit per axis (leak x = ax·X + bx, leak y = ay·Y + by) over the patches that
 *    matched well replaces the estimate. Per-axis scales also absorb a slightly different aspect.
 * 3. The leak is resampled (bilinear) onto the rendition's grid; pixels it does not cover are NaN.
 */

export interface Gray { w: number; h: number; px: Float32Array }
/** Rendition coordinates → leak coordinates. */
export interface Mapping { ax: number; bx: number; ay: number; by: number }
export interface Alignment { map: Mapping; score: number }

/** Decodes an image (EXIF rotation applied, transparency on white) to its luminance. */
export async function grayOf(input: Buffer | string): Promise<Gray> {
  const { data, info } = await sharp(input, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { w: info.width, h: info.height, px: luminance(data, info.width, info.height, info.channels) };
}

async function resized(g: Gray, w: number, h: number): Promise<Gray> {
  const u8 = Buffer.alloc(g.w * g.h);
  for (let i = 0; i < u8.length; i++) u8[i] = Math.max(0, Math.min(255, Math.round(g.px[i]!)));
  const out = await sharp(u8, { raw: { width: g.w, height: g.h, channels: 1 } }).resize(w, h, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  const px = new Float32Array(w * h);
  for (let i = 0; i < px.length; i++) px[i] = out[i]!;
  return { w, h, px };
}

function bilinear(g: Gray, x: number, y: number): number {
  if (x < 0 || y < 0 || x > g.w - 1 || y > g.h - 1) return NaN;
  const x0 = Math.min(Math.floor(x), g.w - 2), y0 = Math.min(Math.floor(y), g.h - 2);
  const fx = x - x0, fy = y - y0;
  const i = y0 * g.w + x0;
  const p = g.px;
  if (g.w < 2 || g.h < 2) return p[0]!;
  return (p[i]! * (1 - fx) + p[i + 1]! * fx) * (1 - fy) + (p[i + g.w]! * (1 - fx) + p[i + g.w + 1]! * fx) * fy;
}

/** NCC of two equally long sample lists (NaN entries skipped); 0 for flat samples. */
function ncc(a: Float32Array, b: Float32Array, n: number): number {
  let sa = 0, sb = 0, m = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(b[i]!)) continue;
    sa += a[i]!; sb += b[i]!; m++;
  }
  if (m < n * 0.8) return -1;
  const ma = sa / m, mb = sb / m;
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(b[i]!)) continue;
    const x = a[i]! - ma, y = b[i]! - mb;
    ab += x * y; aa += x * x; bb += y * y;
  }
  return aa > 1e-6 && bb > 1e-6 ? ab / Math.sqrt(aa * bb) : 0;
}

/** Coarse search: the best crop ratio and position at 128 px. */
async function coarse(ref: Gray, leak: Gray): Promise<Alignment | null> {
  const CW = 128;
  const f = CW / ref.w;
  const rc = await resized(ref, CW, Math.max(8, Math.round(ref.h * f)));
  const small = leak.w > 512 ? await resized(leak, 512, Math.max(8, Math.round((leak.h * 512) / leak.w))) : leak;
  let best: { score: number; r: number; ox: number; oy: number; tw: number; th: number } | null = null;
  for (let pct = 100; pct >= 70; pct--) {
    const tw = Math.round((CW * pct) / 100);
    const th = Math.round((tw * leak.h) / leak.w);
    if (th > rc.h + 1 || th < rc.h * 0.6 || tw < 8 || th < 8) continue;
    const t = await resized(small, tw, Math.min(th, rc.h));
    const n = t.w * t.h;
    let tm = 0;
    for (let i = 0; i < n; i++) tm += t.px[i]!;
    tm /= n;
    let tt = 0;
    const tc = new Float32Array(n);
    for (let i = 0; i < n; i++) { tc[i] = t.px[i]! - tm; tt += tc[i]! ** 2; }
    if (tt < 1e-6) continue;
    for (let oy = 0; oy <= rc.h - t.h; oy++) {
      for (let ox = 0; ox <= rc.w - t.w; ox++) {
        let s = 0, s2 = 0, st = 0;
        for (let y = 0; y < t.h; y++) {
          const row = (oy + y) * rc.w + ox;
          const trow = y * t.w;
          for (let x = 0; x < t.w; x++) {
            const v = rc.px[row + x]!;
            s += v; s2 += v * v; st += v * tc[trow + x]!;
          }
        }
        const vv = s2 - (s * s) / n;
        const score = vv > 1e-6 ? st / Math.sqrt(vv * tt) : 0;
        if (!best || score > best.score) best = { score, r: pct / 100, ox, oy, tw: t.w, th: t.h };
      }
    }
  }
  if (!best) return null;
  // Rendition px → leak px: the template (tw×th coarse px = tw/f rendition px) is the whole leak.
  const ax = leak.w / (best.tw / f), ay = leak.h / (best.th / f);
  return { score: best.score, map: { ax, bx: -ax * (best.ox / f), ay, by: -ay * (best.oy / f) } };
}

/**
 * Refines a mapping with patches: each patch of `ref` (at scale `sr` of the rendition) is looked
 * for in `leak` (at scale `sl` of the full leak) within ±radius leak px (full-leak units), in `step`s.
 */
function refine(ref: Gray, sr: number, leak: Gray, sl: number, full: { w: number; h: number }, map: Mapping, radius: number, step: number, patch: number): Alignment {
  const pairsX: Array<[number, number]> = [];
  const pairsY: Array<[number, number]> = [];
  let scoreSum = 0;
  const half = patch / 2;
  const a = new Float32Array(patch * patch);
  const b = new Float32Array(patch * patch);
  // The part of the rendition the leak covers (rendition px).
  const x0 = Math.max(0, -map.bx / map.ax), x1 = Math.min(ref.w / sr, (full.w - map.bx) / map.ax);
  const y0 = Math.max(0, -map.by / map.ay), y1 = Math.min(ref.h / sr, (full.h - map.by) / map.ay);
  for (let gy = 0; gy < 5; gy++) {
    for (let gx = 0; gx < 5; gx++) {
      // Patch centre in rendition px, kept away from the covered area's edges.
      const cx = x0 + ((x1 - x0) * (gx + 1)) / 6, cy = y0 + ((y1 - y0) * (gy + 1)) / 6;
      const pcx = cx * sr, pcy = cy * sr;
      if (pcx - half < 0 || pcy - half < 0 || pcx + half > ref.w - 1 || pcy + half > ref.h - 1) continue;
      let k = 0;
      let mean = 0;
      for (let j = 0; j < patch; j++) for (let i = 0; i < patch; i++) { a[k] = bilinear(ref, pcx - half + i, pcy - half + j); mean += a[k]!; k++; }
      mean /= k;
      let varA = 0;
      for (let i = 0; i < k; i++) varA += (a[i]! - mean) ** 2;
      if (varA / k < 4) continue; // flat: nothing to match
      let best = -2, bdx = 0, bdy = 0;
      for (let dy = -radius; dy <= radius + 1e-9; dy += step) {
        for (let dx = -radius; dx <= radius + 1e-9; dx += step) {
          k = 0;
          for (let j = 0; j < patch; j++) {
            const Y = (pcy - half + j) / sr;
            const ly = (map.ay * Y + map.by + dy) * sl;
            for (let i = 0; i < patch; i++) {
              const X = (pcx - half + i) / sr;
              b[k++] = bilinear(leak, (map.ax * X + map.bx + dx) * sl, ly);
            }
          }
          const s = ncc(a, b, k);
          if (s > best) { best = s; bdx = dx; bdy = dy; }
        }
      }
      if (best < 0.5) continue;
      scoreSum += best;
      pairsX.push([cx, map.ax * cx + map.bx + bdx]);
      pairsY.push([cy, map.ay * cy + map.by + bdy]);
    }
  }
  if (pairsX.length < 3) return { map, score: 0 };
  const fit = (pairs: Array<[number, number]>, fallback: [number, number]): [number, number] => {
    const n = pairs.length;
    let sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const [x, y] of pairs) { sx += x; sy += y; sxx += x * x; sxy += x * y; }
    const den = n * sxx - sx * sx;
    if (Math.abs(den) < 1e-6) return [fallback[0], (sy - fallback[0] * sx) / n];
    const slope = (n * sxy - sx * sy) / den;
    return [slope, (sy - slope * sx) / n];
  };
  const [ax, bx] = fit(pairsX, [map.ax, map.bx]);
  const [ay, by] = fit(pairsY, [map.ay, map.by]);
  return { map: { ax, bx, ay, by }, score: scoreSum / pairsX.length };
}

/** Finds where `leak` sits on `ref` (the clean rendition); null when it does not resemble it. */
export async function align(ref: Gray, leak: Gray): Promise<Alignment | null> {
  const c = await coarse(ref, leak);
  if (!c || c.score < 0.6) return null;
  const q = 0.25;
  const refQ = await resized(ref, Math.max(8, Math.round(ref.w * q)), Math.max(8, Math.round(ref.h * q)));
  const sq = refQ.w / ref.w;
  const leakQ = await resized(leak, Math.max(8, Math.round(leak.w * sq)), Math.max(8, Math.round(leak.h * sq)));
  const slq = leakQ.w / leak.w;
  // Coarse precision is about one 128-px pixel (+1 % of scale): search ±(that) in leak px.
  const radius = Math.ceil((ref.w / 128) * c.map.ax * 1.5 + 0.01 * leak.w * 0.5);
  let a = refine(refQ, sq, leakQ, slq, leak, c.map, radius, Math.max(1, Math.round(1 / slq)), 24);
  if (!a.score) a = { map: c.map, score: c.score };
  a = refine(ref, 1, leak, 1, leak, a.map, 3, 1, 32);
  const b = refine(ref, 1, leak, 1, leak, a.map, 1, 0.25, 40);
  return b.score ? b : a.score ? a : { map: c.map, score: c.score };
}

/** The leak resampled onto the rendition's grid (w×h); NaN where it does not cover it. */
export function warp(leak: Gray, map: Mapping, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ly = map.ay * y + map.by;
    for (let x = 0; x < w; x++) out[y * w + x] = bilinear(leak, map.ax * x + map.bx, ly);
  }
  return out;
}

/**
 * The reference as the leak would show it unmarked: for a leak smaller than the rendition, the
 * clean rendition is scaled down to the leak's scale (sharp's default kernel, like most tools) and
 * resampled back like the leak; otherwise the clean rendition itself.
 */
export async function degradedReference(ref: Gray, map: Mapping): Promise<Float32Array> {
  if (Math.min(map.ax, map.ay) >= 0.95) return ref.px;
  const w = Math.max(8, Math.round(ref.w * map.ax)), h = Math.max(8, Math.round(ref.h * map.ay));
  const small = await resized(ref, w, h);
  const sx = w / ref.w, sy = h / ref.h;
  const out = warp(small, { ax: sx, bx: 0.5 * sx - 0.5, ay: sy, by: 0.5 * sy - 0.5 }, ref.w, ref.h);
  for (let i = 0; i < out.length; i++) if (Number.isNaN(out[i]!)) out[i] = ref.px[i]!;
  return out;
}
