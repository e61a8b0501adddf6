import type { ReactNode } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import AdminShell from '@/shell/AdminShell';
import TwoFactorRequired from '@/features/two-factor/TwoFactorRequired';
import AccessReasonDialog from '@/components/AccessReasonDialog';

/**
 * Every /admin page (the operator console), guarded once here: an anonymous visitor or a signed-in
 * non-admin goes to /auth/login (guardPage adminOnly); an admin without two-factor authentication
 * gets the page telling them to set it up (the admin API routes answer them 403). The pages below are thin and fetch their data
 * from `access: 'admin'` API routes, which check again on every request. Opening someone's
 * private data asks the operator why first (AccessReasonDialog, one for the whole console).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const g = await guardPage({ adminOnly: true });
  return (
    <>
      {g.status !== 'ok' ? (
        <ServiceUnavailable />
      ) : g.user.twoFactorEnabled ? (
        <AdminShell>
          {children}
          {/* Asks why before someone's private data is opened (issue 28 §6; lib/api.ts). */}
          <AccessReasonDialog />
        </AdminShell>
      ) : (
        <TwoFactorRequired isPerformer={g.user.isPerformer} />
      )}
      <ClientExtrasLoader />
    </>
  );
}
