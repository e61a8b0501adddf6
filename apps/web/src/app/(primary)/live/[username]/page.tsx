import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { routes } from '@stagepass/shared/routes';
import { clientIp, getToken, serverGetRoute } from '@/lib/server/api';
import { ServiceUnavailable } from '@/components/states';
import LivePage, { LivePageSkeleton } from '@/features/live/LivePage';

type Props = { params: Promise<{ username: string }> };

const PROFILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The creator as the visitor may see them (a block either way, or hidden in their country: 404). */
async function load(username: string) {
  if (!PROFILE_ID.test(username)) return { ok: false as const, status: 404 };
  const [token, ip] = await Promise.all([getToken(), clientIp()]);
  return serverGetRoute(routes.performers.profile, { id: username }, { token, headers: ip ? { 'x-client-ip': ip } : {} });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { username } = await params;
  const r = await load(username);
  const t = await getTranslations('live');
  return { title: r.ok ? t('metaName', { name: r.data.name }) : t('meta') };
}

/** A creator's live page: /live/<username> (or their id); `?stream=<id>` for a private show. */
export default async function LiveRoute({ params }: Props) {
  const { username } = await params;
  const r = await load(username);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) notFound();
    return <ServiceUnavailable />;
  }
  const { _id, name, username: handle, avatar } = r.data;
  return (
    // The tip menu beside the stream speaks the profile namespace; the player, chat and join prompt liveWatch.
    <ClientMessages namespaces={['live', 'profile', 'cards', 'liveWatch']}>
      <Suspense fallback={<div className="container"><LivePageSkeleton /></div>}>
        <LivePage performer={{ _id, name, username: handle, avatar }} />
      </Suspense>
    </ClientMessages>
  );
}
