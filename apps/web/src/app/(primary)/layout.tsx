import type { ReactNode } from 'react';
import PrimaryLayout from '@/components/layouts/PrimaryLayout';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

export default function PrimaryGroupLayout({ children }: { children: ReactNode }) {
  return (
    <PrimaryLayout>
      {children}
      <ClientExtrasLoader />
    </PrimaryLayout>
  );
}
