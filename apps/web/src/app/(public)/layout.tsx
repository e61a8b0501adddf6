import type { ReactNode } from 'react';
import PublicLayout from '@/components/layouts/PublicLayout';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import ClientMessages from '@/i18n/ClientMessages';

export default function PublicGroupLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={['auth', 'authMore']}>
      <PublicLayout>
        {children}
        <ClientExtrasLoader />
      </PublicLayout>
    </ClientMessages>
  );
}
