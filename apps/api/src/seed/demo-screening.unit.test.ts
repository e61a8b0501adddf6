import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, distance, imageHash } from '../modules/media/screening.hash';
import { patternPng } from '../modules/media/screening.pictures';
import { demoMediaMaker } from './demo-media';
import { DEMO_BLOCKED_PATTERN_SEED } from './demo-screening';

const hashOf = async (input: string | Buffer): Promise<string> => {
  const h = await imageHash(input);
  expect(h).toMatch(/^[0-9a-f]{16}$/);
  return h!;
};

/** The demo's blocklist entry must never stop the demo's own media. */
describe('demo screening entry', () => {
  it("the demo's pictures (photos, an avatar, a cover) are all far from the demo's blocklisted pattern", async () => {
    const blocked = await hashOf(await patternPng(DEMO_BLOCKED_PATTERN_SEED));
    const maker = await demoMediaMaker();
    try {
      const pictures = [
        await maker.photo(['#ff6b6b', '#5f27cd'], 'Acoustic session', 'live'),
        await maker.photo(['#1dd1a1', '#222f3e'], 'Behind the scenes'),
        await maker.photo(['#feca57', '#ff9ff3'], 'Tour diary', 'day 3'),
        await maker.avatar(['#54a0ff', '#2e86de'], 'L'),
        await maker.cover(['#10ac84', '#01a3a4']),
      ];
      for (const p of pictures) expect(distance(blocked, await hashOf(p.tmpPath))).toBeGreaterThan(2 * MATCH_THRESHOLD);
    } finally {
      await maker.cleanup();
    }
  }, 60_000);

});
