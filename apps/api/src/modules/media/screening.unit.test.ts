import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, distance, hashPixels, imageHash, videoFrameHashes } from './screening.hash';

const hashOf = async (input: string | Buffer): Promise<string> => {
  const h = await imageHash(input);
  expect(h).toMatch(/^[0-9a-f]{16}$/);
  return h!;
};
import { mediaTools, runTool } from './media.processing';
import { patternPng } from './screening.pictures';
import { toHex, toSigned } from './screening.service';
import { parseBlocklist } from './screening.admin';

/**
 * The perceptual hash's tolerance, with real pictures made by sharp: every re-encoding, resizing
 * and format change of 12 pictures stays within 4 bits (MATCH_THRESHOLD 8 leaves room), and no two
 * of the different pictures come closer than 16 bits — nor any of them to the demo's blocklisted
 * pattern.
 */
describe('perceptual hash', () => {
  it('the same picture re-encoded, resized 50 % / 200 %, as WebP or PNG stays within the threshold; different pictures do not', async () => {
    const hashes: string[] = [];
    let worstSame = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const png = await patternPng(seed);
      const h = await hashOf(png);
      hashes.push(h);
      const copies = [
        await sharp(png).jpeg({ quality: 40 }).toBuffer(),
        await sharp(png).resize(400).jpeg({ quality: 75 }).toBuffer(),
        await sharp(png).resize(1600).webp({ quality: 70 }).toBuffer(),
        await sharp(png).webp({ quality: 50 }).toBuffer(),
        await sharp(png).png({ palette: true, colours: 64 }).toBuffer(),
      ];
      for (const c of copies) worstSame = Math.max(worstSame, distance(h, await hashOf(c)));
    }
    expect(worstSame).toBeLessThanOrEqual(4);
    let closestOther = 64;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) closestOther = Math.min(closestOther, distance(hashes[i]!, hashes[j]!));
    expect(closestOther).toBeGreaterThan(2 * MATCH_THRESHOLD - 1);
  }, 60_000);

  it('a plain picture (one colour, re-encoded or not) has no hash: it is not screened, and cannot match every other plain picture', async () => {
    for (const background of ['#e91e63', '#000000', '#ffffff']) {
      const flat = await sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg({ quality: 60 }).toBuffer();
      expect(await imageHash(flat)).toBeNull();
    }
    expect(hashPixels(new Uint8Array(1024).fill(128))).toBeNull();
  });

  it('distance counts differing bits; the hash is 16 hex digits; signed bigint storage round-trips', () => {
    expect(distance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(distance('0123456789abcdef', '0123456789abcdee')).toBe(1);
    expect(hashPixels(new Uint8Array(1024).map((_, i) => (i % 32) * 8))).toMatch(/^[0-9a-f]{16}$/);
    for (const h of ['ffffffffffffffff', '8000000000000000', '0000000000000001', '7fffffffffffffff']) expect(toHex(toSigned(h))).toBe(h);
  });

  it("a video's key frames are hashed: a clip of a picture matches the picture", async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'screening-unit-'));
    try {
      const still = path.join(dir, 'still.png');
      await sharp(await patternPng(77, 640, 360)).toFile(still);
      const clip = path.join(dir, 'clip.mp4');
      const tools = mediaTools(process.env);
      await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-loop', '1', '-framerate', '12', '-t', '3', '-i', still, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
      const frames = await videoFrameHashes(tools, clip, dir);
      expect(frames.length).toBeGreaterThanOrEqual(1);
      const h = await hashOf(still);
      expect(Math.min(...frames.map((f) => distance(f, h)))).toBeLessThanOrEqual(MATCH_THRESHOLD);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the import format: bad lines by number, labels (quoted with commas), comments and empty lines skipped', () => {
    expect(parseBlocklist('# c\n\n0123456789ABCDEF,"a, b"\n0x0000000000000001\nzz\n')).toEqual({
      entries: [{ hash: '0123456789abcdef', label: 'a, b' }, { hash: '0000000000000001', label: '' }],
      errors: [{ field: 'text.5', message: 'Line 5: not a 64-bit hash (16 hex digits)' }],
    });
    expect(parseBlocklist('# only a comment\n').errors).toEqual([{ field: 'text', message: 'No hashes in this file' }]);
  });
});
