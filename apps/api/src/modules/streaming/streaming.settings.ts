import { and, eq } from 'drizzle-orm';
import { fromMinor, type StreamAccess, type StreamingSettings } from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { SellerGate } from '../performers/performers.policy';
import { notFound } from '../../platform/errors';
import { isSuspended } from '../users/moderation.policy';
import { users, type UserRow } from '../users/users.tables';
import { isAdmin } from '../../platform/auth';
import { isBlockedBetween } from '../blocks/blocks.policy';
import { streamSettings, type StreamSettingsRow } from './streaming.tables';

/**
 * A creator's streaming settings (GET /streaming/settings, PUT /streaming/update): the private
 * show rate per started minute (null: no private shows), the default group ticket price, and who
 * may watch public streams by default. Prices within the site's pay-per-view limits; a paid price
 * needs a creator who may sell (verification).
 */
export class StreamSettingsService {
  constructor(private deps: { db: Db; sellers: Pick<SellerGate, 'assertCanSell'>; checkPrice: (field: string, price: number) => Promise<number> }) {}

  async row(performerId: string, db: DbOrTx = this.deps.db): Promise<StreamSettingsRow | null> {
    const [r] = await db.select().from(streamSettings).where(eq(streamSettings.performerId, performerId));
    return r ?? null;
  }

  view(r: StreamSettingsRow | null): StreamingSettings {
    return {
      privateRate: r?.privateRate != null ? fromMinor(r.privateRate) : null,
      groupPrice: r?.groupPrice != null ? fromMinor(r.groupPrice) : null,
      publicAccess: r?.publicAccess ?? 'followers',
    };
  }

  async get(performerId: string): Promise<StreamingSettings> {
    return this.view(await this.row(performerId));
  }

  /**
   * GET /streaming/private-offer/{id}: the rate fans see on a creator's profile (null: no private
   * shows). Unknown ids, fans, suspended creators and — for `viewer` — a creator with a block
   * between them (either way; operators exempt) → 404, as their profiles are.
   */
  async offer(viewer: UserRow | null, performerId: string): Promise<{ privateRate: number | null }> {
    const [u] = await this.deps.db.select({ id: users.id }).from(users).where(and(eq(users.id, performerId), eq(users.isPerformer, true)));
    if (!u || (await isSuspended(this.deps.db, u.id))) throw notFound('Creator not found');
    if (viewer && !isAdmin(viewer) && (await isBlockedBetween(this.deps.db, viewer.id, u.id))) throw notFound('Creator not found');
    return { privateRate: this.view(await this.row(performerId)).privateRate };
  }

  async update(performerId: string, input: { privateRate?: number | null; groupPrice?: number | null; publicAccess?: StreamAccess }): Promise<StreamingSettings> {
    const patch: Partial<typeof streamSettings.$inferInsert> = {};
    if (input.privateRate !== undefined) patch.privateRate = input.privateRate === null ? null : await this.deps.checkPrice('privateRate', input.privateRate);
    if (input.groupPrice !== undefined) patch.groupPrice = input.groupPrice === null ? null : await this.deps.checkPrice('groupPrice', input.groupPrice);
    if (input.publicAccess !== undefined) patch.publicAccess = input.publicAccess;
    if (patch.privateRate != null) await this.deps.sellers.assertCanSell(performerId);
    const [r] = await this.deps.db
      .insert(streamSettings)
      .values({ performerId, ...patch })
      .onConflictDoUpdate({ target: streamSettings.performerId, set: Object.keys(patch).length ? patch : { publicAccess: streamSettings.publicAccess } })
      .returning();
    return this.view(r!);
  }
}
