import { eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { earnings } from '../modules/earnings/earnings.tables';
import { ledgerEntries, ledgerTransactions } from '../modules/ledger/ledger.tables';
import { walletCharges } from '../modules/wallet/wallet.tables';
import { rebuildMoneyRollups } from '../modules/statistics/statistics.backfill';

/** The fan whose tips give Luna 90 days of earnings history. */
export const DEMO_STATISTICS_FAN = { username: 'sam_tips', email: 'sam@example.com', firstName: 'Sam', lastName: 'Tipper' } as const;
const HISTORY_DAYS = 90;
const TIPS = 18;

/**
 * Statistics (modules/statistics): Luna's 90 days of history. A fan tops up through the sandbox
 * gateway and tips her through the wallet like anyone (THE sale path: ledger, earnings rows,
 * `earning.recorded`); each tip (its charge, ledger transaction and entries, earnings row) is then
 * dated back over the last 90 days, and her money rollups are made again from her earnings rows
 * (`rebuildMoneyRollups`, the migration's backfill for one creator), so the statistics match her
 * earnings to the cent. Once: only when the fan is missing.
 */
export async function seedStatistics(ctx: Root, o: { luna: UserRow; password: string; sandbox: boolean }) {
  if (o.sandbox) {
    const a = DEMO_STATISTICS_FAN;
    const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
    if (!existing) {
      const u = await ctx.auth.createAccount({ username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: o.password, country: 'US', gender: 'male', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
      const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
      await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
      await ctx.payments.topUp(fan!, { amount: 300 }, 'demo-statistics-topup');
      const now = ctx.clock.now().getTime();
      for (let i = 0; i < TIPS; i++) {
        const tip = { price: 10 + ((i * 7) % 13), message: 'For the music' };
        const r = await ctx.wallet.charge(fan!, 'tip', o.luna.id, tip, `demo-statistics-tip-${i}`, JSON.stringify(tip), { requestCountry: null });
        const chargeId = r.body.charge._id;
        // Spread over the last 90 days, afternoons and evenings (UTC).
        const at = new Date(now - Math.round(((HISTORY_DAYS - 1) * (TIPS - i)) / TIPS) * 86_400_000 - ((i * 5) % 9) * 3_600_000);
        await ctx.db.transaction(async (tx) => {
          const [row] = await tx.update(earnings).set({ createdAt: at }).where(eq(earnings.source, `wallet_charge:${chargeId}`)).returning({ tx: earnings.ledgerTransactionId });
          await tx.update(walletCharges).set({ createdAt: at }).where(eq(walletCharges.id, chargeId));
          if (row) {
            await tx.update(ledgerTransactions).set({ createdAt: at }).where(eq(ledgerTransactions.id, row.tx));
            await tx.update(ledgerEntries).set({ createdAt: at }).where(eq(ledgerEntries.transactionId, row.tx));
          }
        });
      }
    }
  }
  await rebuildMoneyRollups(ctx.db, o.luna.id);
}
