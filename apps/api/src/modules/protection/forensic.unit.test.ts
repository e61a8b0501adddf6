import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAYLOAD_BITS, decode, deriveKey, embed, luminance, payloadBits } from './forensic';
import { grayOf, type Gray } from './register';
import { decodeLeak } from './trace.core';
import { photoLike } from './protection.pictures';

/**
 * The forensic mark end to end on real pixels: embedded at serve time, encoded like the server
 * does (JPEG 88), then transformed by sharp the way a leaker would — JPEG quality 70, resized to
 * 50 %, a 10 % crop, a screenshot-like PNG re-render — and decoded by aligning onto the clean
 * rendition. Nothing is identified in an unmarked copy or under another site's key.
 */
const key = deriveKey('k'.repeat(40));
const W = 720, H = 480;

async function served(seed: number, code: number): Promise<{ ref: Gray; jpeg: Buffer; psnr: number }> {
  const { data, info } = await sharp(await photoLike(seed, W, H)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const ref = { w: info.width, h: info.height, px: luminance(data, info.width, info.height, 3) };
  const marked = Buffer.from(data);
  embed(marked, W, H, 3, code, key);
  let mse = 0;
  for (let i = 0; i < data.length; i++) mse += (data[i]! - marked[i]!) ** 2;
  const jpeg = await sharp(marked, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  return { ref, jpeg, psnr: 10 * Math.log10((255 * 255) / (mse / data.length)) };
}

const transforms: Record<string, (b: Buffer) => Promise<Buffer>> = {
  'as served': async (b) => b,
  'JPEG quality 70': (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  'resized to 50 %': (b) => sharp(b).resize(W / 2).jpeg({ quality: 85 }).toBuffer(),
  '10 % crop': (b) => sharp(b).extract({ left: 36, top: 24, width: W - 72, height: H - 48 }).jpeg({ quality: 85 }).toBuffer(),
  '10 % crop from one side': (b) => sharp(b).extract({ left: 72, top: 0, width: W - 72, height: H }).jpeg({ quality: 85 }).toBuffer(),
  'screenshot-like PNG (re-rendered at 80 %)': (b) => sharp(b).resize(Math.round(W * 0.8)).png().toBuffer(),
};

// Each case marks, transforms and decodes a real picture with sharp (3–5 s on a quiet 2-core machine): a minute each beside CI's other stages.
describe('forensic image mark', { timeout: 60_000 }, () => {
  it('the payload is the code and a keyed check', () => {
    const bits = payloadBits(0x80000001, key);
    expect(bits).toHaveLength(PAYLOAD_BITS);
    expect([...bits.slice(0, 32)].join('')).toBe(`1${'0'.repeat(30)}1`);
    expect(payloadBits(0x80000001, deriveKey('o'.repeat(40))).slice(32)).not.toEqual(bits.slice(32));
    expect(() => payloadBits(-1, key)).toThrow();
  });

  it('is invisible (PSNR above 45 dB) and decodes exactly from the served image', async () => {
    const { ref, jpeg, psnr } = await served(1, 0xdeadbeef);
    expect(psnr).toBeGreaterThan(45);
    const g = await grayOf(jpeg);
    const r = decode(g.px, ref.px, W, H, key);
    expect(r).toMatchObject({ code: 0xdeadbeef, checkValid: true, identified: true });
  });

  for (const [seed, code] of [[2, 123456789], [3, 4000000007]] as const) {
    // One served picture for all the transforms of it (marking it again gave the same bytes).
    let once: ReturnType<typeof served> | undefined;
    for (const [name, transform] of Object.entries(transforms)) {
      it(`picture ${seed}: survives ${name}`, async () => {
        const { ref, jpeg } = await (once ??= served(seed, code));
        const r = await decodeLeak(ref, await grayOf(await transform(jpeg)), key);
        expect(r).not.toBeNull();
        expect(r!.code).toBe(code);
        expect(r!.identified).toBe(true);
        expect(r!.confidence).toBeGreaterThan(0.99);
      });
    }
  }

  it('identifies nobody in an unmarked copy, under another key, or in another picture', async () => {
    const { ref, jpeg } = await served(4, 77);
    const clean = await sharp(await photoLike(4, W, H)).jpeg({ quality: 80 }).toBuffer();
    const unmarked = await decodeLeak(ref, await grayOf(clean), key);
    expect(unmarked?.identified).toBe(false);
    const otherKey = await decodeLeak(ref, await grayOf(jpeg), deriveKey('z'.repeat(40)));
    expect(otherKey?.identified).toBe(false);
    const other = await decodeLeak(ref, await grayOf(await sharp(await photoLike(5, W, H)).jpeg().toBuffer()), key);
    expect(other?.identified ?? false).toBe(false);
  });
});
