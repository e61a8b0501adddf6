import { fromMinor, type CreatorMoney, type FanMoney } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { wallet, type LedgerService } from '../ledger/ledger.service';
import type { PricingService } from '../performers/pricing.service';
import type { PurchasesService } from '../purchases/purchases.service';
import type { SettingsService } from '../settings/settings.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { EarningsService } from './earnings.service';

/** What MoneySummary is built with (by the composition root, root.ts). */
export interface MoneySummaryDeps {
  db: Db;
  earnings: EarningsService;
  ledger: LedgerService;
  pricing: PricingService;
  purchases: PurchasesService;
  settings: SettingsService;
  subscriptions: SubscriptionsService;
}

/**
 * One account's money at a glance, for the operator console (GET /admin/users/{id}; the users
 * module asks through the `UserMoneyReader` it is given). Each figure comes from the service that
 * owns it, one indexed query per figure, run side by side.
 */
export class MoneySummary {
  constructor(private deps: MoneySummaryDeps) {}

  /** A fan: wallet balance (ledger), total paid to creators (earnings by payer), items bought, subscriptions granting access now. */
  async fan(userId: string): Promise<FanMoney> {
    const [balance, spent, purchases, activeSubscriptions] = await Promise.all([
      this.deps.ledger.balance(this.deps.db, wallet(userId)),
      this.deps.earnings.spentBy(userId),
      this.deps.purchases.countFor(userId),
      this.deps.subscriptions.countGranting({ userId }),
    ]);
    return { kind: 'fan', balance: fromMinor(balance), totalSpent: fromMinor(spent), purchases, activeSubscriptions };
  }

  /** A creator: gross and net sales, payouts (paid, pending), available, subscribers granting access now, commission rate. */
  async creator(performerId: string): Promise<CreatorMoney> {
    const [gross, figures, activeSubscribers, pricing, settings] = await Promise.all([
      this.deps.earnings.grossOf(performerId),
      this.deps.earnings.balanceFigures(this.deps.db, performerId),
      this.deps.subscriptions.countGranting({ performerId }),
      this.deps.pricing.pricing(performerId),
      this.deps.settings.all(),
    ]);
    return {
      kind: 'creator', gross: fromMinor(gross), net: fromMinor(figures.netEarned), paidOut: fromMinor(figures.paidOut), pending: fromMinor(figures.pending),
      available: fromMinor(figures.available), activeSubscribers,
      commissionOverride: pricing.commissionBps === null ? null : pricing.commissionBps / 100, siteCommission: settings.commissionPercentage,
    };
  }
}
