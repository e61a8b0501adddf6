import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { UserRow } from '../users/users.tables';
import { feeds } from '../feeds/feeds.tables';
import { feedAccessOne } from '../feeds/feeds.policy';
import { notFound, unprocessable } from '../../platform/errors';
import type { PurchaseItemType } from '../purchases/purchases.tables';

/**
 * What the generic purchase path (POST /wallet/charges/{kind}/{id}) needs to know about an item:
 * who sells it and at what price (minor units), resolved inside the charge's transaction. Each
 * content type registers one entry; feeds are here, videos/galleries/products/messages/streams add
 * theirs when they arrive (`registerPurchasable('video', …)`) and nothing else changes.
 *
 * `resolve` answers 404 for items the buyer may not know exist and 422 for items not for sale.
 */
export interface Purchasable {
  itemId: string;
  performerId: string;
  price: number;
  description: string;
}
export type PurchasableResolver = (tx: Tx, buyer: UserRow, id: string) => Promise<Purchasable>;

const registry = new Map<PurchaseItemType, PurchasableResolver>();
export function registerPurchasable(kind: PurchaseItemType, resolve: PurchasableResolver) {
  registry.set(kind, resolve);
}
export function purchasable(kind: PurchaseItemType): PurchasableResolver | undefined {
  return registry.get(kind);
}

/** Feeds: pay-per-view feeds the buyer can see listed (the feeds access policy decides). */
registerPurchasable('feed', async (tx, buyer, id) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Feed not found');
  const [f] = await tx.select({ id: feeds.id, performerId: feeds.performerId, visibility: feeds.visibility, publishAt: feeds.publishAt, price: feeds.price, text: feeds.text }).from(feeds).where(eq(feeds.id, id));
  if (!f) throw notFound('Feed not found');
  const access = await feedAccessOne(tx, buyer, f);
  if (!access.visible) throw notFound('Feed not found');
  if (f.visibility !== 'ppv' || !f.price) throw unprocessable('This post is not for sale');
  const snippet = f.text.replace(/<[^>]*>/g, '').trim().slice(0, 60);
  return { itemId: f.id, performerId: f.performerId, price: f.price, description: snippet ? `Post: ${snippet}` : 'Pay-per-view post' };
});
