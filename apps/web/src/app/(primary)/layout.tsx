import type { ReactNode } from 'react';
import AppShell from '@/components/layouts/AppShell';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

/** Same shell as every other non-auth group (components/layouts/AppShell). */
export default function GroupLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell>
      {children}
      <ClientExtrasLoader />
    </AppShell>
  );
}
