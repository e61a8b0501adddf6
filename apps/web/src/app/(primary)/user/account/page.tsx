import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import UserAccount from '@/features/account/UserAccount';

export const metadata: Metadata = { title: 'Account settings' };

export default async function UserAccountPage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <UserAccount initialUser={g.user} />;
}
