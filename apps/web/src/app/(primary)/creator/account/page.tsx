import type { Metadata } from 'next';
import { routes } from '@stagepass/shared/routes';
import { guardPage } from '@/lib/server/guard';
import { getToken, serverGetRoute } from '@/lib/server/api';
import { ServiceUnavailable } from '@/components/states';
import CreatorAccount from '@/features/account/CreatorAccount';
import ClientMessages from '@/i18n/ClientMessages';

export const metadata: Metadata = { title: 'Creator settings' };

export default async function CreatorAccountPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  const r = await serverGetRoute(routes.performers.me, undefined, { token: await getToken() });
  return (
    <ClientMessages namespaces={['account', 'accountMore', 'notificationSettings', 'cards']}>
      <CreatorAccount initialProfile={r.ok ? r.data : null} />
    </ClientMessages>
  );
}
