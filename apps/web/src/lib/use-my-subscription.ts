'use client';
import type { Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';

/** The signed-in fan's subscription to one creator (any status), or null. Creators and visitors: never fetched. */
export function useMySubscription(performerId: string | null | undefined) {
  const me = useCurrentUser();
  const enabled = Boolean(me && !me.isPerformer && performerId && me._id !== performerId);
  const swr = useRoute(routes.subscriptions.mine, enabled ? { query: { performerId: performerId!, limit: 1 } } : null);
  const sub = swr.data?.data[0] ?? null;
  return { ...swr, sub, enabled };
}

/** "renews on", "access until", … for one subscription. */
export function subscriptionState(s: Pick<Subscription, 'status' | 'isActive' | 'renewing' | 'type'>): { label: string; color: string; dateLabel: string } {
  if (s.status === 'cancelled') return s.isActive ? { label: 'Cancelled', color: 'orange', dateLabel: 'Access until' } : { label: 'Expired', color: 'default', dateLabel: 'Ended on' };
  if (s.status === 'past_due') return { label: 'Past due', color: 'red', dateLabel: s.isActive ? 'Access until' : 'Ended on' };
  if (s.status === 'expired' || !s.isActive) return { label: 'Expired', color: 'default', dateLabel: 'Ended on' };
  if (s.renewing) return { label: s.type === 'free' ? 'Free trial' : 'Active', color: 'green', dateLabel: 'Renews on' };
  return { label: 'Active', color: 'green', dateLabel: 'Ends on' };
}
