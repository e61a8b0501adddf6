import type { VerificationStatus } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';

/**
 * THE selling rule (README "Verification"): a creator may publish paid content (a pay-per-view
 * feed or message, a video or gallery for sale, a product), be paid (subscriptions, tips,
 * purchases) and request payouts only once an operator approved their identity documents — unless
 * the site setting `requireCreatorVerification` is off. Everything else (profile, free and
 * subscribers-only posts, the subscription price) is open from registration.
 */
export function canSell(status: VerificationStatus, requireVerification: boolean): boolean {
  return !requireVerification || status === 'approved';
}

/**
 * What other modules are given (by the composition root) to apply the rule, so none of them reads
 * the verification state or the setting itself. `db`: the caller's transaction, when it has one.
 */
export interface SellerGate {
  /** The creator acting on their own account (publishing paid content, asking for a payout): 422 when they may not sell. */
  assertCanSell(performerId: string, db?: DbOrTx): Promise<void>;
  /** A buyer paying a creator (subscription, tip, purchase): 422 when the creator may not be paid. */
  assertPayable(performerId: string, db?: DbOrTx): Promise<void>;
}
