import { asc } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { UserRow } from '../modules/users/users.tables';
import { reconciliationRuns, sandboxBalanceTransactions } from '../modules/payments/reconciliation.tables';
import { RECONCILIATION_MAX_DAYS } from '@stagepass/shared';

/**
 * A reconciliation run over the demo's period (modules/payments README "Reconciliation"): the
 * sandbox's own books — every top-up, subscription, the refund and the disputes' withdrawals the
 * other demo steps made — against the ledger, by the operator (audited), with 0 mismatches: the
 * console's Reconciliation page opens on a clean run. The period: from the sandbox's first movement
 * to today (UTC days, at most 31). Sandbox only; once (skipped when any run exists).
 */
export async function seedReconciliation(ctx: Root, p: { admin: UserRow }) {
  if ((await ctx.payments.gatewayName()) !== 'sandbox') return;
  const [any] = await ctx.db.select({ id: reconciliationRuns.id }).from(reconciliationRuns).limit(1);
  if (any) return;
  const [first] = await ctx.db.select({ at: sandboxBalanceTransactions.createdAt }).from(sandboxBalanceTransactions).orderBy(asc(sandboxBalanceTransactions.createdAt)).limit(1);
  const today = ctx.clock.now();
  const earliest = new Date(today.getTime() - (RECONCILIATION_MAX_DAYS - 1) * 86_400_000);
  const from = first && first.at > earliest ? first.at : earliest;
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  await ctx.reconciliation.start(actor, { fromDate: from.toISOString().slice(0, 10), toDate: today.toISOString().slice(0, 10) });
}
