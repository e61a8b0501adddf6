import type { ReactNode } from 'react';
import AppShell from '@/shell/AppShell';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';

/** Same shell as every other non-auth group (shell/AppShell). */
export default function GroupLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell>
      {children}
      <ClientExtrasLoader />
    </AppShell>
  );
}
