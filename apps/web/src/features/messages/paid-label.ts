import type { Message } from '@stagepass/shared';
import { money, plural } from '@/lib/format';

/**
 * The line under a paid message. Its sender: "Not bought yet · $3.50" / "Bought · $3.50", and for a
 * copy of a mass message how many fans bought one. Its recipient once bought: "Purchased · $3.50"
 * (the wording of every bought item, components/AccessTag). Null when there is nothing to say
 * (free, deleted, or not bought by the recipient — the locked preview says it).
 */
export function paidLabel(m: Pick<Message, 'price' | 'isDeleted' | 'isBought' | 'boughtByRecipient' | 'massPurchases' | 'massMessageId'>, own: boolean): string | null {
  if (m.price === null || m.isDeleted) return null;
  const price = money(m.price);
  if (!own) return m.isBought ? `Purchased · ${price}` : null;
  const state = m.boughtByRecipient ? 'Bought' : 'Not bought yet';
  const copies = m.massMessageId && m.massPurchases !== null ? ` · ${m.massPurchases === 0 ? 'no copy bought yet' : `bought by ${plural(m.massPurchases, 'fan')}`}` : '';
  return `${state} · ${price}${copies}`;
}
