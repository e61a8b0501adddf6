import type { ReactNode } from 'react';
import HomeLayout from '@/components/layouts/HomeLayout';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

export default function HomeGroupLayout({ children }: { children: ReactNode }) {
  return (
    <HomeLayout>
      {children}
      <ClientExtrasLoader />
    </HomeLayout>
  );
}
