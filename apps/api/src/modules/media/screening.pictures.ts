import sharp from 'sharp';

/**
 * Pictures for screening tests and the demo's blocklist entry, drawn by sharp from SVG: a
 * deterministic arrangement of shapes from `seed` (so "the same picture" can be made again, and
 * different seeds give unrelated pictures). Nothing here is shown on the site.
 */
export function patternSvg(seed: number, w = 800, h = 600): string {
  let s = seed * 7919 + 17;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const hue = () => Math.floor(rnd() * 360);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = Math.round(rnd() * w);
    const y = Math.round(rnd() * h);
    const r = Math.round((0.05 + rnd() * 0.2) * Math.min(w, h));
    const fill = `hsl(${hue()},${40 + Math.round(rnd() * 50)}%,${15 + Math.round(rnd() * 70)}%)`;
    shapes.push(rnd() < 0.5 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>` : `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${Math.round(r * 1.3)}" fill="${fill}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="hsl(${hue()},30%,${20 + Math.round(rnd() * 60)}%)"/>${shapes.join('')}</svg>`;
}

/** The pattern as a PNG buffer. */
export function patternPng(seed: number, w = 800, h = 600): Promise<Buffer> {
  return sharp(Buffer.from(patternSvg(seed, w, h))).png().toBuffer();
}
