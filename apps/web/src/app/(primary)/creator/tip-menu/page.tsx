import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TipMenu from '@/features/tipmenu/TipMenu';

export const metadata: Metadata = { title: 'Tip menu' };

/** /creator/tip-menu: the creator's menu items and the orders queue (issue 31 §2). */
export default async function TipMenuPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <TipMenu />
    </Suspense>
  );
}
