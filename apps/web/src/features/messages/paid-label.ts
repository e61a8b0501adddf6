import type { Message } from '@stagepass/shared';
import type { Messages } from '@/i18n/messages';
import { money } from '@/lib/format';

type PaidLabel = { key: keyof Messages['messages']; values: { price: string; bought?: 'yes' | 'no'; count?: number } };

/**
 * The line under a paid message (a key of the `messages` messages and its values). Its sender: "Not
 * bought yet · $3.50" / "Bought · $3.50", and for a copy of a mass message how many fans bought one.
 * Its recipient once bought: "Purchased · $3.50" (the wording of every bought item,
 * components/AccessTag). Null when there is nothing to say (free, deleted, or not bought by the
 * recipient — the locked preview says it). `formatMoney`: the page's (useFormat().money).
 */
export function paidLabel(m: Pick<Message, 'price' | 'isDeleted' | 'isBought' | 'boughtByRecipient' | 'massPurchases' | 'massMessageId'>, own: boolean, formatMoney: (n: number) => string = money): PaidLabel | null {
  if (m.price === null || m.isDeleted) return null;
  const price = formatMoney(m.price);
  if (!own) return m.isBought ? { key: 'paidPurchased', values: { price } } : null;
  const bought = m.boughtByRecipient ? 'yes' : 'no';
  if (m.massMessageId && m.massPurchases !== null) return { key: 'paidOwnMass', values: { price, bought, count: m.massPurchases } };
  return { key: 'paidOwn', values: { price, bought } };
}
