import { and, asc, count, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fromMinor, type GatewayName, type ReconciliationItemKind, type ReconciliationMismatch, type ReconciliationMismatchSearch, type ReconciliationRun, type ReconciliationRunBody,
  type ReconciliationRunSearch, type ReconciliationTrigger,
} from '@stagepass/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { HttpError, conflict, fieldError, notFound } from '../../platform/errors';
import type { GatewayBalanceTransaction, PaymentGateway } from '../../platform/payments/gateway';
import type { LedgerGateway } from '../ledger/ledger.gateway';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { disputes, paymentRefunds } from './disputes.tables';
import { paymentTransactions } from './payments.tables';
import type { PaymentsService } from './payments.service';
import { EVENT_TYPES, addTo, compareBooks, itemKey, mismatchAction, totalsOf, type BookItem, type Mismatch } from './reconciliation.compare';
import { sandboxBalanceTransactionsIn } from './reconciliation.sandbox';
import { reconciliationMismatches, reconciliationRuns, type ReconciliationMismatchRow, type ReconciliationRunRow } from './reconciliation.tables';

/** What ReconciliationService is built with (by the composition root, root.ts). */
export interface ReconciliationDeps {
  clock: Clock;
  db: Db;
  /** The ledger's read side of the gateway account. */
  ledger: Pick<LedgerGateway, 'movements'>;
  log: FastifyBaseLogger;
  payments: Pick<PaymentsService, 'gateway'>;
  users: Pick<UsersService, 'card'>;
}

const DAY_MS = 86_400_000;
/** Both books are read this much beyond the period on each side: a movement booked a moment after the gateway's, across midnight, still finds its twin. */
export const RECONCILIATION_GRACE_MS = DAY_MS;
/** A run still `running` after this long died with its process: the next run of its period marks it failed. */
export const RECONCILIATION_STALE_MS = 30 * 60_000;
/** At most this many gateway events are looked up per run to name them in the actions (Stripe). */
const EVENT_LOOKUPS = 20;

/** Ledger reference prefix → the item it books and whether it is the amount or the fee. */
const LEDGER_PARTS: Record<string, { kind: ReconciliationItemKind; part: 'amount' | 'fee' }> = {
  payment: { kind: 'charge', part: 'amount' },
  card_refund: { kind: 'refund', part: 'amount' },
  card_refund_failed: { kind: 'refund_failure', part: 'amount' },
  dispute: { kind: 'dispute', part: 'amount' },
  dispute_rest: { kind: 'dispute', part: 'amount' },
  dispute_fee: { kind: 'dispute', part: 'fee' },
  dispute_won: { kind: 'dispute_reversal', part: 'amount' },
  dispute_won_rest: { kind: 'dispute_reversal', part: 'amount' },
  dispute_fee_returned: { kind: 'dispute_reversal', part: 'fee' },
};
const LEDGER_REF = /^([a-z_]+):([0-9a-f-]{36})(?::sale)?$/;

const day = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * Reconciliation (payments README "Reconciliation"): for a period, the active gateway's balance
 * transactions — Stripe's through `balanceTransactions.list`, the sandbox's own books — against
 * the ledger's movements through the `gateway` account. Each side is reduced to items keyed by kind
 * and the gateway's reference (a ledger movement's reference names our record, whose gateway
 * reference we hold), then compared: missing in the ledger, missing at the gateway, amount
 * differs, fee differs (dispute fees; processing fees are not booked per charge). A run is stored
 * with its mismatches; re-running a period adds a newer version; one run of a period at a time.
 */
export class ReconciliationService {
  constructor(private deps: ReconciliationDeps) {}

  /** POST /admin/reconciliation/runs: the period's days checked, then `run` (audited). */
  async start(actor: AuditActor, body: ReconciliationRunBody): Promise<ReconciliationRun> {
    const today = day(this.deps.clock.now());
    if (body.toDate > today) throw fieldError('toDate', 'The period cannot end after today');
    const from = new Date(`${body.fromDate}T00:00:00Z`);
    const to = new Date(Date.parse(`${body.toDate}T00:00:00Z`) + DAY_MS);
    const gw = await this.deps.payments.gateway();
    const row = await this.run(gw, { from, to }, 'operator', actor);
    return (await this.views([row]))[0]!;
  }

