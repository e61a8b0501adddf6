import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Referrals from '@/features/referrals/Referrals';

export const metadata: Metadata = { title: 'Referrals' };

/** /creator/referrals: the creator's referral link and the creators who signed up through it (issue 30 §5). */
export default async function ReferralsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Referrals />
    </Suspense>
  );
}
