import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyProducts from '@/features/shop-studio/MyProducts';

export const metadata: Metadata = { title: 'My products' };

export default async function MyProductsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <MyProducts />
    </Suspense>
  );
}
