import type { ReactNode } from 'react';
import BlankLayout from '@/components/layouts/BlankLayout';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

export default function BlankGroupLayout({ children }: { children: ReactNode }) {
  return (
    <BlankLayout>
      {children}
      <ClientExtrasLoader />
    </BlankLayout>
  );
}
