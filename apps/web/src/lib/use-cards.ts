'use client';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';

/** The signed-in user's saved cards on the active gateway (default first). */
export function useCards() {
  const signedIn = Boolean(useCurrentUser());
  const swr = useRoute(routes.payments.cards, signedIn ? {} : null);
  const cards = swr.data?.data || [];
  const defaultCard = cards.find((c) => c.isDefault) || cards[0] || null;
  return { ...swr, cards, defaultCard };
}
