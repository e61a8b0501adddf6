import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
// The product's own hash and test pictures (apps/api): the list the operator imports holds exactly
// what the screening job computes for the original picture.
import { imageHash } from '../../apps/api/src/modules/media/screening.hash';
import { patternPng } from '../../apps/api/src/modules/media/screening.pictures';

/**
 * A picture for screening: the original (generated from `seed`), a blocklist file with its hash
 * and `label`, and a copy re-encoded as a half-size JPEG at quality 40 — what a creator would
 * upload after passing it around.
 */
export async function blockedPicture(dir: string, seed: number, label: string) {
  fs.mkdirSync(dir, { recursive: true });
  const original = await patternPng(seed, 1200, 900);
  const hash = await imageHash(original);
  if (!hash) throw new Error('the pattern has no hash');
  const list = path.join(dir, `blocklist-${seed}.csv`);
  fs.writeFileSync(list, `# hashes of known pictures\n${hash},${label}\n`);
  const copy = path.join(dir, `holiday-${seed}.jpg`);
  await sharp(original).resize(600).jpeg({ quality: 40 }).toFile(copy);
  return { hash, list, copy };
}
