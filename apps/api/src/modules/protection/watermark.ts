import type { WatermarkPosition } from '@stagepass/shared';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One overlay for sharp's composite: an SVG no larger than the text it draws, and where it goes. */
export interface WatermarkOverlay { svg: string; top: number; left: number; tile: boolean }

/**
 * The visible watermark (composited by sharp): the lines (the creator's address, the viewer's
 * @username) in white with a dark outline, so they read on light and dark pictures, at `opacity`
 * percent. Text ~2.6 % of the image's larger side (at least 11 px, smaller when the image is too
 * narrow for it). Corners and centre: one block of text; tiled: a tile with the lines on one
 * diagonal row, repeated over the image. The SVG is only as large as the text (or one tile):
 * rendering a full-size SVG would cost more than the rest of the mark.
 */
export function watermarkOverlay(w: number, h: number, o: { position: WatermarkPosition; opacity: number; lines: string[] }): WatermarkOverlay {
  const longest = Math.max(...o.lines.map((l) => l.length), 1);
  // ~0.62 em per character (bold sans), so the widest line fits the image with its padding.
  let size = Math.max(11, Math.round(Math.max(w, h) * 0.026));
  size = Math.max(6, Math.min(size, Math.floor((w * 0.9) / (longest * 0.62 + 2))));
  const pad = Math.round(size * 0.9);
  const alpha = (o.opacity / 100).toFixed(2);
  const style = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="600" fill="#ffffff" stroke="#000000" stroke-opacity="0.55" stroke-width="${Math.max(1, size / 14).toFixed(1)}" paint-order="stroke"`;
  const lineH = Math.round(size * 1.25);
  if (o.position === 'tiled') {
    const text = o.lines.join('  ·  ');
    const textW = Math.ceil(text.length * size * 0.62);
    const angle = 30;
    const tw = Math.min(w, Math.ceil(textW * Math.cos((angle * Math.PI) / 180) + size * 4));
    const th = Math.min(h, Math.ceil(textW * Math.sin((angle * Math.PI) / 180) + size * 4));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${tw}" height="${th}"><g opacity="${alpha}"><text ${style} text-anchor="middle" x="${tw / 2}" y="${th / 2 + size / 3}" transform="rotate(-${angle} ${tw / 2} ${th / 2})">${esc(text)}</text></g></svg>`;
    return { svg, top: 0, left: 0, tile: true };
  }
  const bw = Math.min(w, Math.ceil(longest * size * 0.62 + pad * 2));
  const bh = Math.min(h, lineH * o.lines.length + pad * 2);
  const [anchor, x] = o.position.endsWith('left') ? ['start', pad] : o.position.endsWith('right') ? ['end', bw - pad] : ['middle', bw / 2];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${bw}" height="${bh}"><g opacity="${alpha}"><g ${style} text-anchor="${anchor}">${o.lines
    .map((l, i) => `<text x="${Math.round(x)}" y="${Math.round(pad + size + i * lineH)}">${esc(l)}</text>`)
    .join('')}</g></g></svg>`;
  const left = o.position.endsWith('left') ? 0 : o.position.endsWith('right') ? w - bw : Math.round((w - bw) / 2);
  const top = o.position.startsWith('top') ? 0 : o.position.startsWith('bottom') ? h - bh : Math.round((h - bh) / 2);
  return { svg, top, left, tile: false };
}
