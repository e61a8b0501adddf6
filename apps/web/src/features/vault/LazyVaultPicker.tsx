'use client';
import dynamic from 'next/dynamic';
import { useLatch } from '@/lib/use-latch';
import type { VaultPickerProps } from './VaultPicker';

const VaultPicker = dynamic(() => import('./VaultPicker'), { ssr: false });

/**
 * The vault picker on demand: its chunk is fetched the first time it opens, then it stays mounted
 * (so it can animate closed and reopen at once). Props as `VaultPicker`.
 */
export default function LazyVaultPicker(props: VaultPickerProps) {
  const mounted = useLatch(props.open);
  return mounted ? <VaultPicker {...props} /> : null;
}
