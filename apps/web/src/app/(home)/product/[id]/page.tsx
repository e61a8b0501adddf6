import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { guardPage } from '@/lib/server/guard';
import ProductPage from '@/features/shop/ProductPage';

export const metadata: Metadata = { title: 'Product' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /product/[id]: a product page (anyone; buying needs a fan account). */
export default async function ProductRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  await guardPage({});
  return <ProductPage id={id} />;
}
