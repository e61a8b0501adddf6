'use client';
import dynamic from 'next/dynamic';

/** Client-only (ssr: false) mount of the global extras; every layout renders it. */
const ClientExtras = dynamic(() => import('./ClientExtras'), { ssr: false });
export default function ClientExtrasLoader() {
  return <ClientExtras />;
}
