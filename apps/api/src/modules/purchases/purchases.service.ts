import { count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { purchases, type PurchaseItemType } from './purchases.tables';

/** What PurchasesService is built with (by the composition root, root.ts). */
export interface PurchasesDeps {
  db: Db;
}

/**
 * The `purchases` table's owner: what a fan bought once and keeps. Content kinds' access rules
 * read the table (a join); the wallet records a purchase through `record`, inside its charge's
 * transaction.
 */
export class PurchasesService {
  constructor(private deps: PurchasesDeps) {}

  /**
   * Records the purchase; false when the fan already owns the item (the unique user × item index:
   * a concurrent second purchase waits on it, then sees the first).
   */
  async record(v: { userId: string; itemType: PurchaseItemType; itemId: string; performerId: string; amount: number }, tx: DbOrTx = this.deps.db): Promise<boolean> {
    const rows = await tx.insert(purchases).values(v).onConflictDoNothing().returning({ id: purchases.id });
    return rows.length > 0;
  }

  /** How many items a fan has bought (index: purchases_user_item_uq, user first). */
  async countFor(userId: string): Promise<number> {
    const [r] = await this.deps.db.select({ n: count() }).from(purchases).where(eq(purchases.userId, userId));
    return Number(r?.n ?? 0);
  }
}
