/**
 * sfc32, a small deterministic pseudo-random generator seeded from the first 16 bytes of `seed`:
 * the same seed gives the same sequence of unsigned 32-bit numbers. For keyed patterns (the
 * forensic marks' chips and bit positions, the video variants' luminance pattern), never for
 * secrets.
 */
export function sfc32(seed: Buffer): () => number {
  let a = seed.readUInt32LE(0), b = seed.readUInt32LE(4), c = seed.readUInt32LE(8), d = seed.readUInt32LE(12);
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return r >>> 0;
  };
}
