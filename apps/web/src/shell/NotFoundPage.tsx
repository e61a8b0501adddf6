'use client';
import dynamic from 'next/dynamic';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import NotFoundView from '@/components/views/NotFoundView';

/**
 * The root 404 in the app shell. The root not-found boundary is part of every page's first load,
 * so the shell comes in its own chunk, fetched only when a 404 is actually rendered (still
 * server-rendered: no flash).
 */
const AppShell = dynamic(() => import('./AppShell'));

export default function NotFoundPage() {
  return (
    <AppShell>
      <NotFoundView />
      <ClientExtrasLoader />
    </AppShell>
  );
}
