import sharp from 'sharp';
import { patternSvg } from '../media/screening.pictures';

/**
 * Photo-like test pictures for the forensic mark (tests, the bench): the screening module's shape
 * pattern with film-grain-like texture (blurred Gaussian noise), so blocks have the texture real
 * photos have. Deterministic per seed.
 */
export async function photoLike(seed: number, w = 960, h = 640): Promise<Buffer> {
  const base = await sharp(Buffer.from(patternSvg(seed, w, h))).removeAlpha().raw().toBuffer();
  let s = seed * 48271 + 11;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const noise = Buffer.alloc(w * h);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.round(128 + (rnd() + rnd() + rnd() - 1.5) * 70);
  const blurred = await sharp(noise, { raw: { width: w, height: h, channels: 1 } }).blur(1.2).raw().toBuffer();
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const n = (blurred[i]! - 128) * 0.6;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(base[i * 3 + c]! + n)));
  }
  return sharp(out, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
}
