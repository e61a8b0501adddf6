import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyTakedowns from '@/features/takedowns/MyTakedowns';

export const metadata: Metadata = { title: 'Takedowns' };

/** /creator/takedowns: the notices that hid the creator's content, with the counter-notice form. */
export default async function CreatorTakedownsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <MyTakedowns />;
}
