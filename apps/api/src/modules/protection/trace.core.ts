import { decode, type DecodeResult, type ForensicKey } from './forensic';
import { align, degradedReference, warp, type Alignment, type Gray } from './register';

export interface LeakDecode extends DecodeResult { alignment: Alignment }

/** Aligns a leak onto a clean rendition and decodes the forensic mark; null when it is not that picture. */
export async function decodeLeak(ref: Gray, leak: Gray, key: ForensicKey): Promise<LeakDecode | null> {
  const alignment = await align(ref, leak);
  if (!alignment) return null;
  const aligned = warp(leak, alignment.map, ref.w, ref.h);
  const reference = await degradedReference(ref, alignment.map);
  return { ...decode(aligned, reference, ref.w, ref.h, key, ref.px, Math.min(alignment.map.ax, alignment.map.ay)), alignment };
}
