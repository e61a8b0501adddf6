/** How the creator's order screens word an order (no React). */
import type { Order } from '@stagepass/shared';
import { money, plural } from '@/lib/format';

/** "Jan 5, 2026, 3:04 PM" without the year when it is this year. */
export function shortDateTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The table's address cell: "Jane Doe · Austin, US" (digital orders: "Digital download"). */
export function shortAddress(o: Pick<Order, 'productType' | 'deliveryAddress'>): string {
  if (o.productType === 'digital') return 'Digital download';
  const a = o.deliveryAddress;
  if (!a) return 'No address';
  const place = [a.city, a.state, a.country].filter(Boolean).join(', ');
  return [a.recipientName, place].filter(Boolean).join(' · ');
}

/** What the refund dialog says happens: the buyer's money back, physical items back in stock (the creator's, for an operator). */
export function refundText(o: Pick<Order, 'total' | 'productType' | 'quantity'>, operator = false): string {
  const back = `The buyer gets ${money(o.total)} back in their wallet`;
  if (o.productType !== 'physical') return `${back}, and loses access to the download.`;
  return `${back}, and the ${o.quantity === 1 ? 'item goes' : `${plural(o.quantity, 'item')} go`} back into ${operator ? "the creator's" : 'your'} stock.`;
}
