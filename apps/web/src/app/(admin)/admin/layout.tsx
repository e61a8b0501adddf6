import type { ReactNode } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import AdminShell from '@/shell/AdminShell';

/**
 * Every /admin page (the operator console), guarded once here: an anonymous visitor or a signed-in
 * non-admin goes to /auth/login (guardPage adminOnly). The pages below are thin and fetch their data
 * from `access: 'admin'` API routes, which check again on every request.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const g = await guardPage({ adminOnly: true });
  return (
    <>
      {g.status === 'ok' ? <AdminShell>{children}</AdminShell> : <ServiceUnavailable />}
      <ClientExtrasLoader />
    </>
  );
}
