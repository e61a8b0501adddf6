import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { AGE_MESSAGES } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { clientIp, getToken, serverGetRoute } from '@/lib/server/api';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CreatorProfile from '@/features/profile/CreatorProfile';
import AgeGate from '@/features/age/AgeGate';
import TrackingVisit from '@/features/tracking/TrackingVisit';

type Props = { params: Promise<{ profileId: string }> };

const PROFILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** As the visitor may see it: their session (a block either way is a 404) and their address (a creator's hidden countries). */
async function load(profileId: string) {
  if (!PROFILE_ID.test(profileId)) return { ok: false as const, status: 404 };
  const [token, ip] = await Promise.all([getToken(), clientIp()]);
  return serverGetRoute(routes.performers.profile, { id: profileId }, { token, headers: ip ? { 'x-client-ip': ip } : {} });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { profileId } = await params;
  const r = await load(profileId);
  if (!r.ok) return { title: (await getTranslations('profile'))('meta') };
  return { title: `${r.data.name}${r.data.username ? ` (@${r.data.username})` : ''}`, description: r.data.bio?.slice(0, 160) || undefined };
}

/** Creator profile (spec §2): /[profileId] is the username, or the id when there is none. */
export default async function ProfilePage({ params }: Props) {
  const { profileId } = await params;
  const [r, g] = await Promise.all([load(profileId), guardPage({})]);
  if (!r.ok) {
    // Age assurance (modules/legal): an adult creator, withheld until the visitor's age is verified.
    if (r.status === 404 && r.body?.code === AGE_MESSAGES.restrictedCode) return <AgeGate />;
    if (r.status === 404 || r.status === 400) notFound();
    return <ServiceUnavailable />;
  }
  return (
    <>
      {/* Opened through a tracking link (?c=): the click and the touch (modules/tracking). */}
      <TrackingVisit />
      {/* liveWatch: the LIVE badge, planned streams and the private show request. */}
      <ClientMessages namespaces={['profile', 'feeds', 'blocking', 'cards', 'liveWatch']}>
        <CreatorProfile profile={r.data} isOwner={g.status === 'ok' && g.user._id === r.data._id} />
      </ClientMessages>
    </>
  );
}
