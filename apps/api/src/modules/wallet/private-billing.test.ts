import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { streams, type StreamRow } from '../streaming/streaming.tables';
import { earnings } from '../earnings/earnings.tables';
import { privateShowMinutes, walletCharges } from './wallet.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const balanceOf = async (who: Made) => (await t.app.inject({ method: 'GET', url: '/users/me', headers: who.auth })).json().data.balance as number;

/** A private show between them at `rate` (minor units) a minute, inserted directly (no media provider needed). */
async function privateShow(creator: Made, fan: Made, rate: number): Promise<StreamRow> {
  const [row] = await t.ctx.db
    .insert(streams)
    .values({ performerId: creator.user.id, type: 'private', title: 'Private show', price: rate, privateFanId: fan.user.id, provider: 'agora', channel: crypto.randomBytes(16).toString('hex') })
    .returning();
  return row!;
}

const minute = (s: StreamRow, fan: Made, n: number) => ({
  streamId: s.id, minute: n, userId: fan.user.id, performerId: s.performerId, amount: s.price!, description: `Private show with ${fan.user.username} — minute ${n + 1}`,
});

describe('PrivateShowCharger (per started minute)', () => {
  it('charges a minute exactly once when five sweeps ask for it at the same moment; the creator earns it as a stream sale', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 20, { card: true });
    const show = await privateShow(creator, fan, 300);

    const results = await Promise.all(Array.from({ length: 5 }, () => t.ctx.privateBilling.chargeMinute(minute(show, fan, 0))));
    expect(results.filter((r) => r.status === 'charged')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already')).toHaveLength(4);
    for (const r of results) expect(r.balance).toBe(1700);

    const charges = await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges).toEqual([expect.objectContaining({ type: 'stream', itemId: show.id, amount: 300, performerId: creator.user.id, description: `Private show with ${fan.user.username} — minute 1` })]);
    const rows = await t.ctx.db.select().from(privateShowMinutes).where(eq(privateShowMinutes.streamId, show.id));
    expect(rows).toEqual([expect.objectContaining({ minute: 0, userId: fan.user.id, chargeId: charges[0]!.id })]);
    const [earned] = await t.ctx.db.select().from(earnings).where(and(eq(earnings.performerId, creator.user.id), eq(earnings.source, `wallet_charge:${charges[0]!.id}`)));
    expect(earned).toMatchObject({ type: 'stream', gross: 300, userId: fan.user.id });
    expect(await balanceOf(fan)).toBe(17);

    // The next minute is a new charge; asking again for the first one changes nothing.
    expect(await t.ctx.privateBilling.chargeMinute(minute(show, fan, 1))).toEqual({ status: 'charged', balance: 1400 });
    expect(await t.ctx.privateBilling.chargeMinute(minute(show, fan, 0))).toEqual({ status: 'already', balance: 1400 });
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id))).toHaveLength(2);
    await expectLedgerBalanced(t);
  });

  it('a balance that does not cover the minute → insufficient, and nothing is written', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 5, { card: true });
    const show = await privateShow(creator, fan, 300);
    expect(await t.ctx.privateBilling.chargeMinute(minute(show, fan, 0))).toEqual({ status: 'charged', balance: 200 });
    expect(await t.ctx.privateBilling.chargeMinute(minute(show, fan, 1))).toEqual({ status: 'insufficient', balance: 200 });
    // Parallel attempts at the unaffordable minute: all refused, none written.
    const again = await Promise.all(Array.from({ length: 3 }, () => t.ctx.privateBilling.chargeMinute(minute(show, fan, 1))));
    expect(again.map((r) => r.status)).toEqual(['insufficient', 'insufficient', 'insufficient']);
    expect((await t.ctx.db.select().from(privateShowMinutes).where(eq(privateShowMinutes.streamId, show.id))).map((r) => r.minute)).toEqual([0]);
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id))).toHaveLength(1);
    expect(await t.ctx.privateBilling.balance(fan.user.id)).toBe(200);
    await expectLedgerBalanced(t);
  });
});
