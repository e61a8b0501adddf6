import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, encodeAccessReason, formatMoney, statementSchema, toMinor } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import { pdfText } from '../../../test/pdf-text';
import { auditLog } from '../../platform/audit.tables';
import { SITE, earningsAccount, wallet } from '../ledger/ledger.service';
import { LedgerStatements } from '../ledger/ledger.statement';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { earnings } from './earnings.tables';

/**
 * Creators' statements (README "Statements") against a creator seeded through the ledger's own
 * calls — wallet sales, a refund, a card sale disputed and won back, a payout — some moved into
 * last year and into January: every figure must equal what the ledger holds for the period.
 */
let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
const year = new Date().getUTCFullYear();
const Y = String(year);
const JAN = `${Y}-01`;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  fan = await createFan(t);
  creator = await createCreator(t);
  await seed();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Moves a whole movement (its transaction, entries and earnings row) to `at`. */
async function moveTo(txId: string, at: string) {
  await t.ctx.db.update(ledgerTransactions).set({ createdAt: new Date(at) }).where(eq(ledgerTransactions.id, txId));
  await t.ctx.db.update(ledgerEntries).set({ createdAt: new Date(at) }).where(eq(ledgerEntries.transactionId, txId));
  await t.ctx.db.update(earnings).set({ createdAt: new Date(at) }).where(eq(earnings.ledgerTransactionId, txId));
}

async function seed() {
  await t.ctx.settings.all();
  const c = creator.user.id;
  const sale = (gross: number, type: 'tip' | 'video' = 'tip', description = 'tip') =>
    t.ctx.db.transaction((tx) => t.ctx.ledger.recordSale(tx, { performerId: c, userId: fan.user.id, type, source: `wallet_charge:${uuidv7()}`, gross: toMinor(gross), description, from: wallet(fan.user.id), ledgerType: type === 'tip' ? 'tip' : 'purchase' }));
  await t.ctx.db.transaction((tx) => t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(1000) }, { account: wallet(fan.user.id), amount: toMinor(1000) }] }));
  // Last year: two tips (the opening balance of this year).
  for (const gross of [100, 50]) await moveTo((await sale(gross))!.ledgerTx.id, `${year - 1}-06-15T12:00:00Z`);
  // January: a tip and a video.
  await moveTo((await sale(80))!.ledgerTx.id, `${Y}-01-10T08:00:00Z`);
  await moveTo((await sale(12.34, 'video', '=cmd|calc'))!.ledgerTx.id, `${Y}-01-31T23:59:59.999Z`);
  // Now: a tip refunded, a card subscription disputed and won back, a payout.
  const refunded = (await sale(20))!;
  await t.ctx.db.transaction((tx) => t.ctx.ledger.recordRefund(tx, { source: refunded.earning.source, description: 'Refund of a tip' }));
  const source = `payment:${uuidv7()}`;
  await t.ctx.db.transaction((tx) => t.ctx.ledger.recordSale(tx, { performerId: c, userId: fan.user.id, type: 'subscription', source, gross: toMinor(9.95), description: 'Monthly', from: SITE.gateway, ledgerType: 'subscription' }));
  const disputeId = uuidv7();
  const held = await t.ctx.db.transaction((tx) => t.ctx.ledger.reverseCardSale(tx, { saleSource: source, amount: toMinor(9.95), to: SITE.gateway, reference: `dispute:${disputeId}`, type: 'dispute', description: 'Dispute: fraudulent', earningSource: `dispute:${disputeId}` }));
  await t.ctx.db.transaction((tx) => t.ctx.ledger.negate(tx, { ledgerTransactionId: held.ledgerTx.id, reference: `dispute_won:${disputeId}`, type: 'dispute_won', description: 'Dispute won', earningSource: `dispute_won:${disputeId}` }));
  await t.ctx.db.transaction((tx) => t.ctx.ledger.post(tx, { type: 'payout', reference: `payout:${uuidv7()}`, postings: [{ account: earningsAccount(c), amount: -toMinor(30) }, { account: SITE.payouts, amount: toMinor(30) }] }));
}

