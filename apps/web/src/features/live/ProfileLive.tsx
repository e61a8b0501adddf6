'use client';
/**
 * The live parts of a creator's profile: a LIVE badge linking to /live/<username> while they stream
 * (GET /streaming/user/search?performerId=, refreshed by 'stream/status'), and the fan's "Request a
 * private show" button with its waiting dialog (PrivateShowRequest).
 */
import dynamic from 'next/dynamic';
import { routes } from '@stagepass/shared/routes';
import { useSocketEvent } from '@/lib/socket';
import { useRoute } from '@/lib/swr';
import LiveBadge from './LiveBadge';

export const PrivateShowButton = dynamic(() => import('./PrivateShowRequest'), { ssr: false });

export function ProfileLiveBadge({ performer }: { performer: { _id: string; name: string; username?: string | null } }) {
  const { data, mutate } = useRoute(routes.streaming.search, { query: { performerId: performer._id, limit: 1 } });
  useSocketEvent('stream/status', (e) => {
    if (e.performerId === performer._id) void mutate();
  });
  const live = data?.data.some((s) => s.performerId === performer._id && s.status === 'live');
  if (!live) return null;
  return <LiveBadge href={`/live/${performer.username || performer._id}`} name={performer.name} />;
}
