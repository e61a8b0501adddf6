// Migration 0052's data step (the part that touches existing rows), run again on rows shaped like a
// site from before tiers: creators with and without a price set, subscriptions without a tier. The
// whole migration was also run on a migrated copy of the demo data (README "Tiers").
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type TestApp } from '../../../test/harness';
import { subscribe } from '../../../test/factories';
import { performerPricing } from '../performers/performers.tables';
import { subscriptions } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';

const MIGRATION = fs.readFileSync(path.join(import.meta.dirname, '../../../drizzle/0052_tiers.sql'), 'utf8');
const dataStatements = MIGRATION.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => /^(--.*\n)*(INSERT INTO "subscription_tiers"|UPDATE "subscriptions")/.test(s));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migration 0052 (data)', () => {
  it('gives every creator a default tier at today\'s price and moves every subscription to it', async () => {
    expect(dataStatements).toHaveLength(2);
    const [priced, unpriced] = [await createCreator(t), await createCreator(t)];
    await t.ctx.db.insert(performerPricing).values({ userId: priced.user.id, monthlyPrice: 1234 });
    const fans = [await createFan(t), await createFan(t), await createFan(t)];
    const subs = [
      await subscribe(t, fans[0]!.user.id, priced.user.id),
      await subscribe(t, fans[1]!.user.id, priced.user.id, { status: 'expired', expiresAt: new Date(Date.now() - 1000) }),
      await subscribe(t, fans[2]!.user.id, unpriced.user.id, { status: 'cancelled' }),
    ];
    // As before the migration: no tiers anywhere, no tier on any subscription.
    await t.ctx.db.update(subscriptions).set({ tierId: null });
    await t.ctx.db.delete(subscriptionTiers);
    for (const s of dataStatements) await t.ctx.db.execute(sql.raw(s));

    const tiers = await t.ctx.db.select().from(subscriptionTiers).where(inArray(subscriptionTiers.performerId, [priced.user.id, unpriced.user.id]));
    expect(tiers.map((x) => [x.performerId, x.price, x.position, x.isDefault, x.name]).sort()).toEqual(
      [[priced.user.id, 1234, 1, true, 'Standard'], [unpriced.user.id, 995, 1, true, 'Standard']].sort(),
    );
    const byCreator = new Map(tiers.map((x) => [x.performerId, x.id]));
    for (const s of subs) {
      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, s.id));
      expect(row!.tierId).toBe(byCreator.get(s.performerId));
      expect(row!.price).toBe(s.price); // what each fan pays is unchanged
    }
    const [{ n }] = (await t.ctx.db.execute(sql`select count(*)::int as n from subscriptions where tier_id is null`)).rows as Array<{ n: number }>;
    expect(n).toBe(0);
  });
});
