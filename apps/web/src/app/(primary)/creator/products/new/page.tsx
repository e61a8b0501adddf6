import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import ProductEditor from '@/features/shop-studio/ProductEditor';

export const metadata: Metadata = { title: 'New product' };

export default async function NewProductPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <ProductEditor />;
}
