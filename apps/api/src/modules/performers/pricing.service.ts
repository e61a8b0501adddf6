import { eq } from 'drizzle-orm';
import { fromMinor, toMinor, type SubscriptionOffer, type SubscriptionSettingsInput } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { SettingsService } from '../settings/settings.service';
import { users, type UserRow } from '../users/users.tables';
import { performerPricing } from './performers.tables';

/** A creator's monthly price (minor units) until they set one. */
export const DEFAULT_MONTHLY_PRICE = 995;

/** What PricingService is built with (by the composition root, root.ts). */
export interface PricingDeps {
  db: Db;
  settings: SettingsService;
}

/**
 * A creator's subscription offer (monthly price, free trial) and the operator's commission
 * override: the performer_pricing table, owned here. Subscriptions read the offer through this
 * service; the ledger reads the commission override (the documented read, see ledger README).
 */
export class PricingService {
  constructor(private deps: PricingDeps) {}

  async pricing(performerId: string) {
    const [row] = await this.deps.db.select().from(performerPricing).where(eq(performerPricing.userId, performerId));
    return row ?? { userId: performerId, monthlyPrice: DEFAULT_MONTHLY_PRICE, freeSubscriptionEnabled: false, freeSubscriptionDays: null, commissionBps: null };
  }

  async offer(performerId: string): Promise<SubscriptionOffer> {
    const [p, s] = await Promise.all([this.pricing(performerId), this.deps.settings.all()]);
    return { monthlyPrice: fromMinor(p.monthlyPrice), freeSubscriptionEnabled: s.freeSubscriptionEnabled && p.freeSubscriptionEnabled, freeSubscriptionDays: p.freeSubscriptionDays ?? s.freeSubscriptionDuration };
  }

  async updatePricing(performer: UserRow, input: SubscriptionSettingsInput): Promise<SubscriptionOffer> {
    await this.deps.settings.checkAmountRange('subscription price', 'monthlyPrice', input.monthlyPrice, 'minimumSubscriptionPrice', 'maximumSubscriptionPrice');
    const values = { monthlyPrice: toMinor(input.monthlyPrice), freeSubscriptionEnabled: input.freeSubscriptionEnabled, freeSubscriptionDays: input.freeSubscriptionDays ?? null };
    await this.deps.db.insert(performerPricing).values({ userId: performer.id, ...values }).onConflictDoUpdate({ target: performerPricing.userId, set: values });
    return this.offer(performer.id);
  }

  /** The monthly price alone (minor units): the subscriptions module's default tier keeps it equal to its own price. */
  async setMonthlyPrice(performerId: string, monthlyPrice: number): Promise<void> {
    await this.deps.db.insert(performerPricing).values({ userId: performerId, monthlyPrice }).onConflictDoUpdate({ target: performerPricing.userId, set: { monthlyPrice } });
  }

  /** Operator: commission override in percent (null: back to the site default; 0 is 0). Audited in the same transaction. */
  async setCommission(actor: AuditActor, performerId: string, input: { percentage: number | null; reason?: string }): Promise<{ percentage: number | null }> {
    const bps = input.percentage === null ? null : Math.round(input.percentage * 100);
    await this.deps.db.transaction(async (tx) => {
      const [u] = await tx.select({ isPerformer: users.isPerformer }).from(users).where(eq(users.id, performerId));
      if (!u?.isPerformer) throw notFound('Creator not found');
      const [before] = await tx.select({ bps: performerPricing.commissionBps }).from(performerPricing).where(eq(performerPricing.userId, performerId)).for('update');
      await tx.insert(performerPricing).values({ userId: performerId, commissionBps: bps }).onConflictDoUpdate({ target: performerPricing.userId, set: { commissionBps: bps } });
      const percent = (v: number | null | undefined) => (v === null || v === undefined ? null : v / 100);
      await recordAudit(tx, actor, {
        action: 'performer.commission', targetType: 'performer', targetId: performerId,
        before: { commissionOverride: percent(before?.bps) }, after: { commissionOverride: input.percentage, ...(input.reason ? { reason: input.reason } : {}) },
      });
    });
    return { percentage: input.percentage };
  }
}
