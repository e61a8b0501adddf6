import { fromMinor, type GatewayName, type MismatchKind, type ReconciliationItemKind, type ReconciliationTotals } from '@stagepass/shared';

/**
 * The pure half of reconciliation (payments README "Reconciliation"): both books reduced to items
 * keyed by what they are and the gateway's reference (`charge:pi_…`, `refund:re_…`,
 * `dispute:dp_…`, `dispute_reversal:dp_…`), then compared. Minor units, signed as the gateway sees
 * them: money in +, money out −; a fee is a cost (+), a fee returned −.
 */
export interface BookItem {
  kind: ReconciliationItemKind;
  /** The gateway's reference; null for a ledger movement whose record never got one (a refund the gateway never confirmed). */
  ref: string | null;
  amount: number;
  fee: number;
  /** The earliest time of its movements on that side. */
  at: Date;
  /** The gateway's balance transaction ids, or the ledger's movement references. */
  ids: string[];
}

export interface Mismatch {
  kind: MismatchKind;
  itemKind: ReconciliationItemKind;
  ref: string | null;
  gateway: BookItem | null;
  ledger: BookItem | null;
  at: Date;
}

/** The key of an item in both books. */
export const itemKey = (kind: ReconciliationItemKind, ref: string | null, ourId: string) => `${kind}:${ref ?? `ours:${ourId}`}`;

/** Adds a movement to the item of its key (several balance transactions or ledger movements make one item). */
export function addTo(book: Map<string, BookItem>, key: string, m: { kind: ReconciliationItemKind; ref: string | null; amount: number; fee: number; at: Date; id: string }): void {
  const it = book.get(key);
  if (!it) {
    book.set(key, { kind: m.kind, ref: m.ref, amount: m.amount, fee: m.fee, at: m.at, ids: [m.id] });
    return;
  }
  it.amount += m.amount;
  it.fee += m.fee;
  if (m.at < it.at) it.at = m.at;
  if (!it.ids.includes(m.id)) it.ids.push(m.id);
}

/** Fees the ledger books (and so compares): a dispute's fee and the fee returned with a reinstatement. A charge's processing fee is not booked per charge. */
const FEES_BOOKED: readonly ReconciliationItemKind[] = ['dispute', 'dispute_reversal'];

/**
 * Compares the two books, both read over the period widened on each side (a movement booked a
 * moment after the gateway's, across midnight, still finds its twin). An item belongs to the period
 * of its gateway time, or of its ledger time when the gateway has no such item; items of the
 * neighbouring periods are left to their own runs.
 */
export function compareBooks(gateway: Map<string, BookItem>, ledger: Map<string, BookItem>, period: { from: Date; to: Date }): { mismatches: Mismatch[]; matched: number; gatewayItems: number; ledgerItems: number } {
  const inPeriod = (d: Date) => d >= period.from && d < period.to;
  const mismatches: Mismatch[] = [];
  let matched = 0;
  let gatewayItems = 0;
  let ledgerItems = 0;
  for (const key of new Set([...gateway.keys(), ...ledger.keys()])) {
    const g = gateway.get(key) ?? null;
    const l = ledger.get(key) ?? null;
    const at = g ? g.at : l!.at;
    if (!inPeriod(at)) continue;
    if (g) gatewayItems++;
    if (l) ledgerItems++;
    const itemKind = (g ?? l)!.kind;
    const ref = (g ?? l)!.ref;
    const base = { itemKind, ref, gateway: g, ledger: l, at };
    if (!l) {
      mismatches.push({ kind: 'missing_in_ledger', ...base });
      continue;
    }
    if (!g) {
      mismatches.push({ kind: 'missing_at_gateway', ...base });
      continue;
    }
    let ok = true;
    if (g.amount !== l.amount) {
      mismatches.push({ kind: 'amount_differs', ...base });
      ok = false;
    }
    if (FEES_BOOKED.includes(itemKind) && g.fee !== l.fee) {
      mismatches.push({ kind: 'fee_differs', ...base });
      ok = false;
    }
    if (ok) matched++;
  }
  mismatches.sort((a, b) => a.at.getTime() - b.at.getTime() || String(a.ref).localeCompare(String(b.ref)));
  return { mismatches, matched, gatewayItems, ledgerItems };
}

/** The run's totals from the gateway's items of the period (decimals). */
export function totalsOf(gateway: Map<string, BookItem>, period: { from: Date; to: Date }, counts: { gatewayItems: number; ledgerItems: number; matched: number; otherItems: number }): ReconciliationTotals {
  const sum = { charges: 0, refunds: 0, disputes: 0, disputeFees: 0, processingFees: 0 };
  for (const it of gateway.values()) {
    if (!(it.at >= period.from && it.at < period.to)) continue;
    if (it.kind === 'charge') {
      sum.charges += it.amount;
      sum.processingFees += it.fee;
    } else if (it.kind === 'refund' || it.kind === 'refund_failure') sum.refunds += it.amount;
    else {
      sum.disputes += it.amount;
      sum.disputeFees += it.fee;
    }
  }
  return {
    ...counts,
    charges: fromMinor(sum.charges), refunds: fromMinor(sum.refunds), disputes: fromMinor(sum.disputes), disputeFees: fromMinor(sum.disputeFees), processingFees: fromMinor(sum.processingFees),
  };
}