/** What the ledger holds for the creator's earnings account in [from, to): the truth the statement must equal. */
async function truth(from: string, to: string) {
  const [acc] = await t.ctx.db.select().from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'earnings'), eq(ledgerAccounts.ownerId, creator.user.id)));
  const sum = async (where: ReturnType<typeof and>) => Number((await t.ctx.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(where))[0]!.s);
  const inPeriod = and(eq(ledgerEntries.accountId, acc!.id), gte(ledgerEntries.createdAt, new Date(from)), lt(ledgerEntries.createdAt, new Date(to)));
  const opening = await sum(and(eq(ledgerEntries.accountId, acc!.id), lt(ledgerEntries.createdAt, new Date(from))));
  const change = await sum(inPeriod);
  const [n] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(inPeriod);
  const sales = await t.ctx.db
    .select({ gross: sql<string>`coalesce(sum(${earnings.gross}), 0)`, commission: sql<string>`coalesce(sum(${earnings.commission}), 0)`, net: sql<string>`coalesce(sum(${earnings.net}), 0)` })
    .from(earnings)
    .where(and(eq(earnings.performerId, creator.user.id), gte(earnings.createdAt, new Date(from)), lt(earnings.createdAt, new Date(to)), sql`split_part(${earnings.source}, ':', 1) in ('wallet_charge', 'payment')`));
  const payouts = await t.ctx.db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(inPeriod, inArray(ledgerTransactions.type, ['payout'])));
  return { opening, closing: opening + change, movements: n!.n, gross: Number(sales[0]!.gross), commission: Number(sales[0]!.commission), net: Number(sales[0]!.net), payouts: -Number(payouts[0]!.s), balance: acc!.balance };
}
const cents = (v: number) => Math.round(v * 100);

/** RFC 4180 as csv-stringify writes it: quoted cells with "" inside, rows by \n. */
function parse(text: string, _o: { columns: true }): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

