'use client';
import dynamic from 'next/dynamic';
import { useLatch } from '@/lib/use-latch';
import type { GalleryFormProps } from './GalleryForm';

const GalleryForm = dynamic(() => import('./GalleryForm'), { ssr: false });

/** The gallery form dialog on demand: fetched the first time it opens, then kept mounted. Props as `GalleryForm`. */
export default function LazyGalleryForm(props: GalleryFormProps) {
  const mounted = useLatch(props.open);
  return mounted ? <GalleryForm {...props} /> : null;
}
