import type { Db, Tx } from '../../db/client';

/** The promotion a subscribe takes (issue 30 §3): a discount's percentage and months, or a trial's days. */
export interface ChosenPromotion {
  id: string;
  kind: 'discount' | 'trial' | 'trial_link';
  percentage: number | null;
  months: number | null;
  days: number | null;
}

/** Who subscribes, to what, for the promotion's choice. */
export interface PromotionRequest {
  userId: string;
  performerId: string;
  tierId: string;
  /** `new`: never subscribed to the creator; `expired`: subscribed before and it lapsed. */
  fan: 'new' | 'expired';
  type: 'monthly' | 'free';
  trialCode?: string;
  /** The promotion the checkout showed (409 when it is not the one that applies now). */
  promotionId?: string;
}

/**
 * What subscriptions ask of promotions (modules/promotions, filled by root.ts so this module never
 * imports it): which promotion a subscribe takes, claiming it in the payment's transaction and giving
 * it back when the card is declined, and a discounted period's percentage at each renewal.
 */
export interface SubscriptionPromotions {
  /** The promotion that applies (read only; `choose` again claims it), or null. Throws 400/404/409 for a bad trial code or a stale `promotionId`. */
  choose(db: Db | Tx, req: PromotionRequest): Promise<ChosenPromotion | null>;
  /**
   * In the subscribe's transaction: ends the subscription's earlier claims (a new run) and claims
   * `chosen` — one more claim only while claims are left (conditional UPDATE), else 409 — for
   * `source` (`payment:<id>` or `trial:<subscription>:<time>`).
   */
  claim(tx: Tx, req: PromotionRequest, chosen: ChosenPromotion | null, subscriptionId: string, source: string): Promise<void>;
  /** Gives back the claim taken for `source` (its payment failed): one claim less. */
  release(tx: Tx, source: string): Promise<void>;
  /** The discount (percentage) of the subscription's next period, or null when no discounted period is left. */
  periodDiscount(tx: Tx, subscriptionId: string): Promise<number | null>;
  /** A period of the subscription was paid (`amount`, minor units, before tax): one discounted period used, the figures counted. */
  periodPaid(tx: Tx, subscriptionId: string, amount: number): Promise<void>;
}