  /** The nightly job: the previous UTC day on the active gateway. A run of it already under way → nothing (null). */
  async nightly(): Promise<ReconciliationRunRow | null> {
    const to = startOfDay(this.deps.clock.now());
    const from = new Date(to.getTime() - DAY_MS);
    const gw = await this.deps.payments.gateway().catch(() => null);
    if (!gw) return null;
    try {
      return await this.run(gw, { from, to }, 'schedule', null);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) return null;
      throw err;
    }
  }

  /** Claims the period (one running run of a gateway and period), compares, stores the result. */
  async run(gw: PaymentGateway, period: { from: Date; to: Date }, trigger: ReconciliationTrigger, actor: AuditActor | null): Promise<ReconciliationRunRow> {
    const run = await this.claim(gw.name, period, trigger, actor);
    try {
      const result = await this.compare(gw, period);
      return await this.deps.db.transaction(async (tx) => {
        for (let i = 0; i < result.rows.length; i += 500) await tx.insert(reconciliationMismatches).values(result.rows.slice(i, i + 500).map((m) => ({ ...m, runId: run.id })));
        const [done] = await tx
          .update(reconciliationRuns)
          .set({ status: 'completed', mismatches: result.rows.length, totals: result.totals, finishedAt: this.deps.clock.now() })
          .where(eq(reconciliationRuns.id, run.id))
          .returning();
        return done!;
      });
    } catch (err) {
      this.deps.log.error({ err, runId: run.id }, 'reconciliation failed');
      const message = err instanceof Error ? err.message : String(err);
      await this.deps.db.update(reconciliationRuns).set({ status: 'failed', error: message.slice(0, 500), finishedAt: this.deps.clock.now() }).where(eq(reconciliationRuns.id, run.id));
      throw new HttpError(503, `The reconciliation could not finish: ${message}`);
    }
  }

  /** The run's row (`running`), a stale one of the same period failed first; a live one → 409. Audited with the operator's claim. */
  private async claim(gateway: GatewayName, period: { from: Date; to: Date }, trigger: ReconciliationTrigger, actor: AuditActor | null): Promise<ReconciliationRunRow> {
    const now = this.deps.clock.now();
    const samePeriod = and(eq(reconciliationRuns.gateway, gateway), eq(reconciliationRuns.periodStart, period.from), eq(reconciliationRuns.periodEnd, period.to), eq(reconciliationRuns.status, 'running'));
    await this.deps.db
      .update(reconciliationRuns)
      .set({ status: 'failed', error: 'Stopped before it finished (its process ended)', finishedAt: now })
      .where(and(samePeriod, lt(reconciliationRuns.startedAt, new Date(now.getTime() - RECONCILIATION_STALE_MS))));
    try {
      return await this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reconciliationRuns)
          .values({ gateway, periodStart: period.from, periodEnd: period.to, status: 'running', trigger, startedBy: actor?.actorId ?? null, startedAt: now })
          .returning();
        if (actor) {
          await recordAudit(tx, actor, { action: 'reconciliation.run', targetType: 'reconciliation_run', targetId: row!.id, after: { gateway, fromDate: day(period.from), toDate: day(new Date(period.to.getTime() - DAY_MS)) } });
        }
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('A reconciliation of this period is already running: wait for it to finish');
      throw err;
    }
  }

  /** Both books over the widened period, reduced to items, compared; the mismatches as rows to insert and the run's totals. */
  private async compare(gw: PaymentGateway, period: { from: Date; to: Date }) {
    const window = { from: new Date(period.from.getTime() - RECONCILIATION_GRACE_MS), to: new Date(period.to.getTime() + RECONCILIATION_GRACE_MS) };
    const listed: GatewayBalanceTransaction[] = [];
    if (gw.balanceTransactions) for await (const bt of gw.balanceTransactions(window)) listed.push(bt);
    else if (gw.name === 'sandbox') listed.push(...(await sandboxBalanceTransactionsIn(this.deps.db, window)));
    else throw new Error(`The ${gw.name} gateway cannot list its balance transactions`);

    const gateway = new Map<string, BookItem>();
    let otherItems = 0;
    for (const bt of listed) {
      if (!bt.kind || !bt.ref) {
        if (bt.created >= period.from && bt.created < period.to) otherItems++;
        continue;
      }
      addTo(gateway, itemKey(bt.kind, bt.ref, ''), { kind: bt.kind, ref: bt.ref, amount: bt.amount, fee: bt.fee, at: bt.created, id: bt.id });
    }

    // The ledger's movements, by the record their reference names, then that record's gateway reference.
    const moves = (await this.deps.ledger.movements(window.from, window.to)).flatMap((m) => {
      const parsed = LEDGER_REF.exec(m.reference);
      const part = parsed ? LEDGER_PARTS[parsed[1]!] : undefined;
      if (!parsed || !part) {
        this.deps.log.warn({ reference: m.reference }, 'reconciliation: a gateway movement of an unknown kind is not compared');
        return [];
      }
      return [{ ...m, ...part, ourId: parsed[2]! }];
    });
    const ids = (kinds: ReconciliationItemKind[]) => [...new Set(moves.filter((m) => kinds.includes(m.kind)).map((m) => m.ourId))];
    const records = await this.records(gw.name, { payments: ids(['charge']), refunds: ids(['refund', 'refund_failure']), disputes: ids(['dispute', 'dispute_reversal']) }, [...gateway.values()]);
    const ledger = new Map<string, BookItem>();
    for (const m of moves) {
      const ref = m.kind === 'charge' ? records.paymentRef.get(m.ourId) : m.kind === 'refund' || m.kind === 'refund_failure' ? records.refundRef.get(m.ourId) : records.disputeRef.get(m.ourId);
      addTo(ledger, itemKey(m.kind, ref ?? null, m.ourId), {
        kind: m.kind, ref: ref ?? null, amount: m.part === 'amount' ? -m.amount : 0, fee: m.part === 'fee' ? m.amount : 0, at: m.at, id: m.reference,
      });
    }

    const { mismatches, matched, gatewayItems, ledgerItems } = compareBooks(gateway, ledger, period);
    const events = await this.findEvents(gw, mismatches);
    const rows = mismatches.map((m) => {
      const link = this.link(m, records);
      return {
        kind: m.kind, itemKind: m.itemKind, gatewayRef: m.ref, gatewayTransactions: m.gateway?.ids ?? [], ledgerReferences: m.ledger?.ids ?? [],
        gatewayAmount: m.gateway?.amount ?? null, ledgerAmount: m.ledger?.amount ?? null, gatewayFee: m.gateway?.fee ?? null, ledgerFee: m.ledger?.fee ?? null,
        paymentId: link.paymentId, disputeId: link.disputeId, eventId: events.get(m) ?? null, occurredAt: m.at,
      };
    });
    return { rows, totals: totalsOf(gateway, period, { gatewayItems, ledgerItems, matched, otherItems }) };
  }

  /**
   * Our records on both sides, in one query per table: the gateway references of the records the
   * ledger's movements name, and the records the gateway's items name (to link a mismatch to a
   * payment or a dispute).
   */
  private async records(gateway: GatewayName, ours: { payments: string[]; refunds: string[]; disputes: string[] }, items: BookItem[]) {
    const refs = (kinds: ReconciliationItemKind[]) => [...new Set(items.filter((i) => kinds.includes(i.kind)).map((i) => i.ref!))];
    const chargeRefs = refs(['charge']);
    const refundRefs = refs(['refund', 'refund_failure']);
    const disputeRefs = refs(['dispute', 'dispute_reversal']);
    const byIdOrRef = <T extends SQL>(ids: string[], idCond: (ids: string[]) => T, refCond: SQL | undefined): SQL | undefined => {
      const c = [ids.length ? idCond(ids) : undefined, refCond].filter((x): x is SQL => !!x);
      return c.length ? or(...c) : undefined;
    };
    const payWhere = byIdOrRef(ours.payments, (x) => inArray(paymentTransactions.id, x), chargeRefs.length ? and(eq(paymentTransactions.gateway, gateway), or(inArray(paymentTransactions.chargeRef, chargeRefs), inArray(paymentTransactions.gatewayRef, chargeRefs))) : undefined);
    const refundWhere = byIdOrRef(ours.refunds, (x) => inArray(paymentRefunds.id, x), refundRefs.length ? and(eq(paymentRefunds.gateway, gateway), inArray(paymentRefunds.gatewayRef, refundRefs)) : undefined);
    const disputeWhere = byIdOrRef(ours.disputes, (x) => inArray(disputes.id, x), disputeRefs.length ? and(eq(disputes.gateway, gateway), inArray(disputes.gatewayRef, disputeRefs)) : undefined);
    const [pays, refunds, disps] = await Promise.all([
      payWhere ? this.deps.db.select({ id: paymentTransactions.id, chargeRef: paymentTransactions.chargeRef, gatewayRef: paymentTransactions.gatewayRef }).from(paymentTransactions).where(payWhere) : [],
      refundWhere ? this.deps.db.select({ id: paymentRefunds.id, paymentId: paymentRefunds.paymentId, gatewayRef: paymentRefunds.gatewayRef }).from(paymentRefunds).where(refundWhere) : [],
      disputeWhere ? this.deps.db.select({ id: disputes.id, paymentId: disputes.paymentId, gatewayRef: disputes.gatewayRef }).from(disputes).where(disputeWhere) : [],
    ]);
    const paymentRef = new Map(pays.map((p) => [p.id, p.chargeRef ?? p.gatewayRef]));
    const paymentByRef = new Map<string, string>();
    for (const p of pays) for (const r of [p.gatewayRef, p.chargeRef]) if (r) paymentByRef.set(r, p.id);
    return {
      paymentRef, paymentByRef,
      refundRef: new Map(refunds.map((r) => [r.id, r.gatewayRef])),
      refundPayment: new Map(refunds.flatMap((r) => [[r.id, r.paymentId], ...(r.gatewayRef ? [[r.gatewayRef, r.paymentId] as [string, string]] : [])])),
      disputeRef: new Map(disps.map((d) => [d.id, d.gatewayRef])),
      disputeByRef: new Map(disps.map((d) => [d.gatewayRef, { id: d.id, paymentId: d.paymentId }])),
      disputeById: new Map(disps.map((d) => [d.id, { id: d.id, paymentId: d.paymentId }])),
    };
  }

  /** The payment or dispute a mismatch is about, from either side. */
  private link(m: Mismatch, r: Awaited<ReturnType<ReconciliationService['records']>>): { paymentId: string | null; disputeId: string | null } {
    const ourIds = (m.ledger?.ids ?? []).map((ref) => LEDGER_REF.exec(ref)?.[2]).filter((x): x is string => !!x);
    if (m.itemKind === 'charge') return { paymentId: (m.ref && r.paymentByRef.get(m.ref)) || ourIds[0] || null, disputeId: null };
    if (m.itemKind === 'refund' || m.itemKind === 'refund_failure') return { paymentId: (m.ref && r.refundPayment.get(m.ref)) || (ourIds[0] && r.refundPayment.get(ourIds[0])) || null, disputeId: null };
    const d = (m.ref && r.disputeByRef.get(m.ref)) || (ourIds[0] && r.disputeById.get(ourIds[0])) || null;
    return { paymentId: d ? d.paymentId : null, disputeId: d ? d.id : null };
  }

  /** The gateway's event that would have recorded each item missing in the ledger (Stripe), a few per run. */
  private async findEvents(gw: PaymentGateway, mismatches: Mismatch[]): Promise<Map<Mismatch, string>> {
    const out = new Map<Mismatch, string>();
    if (!gw.findEvent) return out;
    for (const m of mismatches.filter((x) => x.kind === 'missing_in_ledger' && x.ref).slice(0, EVENT_LOOKUPS)) {
      const id = await gw.findEvent(m.ref!, EVENT_TYPES[m.itemKind], { from: new Date(m.at.getTime() - DAY_MS), to: new Date(m.at.getTime() + 3 * DAY_MS) }).catch((err) => {
        this.deps.log.warn({ err, ref: m.ref }, 'reconciliation: looking up the gateway event failed');
        return null;
      });
      if (id) out.set(m, id);
    }
    return out;
  }

  // ── The console's reads ─────────────────────────────────────────────────────────────────────

  /** Rows → answers: who started them and which are current, in two queries. */
  private async views(rows: ReconciliationRunRow[]): Promise<ReconciliationRun[]> {
    if (!rows.length) return [];
    const starters = [...new Set(rows.map((r) => r.startedBy).filter((x): x is string => !!x))];
    const [people, latest] = await Promise.all([
      starters.length ? this.deps.db.select().from(users).where(inArray(users.id, starters)) : ([] as UserRow[]),
      this.deps.db
        .selectDistinctOn([reconciliationRuns.gateway, reconciliationRuns.periodStart, reconciliationRuns.periodEnd], { id: reconciliationRuns.id })
        .from(reconciliationRuns)
        .where(and(eq(reconciliationRuns.status, 'completed'), or(...rows.map((r) => and(eq(reconciliationRuns.gateway, r.gateway), eq(reconciliationRuns.periodStart, r.periodStart), eq(reconciliationRuns.periodEnd, r.periodEnd))))))
        .orderBy(reconciliationRuns.gateway, reconciliationRuns.periodStart, reconciliationRuns.periodEnd, desc(reconciliationRuns.finishedAt), desc(reconciliationRuns.id)),
    ]);
    const byId = new Map(people.map((u) => [u.id, u]));
    const current = new Set(latest.map((l) => l.id));
    return rows.map((r) => ({
      _id: r.id, gateway: r.gateway, fromDate: day(r.periodStart), toDate: day(new Date(r.periodEnd.getTime() - DAY_MS)), status: r.status, trigger: r.trigger,
      startedBy: r.startedBy && byId.get(r.startedBy) ? this.deps.users.card(byId.get(r.startedBy)!) : null,
      current: current.has(r.id), mismatches: r.mismatches, totals: r.totals ?? null, error: r.error,
      startedAt: r.startedAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null,
    }));
  }

  /** GET /admin/reconciliation/runs: newest first (reconciliation_runs_started_idx). */
  async list(q: ReconciliationRunSearch): Promise<{ data: ReconciliationRun[]; total: number }> {
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(reconciliationRuns).orderBy(dir(reconciliationRuns.startedAt), dir(reconciliationRuns.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(reconciliationRuns),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  private async row(id: string): Promise<ReconciliationRunRow> {
    const [row] = await this.deps.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
    if (!row) throw notFound('Reconciliation run not found');
    return row;
  }

  /** GET /admin/reconciliation/runs/{id} */
  async get(id: string): Promise<ReconciliationRun> {
    return (await this.views([await this.row(id)]))[0]!;
  }

  /** GET /admin/reconciliation/runs/{id}/mismatches: oldest first (reconciliation_mismatches_run_idx / _run_kind_idx). */
  async mismatches(id: string, q: ReconciliationMismatchSearch): Promise<{ data: ReconciliationMismatch[]; total: number }> {
    const run = await this.row(id);
    const where = and(eq(reconciliationMismatches.runId, run.id), q.kind ? eq(reconciliationMismatches.kind, q.kind) : undefined);
    const dir = q.sort === 'desc' ? desc : asc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(reconciliationMismatches).where(where).orderBy(dir(reconciliationMismatches.occurredAt), dir(reconciliationMismatches.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(reconciliationMismatches).where(where),
    ]);
    return { data: rows.map((m) => this.mismatchView(m, run.gateway)), total: Number(n) };
  }

  private mismatchView(m: ReconciliationMismatchRow, gateway: GatewayName): ReconciliationMismatch {
    const dec = (v: number | null) => (v === null ? null : fromMinor(v));
    return {
      _id: m.id, kind: m.kind, itemKind: m.itemKind, gatewayRef: m.gatewayRef, gatewayTransactions: m.gatewayTransactions, ledgerReferences: m.ledgerReferences,
      gatewayAmount: dec(m.gatewayAmount), ledgerAmount: dec(m.ledgerAmount), gatewayFee: dec(m.gatewayFee), ledgerFee: dec(m.ledgerFee),
      paymentId: m.paymentId, disputeId: m.disputeId, eventId: m.eventId, action: mismatchAction(m, gateway), occurredAt: m.occurredAt.toISOString(),
    };
  }
}

/** For tests: a period of whole UTC days. */
export const utcDays = (fromDate: string, toDate: string) => ({ from: new Date(`${fromDate}T00:00:00Z`), to: new Date(Date.parse(`${toDate}T00:00:00Z`) + DAY_MS) });