describe("a creator's statement equals the ledger", () => {
  it('the year: opening, sales, refunds and disputes, payouts, closing — and closing is the balance now', async () => {
    const res = await get(`/earnings/statements?period=${Y}`, creator.auth);
    expect(res.statusCode, res.body).toBe(200);
    const s = statementSchema.strict().parse(res.json().data);
    const want = await truth(`${Y}-01-01T00:00:00Z`, `${year + 1}-01-01T00:00:00Z`);
    expect(want.opening).toBe(toMinor(80 + 40)); // last year's two tips, 20% commission
    expect(cents(s.openingBalance)).toBe(want.opening);
    expect(cents(s.closingBalance)).toBe(want.closing);
    expect(cents(s.closingBalance)).toBe(want.balance);
    expect(cents(s.totals.gross)).toBe(want.gross);
    expect(cents(s.totals.commission)).toBe(want.commission);
    expect(cents(s.totals.net)).toBe(want.net);
    expect(cents(s.totals.payouts)).toBe(want.payouts);
    expect(s.totals.taxWithheld).toBe(0);
    expect(s.movements).toBe(want.movements);
    expect(cents(s.openingBalance) + cents(s.totals.net) + cents(s.totals.refundsAndDisputes) - cents(s.totals.taxWithheld) - cents(s.totals.payouts) + cents(s.totals.other)).toBe(cents(s.closingBalance));
    expect(s.sales.map((l) => [l.type, l.count, l.gross, l.commission, l.net])).toEqual([
      ['subscription', 1, 9.95, 1.99, 7.96], ['tip', 2, 100, 20, 80], ['video', 1, 12.34, 2.47, 9.87],
    ]);
    expect(s.adjustments.map((l) => [l.kind, l.type, l.count, l.gross, l.net])).toEqual([
      ['dispute', 'subscription', 1, -9.95, -7.96], ['dispute_won', 'subscription', 1, 9.95, 7.96], ['payout', null, 1, 0, -30], ['refund', 'tip', 1, -20, -16],
    ]);
    expect(s.totals.refundsAndDisputes).toBe(-16);
    expect(s.creator).toEqual({ _id: creator.user.id, name: creator.user.name || creator.user.username, username: creator.user.username });
    expect(s.months[0]).toMatchObject({ month: JAN, gross: 92.34 });
    expect(s.months.reduce((a, m) => a + cents(m.net), 0)).toBe(want.net);
  });

  it('a month: January holds exactly its own movements (the last instant of the 31st included)', async () => {
    const s = statementSchema.parse((await get(`/earnings/statements?period=${JAN}`, creator.auth)).json().data);
    const want = await truth(`${Y}-01-01T00:00:00Z`, `${Y}-02-01T00:00:00Z`);
    expect([cents(s.openingBalance), cents(s.closingBalance), s.movements, cents(s.totals.gross)]).toEqual([want.opening, want.closing, want.movements, want.gross]);
    expect(s.months).toEqual([]);
    // Last year alone: the two tips, from nothing.
    const last = statementSchema.parse((await get(`/earnings/statements?period=${year - 1}`, creator.auth)).json().data);
    expect([last.openingBalance, last.closingBalance, last.totals.gross]).toEqual([0, 120, 150]);
  });

  it('the CSV: the summary, then every movement with the running balance ending at the closing balance; formulas defused', async () => {
    const res = await get(`/earnings/statements/${Y}.csv`, creator.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${creator.user.username}-${Y}.csv"`);
    const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual(['section', 'date', 'kind', 'type', 'reference', 'description', 'count', 'gross', 'commission', 'net', 'balance']);
    const want = await truth(`${Y}-01-01T00:00:00Z`, `${year + 1}-01-01T00:00:00Z`);
    const summary = rows.filter((r) => r.section === 'summary');
    const movements = rows.filter((r) => r.section === 'movement');
    expect(summary[0]).toMatchObject({ kind: 'opening', net: '120.00', balance: '120.00' });
    expect(summary.at(-1)).toMatchObject({ kind: 'closing', balance: (want.closing / 100).toFixed(2) });
    expect(summary.find((r) => r.kind === 'sales_total')).toMatchObject({ gross: (want.gross / 100).toFixed(2), commission: (want.commission / 100).toFixed(2) });
    expect(summary.find((r) => r.kind === 'payouts_total')).toMatchObject({ net: '-30.00' });
    expect(movements).toHaveLength(want.movements);
    expect(movements.at(-1)!.balance).toBe((want.closing / 100).toFixed(2));
    expect(movements.reduce((a, r) => a + cents(Number(r.net)), 0)).toBe(want.closing - want.opening);
    expect(movements.map((r) => r.date)).toEqual([...movements.map((r) => r.date)].sort());
    expect(movements.find((r) => r.type === 'video')!.description).toBe("'=cmd|calc");
    expect(movements.map((r) => r.kind)).toEqual(expect.arrayContaining(['sale', 'refund', 'dispute', 'dispute_won', 'payout']));
  });

  it('movements are read in slices bounded by timestamps: every entry once, in order, ties kept together across a slice boundary', async () => {
    const c = await createCreator(t);
    const at = (i: number) => `${Y}-02-0${1 + Math.floor(i / 5)}T10:00:00Z`; // five movements share each timestamp
    for (let i = 0; i < 17; i++) {
      const r = (await t.ctx.db.transaction((tx) => t.ctx.ledger.recordSale(tx, { performerId: c.user.id, userId: fan.user.id, type: 'tip', source: `wallet_charge:${uuidv7()}`, gross: 100 + i, description: `t${i}`, from: wallet(fan.user.id), ledgerType: 'tip' })))!;
      await moveTo(r.ledgerTx.id, at(i));
    }
    for (const batch of [1, 3, 4, 5, 100]) {
      const seen: Array<{ id: string; at: string; description: string }> = [];
      for await (const slice of new LedgerStatements({ db: t.ctx.db, batch }).movements(c.user.id, new Date(`${Y}-01-01T00:00:00Z`), new Date(`${year + 1}-01-01T00:00:00Z`))) seen.push(...slice);
      expect(seen, `batch ${batch}`).toHaveLength(17);
      expect(new Set(seen.map((m) => m.id)).size).toBe(17);
      const keys = seen.map((m) => `${m.at} ${m.id}`);
      expect(keys).toEqual([...keys].sort());
      expect(seen.map((m) => m.description).sort()).toEqual(Array.from({ length: 17 }, (_, i) => `t${i}`).sort());
    }
  });

  it('the PDF: a statement that says its period, its lines and its closing balance', async () => {
    const res = await get(`/earnings/statements/${Y}.pdf`, creator.auth);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${creator.user.username}-${Y}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const want = await truth(`${Y}-01-01T00:00:00Z`, `${year + 1}-01-01T00:00:00Z`);
    expect(text).toEqual(expect.arrayContaining([`Earnings statement — ${Y}`, 'Opening balance', formatMoney(1.2e2), 'Closing balance', formatMoney(want.closing / 100), 'Sales — tip', 'Refunds — tip', 'Disputes — subscription', 'By month', `January ${Y}`, 'Tax withheld', '$0.00']));
    expect(text.join(' ')).not.toMatch(/-\$0\.00/);
    expect(text.join(' ').split('').some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
    expect(text.some((l) => l.startsWith('Creator: '))).toBe(true);
  });
});

describe('periods and who may', () => {
  it('a bad or future period → 400 on period; a fan 403, anonymous 401', async () => {
    for (const p of ['2026-13', '26', 'abcd', `${year}-1`]) expect((await get(`/earnings/statements?period=${p}`, creator.auth)).statusCode, p).toBe(400);
    const future = await get(`/earnings/statements?period=${year + 1}`, creator.auth);
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toEqual([{ field: 'period', message: 'This period has not started yet' }]);
    expect((await get('/earnings/statements?period=1999', creator.auth)).statusCode).toBe(400);
    expect((await get(`/earnings/statements/${Y}.doc`, creator.auth)).statusCode).toBe(400);
    expect((await get(`/earnings/statements?period=${Y}`, fan.auth)).statusCode).toBe(403);
    expect((await get(`/earnings/statements/${Y}.csv`, fan.auth)).statusCode).toBe(403);
    expect((await get(`/earnings/statements?period=${Y}`)).statusCode).toBe(401);
    // A creator with no movement at all: zeros, not an error.
    const fresh = await createCreator(t);
    expect((await get(`/earnings/statements?period=${Y}`, fresh.auth)).json().data).toMatchObject({ openingBalance: 0, closingBalance: 0, sales: [], movements: 0 });
    expect((await get(`/earnings/statements/${Y}.csv`, fresh.auth)).body.trim().split('\n')).toHaveLength(1 + 6);
  });

  it("the operator's copy: a reason (one statement.read row), the same file; creators and fans 403; not a creator 404", async () => {
    const url = `/admin/performers/${creator.user.id}/statements/${Y}.csv`;
    const rows = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'statement.read'))).filter((r) => r.targetId === creator.user.id);
    const none = await get(url, admin.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(REASON_REQUIRED_CODE);
    expect(await rows()).toHaveLength(0);
    const ok = await get(url, { ...admin.auth, [ACCESS_REASON_HEADER]: encodeAccessReason('Tax office request #12') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe((await get(`/earnings/statements/${Y}.csv`, creator.auth)).body);
    expect(await rows()).toEqual([expect.objectContaining({ actorId: admin.user.id, reason: 'Tax office request #12', subjectIds: [creator.user.id], targetType: 'earnings statement' })]);
    const pdf = await get(`/admin/performers/${creator.user.id}/statements/${JAN}.pdf`, { ...admin.auth, [ACCESS_REASON_HEADER]: 'Tax office request #12' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(url, { ...creator.auth, [ACCESS_REASON_HEADER]: 'mine' })).statusCode).toBe(403);
    expect((await get(url, fan.auth)).statusCode).toBe(403);
    const reason = { ...admin.auth, [ACCESS_REASON_HEADER]: 'Checking' };
    expect((await get(`/admin/performers/${fan.user.id}/statements/${Y}.pdf`, reason)).statusCode).toBe(404);
    expect((await get(`/admin/performers/${uuidv7()}/statements/${Y}.pdf`, reason)).statusCode).toBe(404);
    expect((await get(`/admin/performers/${creator.user.id}/statements/${year + 1}.pdf`, reason)).statusCode).toBe(400);
  });

  it('the ledger still balances', async () => {
    await expectLedgerBalanced(t);
  });
});
