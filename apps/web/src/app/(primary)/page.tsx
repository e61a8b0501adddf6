import { redirect } from 'next/navigation';
import { postLoginPath } from '@stagepass/shared';
import { guardPage } from '@/lib/server/guard';
import Landing from '@/features/home/Landing';
import ClientMessages from '@/i18n/ClientMessages';

/** Front page: signed-in visitors go to their landing route, others see the welcome page. */
export default async function FrontPage() {
  const g = await guardPage({});
  if (g.status === 'ok') redirect(postLoginPath(g.user));
  return (
    <ClientMessages namespaces={['landing']}>
      <Landing />
    </ClientMessages>
  );
}
