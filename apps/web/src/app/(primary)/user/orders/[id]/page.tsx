import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import OrderDetail from '@/features/orders/OrderDetail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('orders'))('meta') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function OrderRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['orders', 'shop']}>
      <OrderDetail id={id} />
    </ClientMessages>
  );
}