const money = (minor: number | null) => (minor === null ? '—' : `${minor < 0 ? '−' : ''}$${fromMinor(Math.abs(minor)).toFixed(2)}`);

/** Which gateway event records each kind of item (what to replay). */
export const EVENT_TYPES: Record<ReconciliationItemKind, string[]> = {
  charge: ['payment_intent.succeeded', 'invoice.paid'],
  refund: ['refund.created', 'charge.refunded'],
  refund_failure: ['refund.failed', 'refund.updated'],
  dispute: ['charge.dispute.funds_withdrawn', 'charge.dispute.created'],
  dispute_reversal: ['charge.dispute.funds_reinstated', 'charge.dispute.closed'],
};

const WHAT: Record<ReconciliationItemKind, string> = {
  charge: 'charge', refund: 'refund', refund_failure: 'failed refund', dispute: "dispute's withdrawal", dispute_reversal: "dispute's reinstatement",
};

/**
 * What the operator should do about a mismatch, in words (the console shows it beside the row).
 * Computed when answered, from what the row holds, so better advice reaches older runs too.
 */
export function mismatchAction(m: {
  kind: MismatchKind; itemKind: ReconciliationItemKind; gatewayRef: string | null; eventId: string | null; paymentId: string | null; disputeId: string | null;
  gatewayAmount: number | null; ledgerAmount: number | null; gatewayFee: number | null; ledgerFee: number | null; ledgerReferences: string[];
}, gateway: GatewayName): string {
  const ref = m.gatewayRef ?? 'this item';
  const open = m.disputeId ? ' Open the dispute to see what was held.' : m.paymentId ? ' Open the payment to see its refunds and disputes.' : '';
  const stripe = gateway === 'stripe';
  switch (m.kind) {
    case 'missing_in_ledger': {
      if (!stripe) {
        return `The sandbox's books hold the ${WHAT[m.itemKind]} ${ref} (${money(m.gatewayAmount)}) but the ledger has no movement for it. The sandbox writes both in one transaction, so one of them was changed by hand: restore it from a backup or ask a developer to book the movement.${open}`;
      }
      const replay = m.eventId ? `Replay the webhook event ${m.eventId} from Stripe's dashboard (Developers → Events)` : `Find ${ref} in Stripe's dashboard and replay its ${EVENT_TYPES[m.itemKind].join(' or ')} event (Developers → Events)`;
      const what =
        m.itemKind === 'refund' ? 'Refund recorded at the gateway but not here' :
        m.itemKind === 'refund_failure' ? 'A refund failed at the gateway but its money was not given back here' :
        m.itemKind === 'charge' ? 'Stripe took this payment but it is not booked here' :
        m.itemKind === 'dispute' ? "Stripe took this dispute's amount but the dispute is not booked here" : "Stripe gave this dispute's amount back but it is not booked here";
      return `${what} (${money(m.gatewayAmount)}). ${replay} — the webhook records it once, however often it arrives.${open}`;
    }
    case 'missing_at_gateway':
      if (m.gatewayRef === null) return `Booked here (${m.ledgerReferences.join(', ')}, ${money(m.ledgerAmount)}) but the gateway never confirmed it: the refund is still pending. Retry it from the payment with the same Idempotency-Key, or wait for the gateway's events.${open}`;
      return `Booked here (${m.ledgerReferences.join(', ')}, ${money(m.ledgerAmount)}) but the gateway lists no ${WHAT[m.itemKind]} ${ref} in this period. Look it up in the ${stripe ? "Stripe dashboard" : "sandbox's books"}: on a neighbouring day, run that period; never made there, the ledger movement must be reversed.${open}`;
    case 'amount_differs':
      return `The gateway moved ${money(m.gatewayAmount)} for the ${WHAT[m.itemKind]} ${ref}, the ledger ${money(m.ledgerAmount)} (${m.ledgerReferences.join(', ')}): difference ${money((m.gatewayAmount ?? 0) - (m.ledgerAmount ?? 0))}. Compare the two and book the difference once you know which side is right.${open}`;
    case 'fee_differs':
      return `The gateway's fee on the ${WHAT[m.itemKind]} ${ref} is ${money(m.gatewayFee)}, the ledger booked ${money(m.ledgerFee)}. ${stripe ? `Replay the dispute's latest event (${EVENT_TYPES[m.itemKind][0]}) from Stripe's dashboard so the fee is booked once` : 'Book the difference to the site\'s losses'}.${open}`;
  }
}
