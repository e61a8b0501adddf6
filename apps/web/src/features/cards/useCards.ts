'use client';
import useSWR from 'swr';
import type { Card } from '@stagepass/shared';
import type { ListPage } from '@/lib/use-infinite-list';
import { useCurrentUser } from '@/store';

export const CARDS_KEY = '/payment-cards';

/** The signed-in user's saved cards on the active gateway (default first). */
export function useCards() {
  const signedIn = Boolean(useCurrentUser());
  const swr = useSWR<ListPage<Card>>(signedIn ? CARDS_KEY : null);
  const cards = swr.data?.data || [];
  const defaultCard = cards.find((c) => c.isDefault) || cards[0] || null;
  return { ...swr, cards, defaultCard };
}
