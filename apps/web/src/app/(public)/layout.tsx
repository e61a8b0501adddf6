import type { ReactNode } from 'react';
import PublicLayout from '@/components/layouts/PublicLayout';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

export default function PublicGroupLayout({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      {children}
      <ClientExtrasLoader />
    </PublicLayout>
  );
}
