import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp, Made } from './harness';

/** Saves a sandbox test card for `who` (default: the always-succeeding Visa). */
export async function addCard(t: TestApp, who: Made, number = '4242424242424242'): Promise<{ _id: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/cards', headers: who.auth, payload: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Test Fan' } });
  if (res.statusCode !== 201) throw new Error(`add card: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Tops up `who`'s wallet by card through the API (adds a card first when asked). */
export async function topUp(t: TestApp, who: Made, amount: number, o: { card?: boolean; key?: string } = {}): Promise<{ balance: number; transaction: { _id: string } }> {
  if (o.card) await addCard(t, who);
  const res = await t.app.inject({ method: 'POST', url: '/payment/wallet/top-up', headers: { ...who.auth, ...(o.key ? { 'idempotency-key': o.key } : {}) }, payload: { amount } });
  if (res.statusCode !== 200) throw new Error(`top-up: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/**
 * The ledger's invariants: every transaction sums to zero (so everything does), and every user
 * account's running balance equals the sum of its entries; a wallet is never negative (a creator's
 * earnings may be, after a dispute or a refund to the card: ledger README).
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const q = async <T>(s: ReturnType<typeof sql>) => (await t.ctx.db.execute(s)).rows as T[];
  const [total] = await q<{ s: string | null }>(sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`);
  expect(Number(total.s)).toBe(0);
  const unbalanced = await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`);
  expect(unbalanced).toEqual([]);
  const drift = await q(sql`
    select a.id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind in ('wallet', 'earnings')
    group by a.id, a.kind, a.balance
    having a.balance <> coalesce(sum(e.amount), 0) or (a.kind = 'wallet' and a.balance < 0)`);
  expect(drift).toEqual([]);
}
