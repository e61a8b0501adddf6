#!/usr/bin/env node
// The installed app's default icons (apps/web/public/icons, issue 34 §1), drawn from the site's
// shipped mark (apps/web/public/icon.svg) with sharp: 192 and 512 px for "any", and a 512 px
// "maskable" one whose mark sits inside the safe circle (80 %) on white. Run again
// after changing icon.svg: `node scripts/gen-app-icons.mjs`. The files are committed.
import path from 'node:path';
import fs from 'node:fs/promises';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = await fs.readFile(path.join(web, 'icon.svg'));
const out = path.join(web, 'icons');
await fs.mkdir(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 40 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, `icon-${size}.png`));
}
// Maskable: the mark at 60 % on a full-bleed white background (the launcher crops to its shape).
const inner = Math.round(512 * 0.6);
const mark = await sharp(svg, { density: (72 * inner) / 40 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#ffffff' } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'maskable-512.png'));
console.log('icons written to', path.relative(process.cwd(), out));
