import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import BlockedUsersPage from '@/features/blocking/BlockedUsersPage';

export const metadata: Metadata = { title: 'Blocked users' };

export default async function UserBlocked() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <BlockedUsersPage />
    </Suspense>
  );
}
