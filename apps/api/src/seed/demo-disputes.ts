import { desc, eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import { users, type UserRow } from '../modules/users/users.tables';
import { disputes } from '../modules/payments/disputes.tables';
import { paymentTransactions } from '../modules/payments/payments.tables';
import { runWithRequestClient } from '../platform/request-context';

/** The demo's two fans whose card payments the console's Disputes and Payments pages show. */
export const DEMO_DISPUTE_FANS = {
  dana: { username: 'dana', email: 'dana@example.com', firstName: 'Dana', lastName: 'Doyle' },
  rory: { username: 'rory', email: 'rory@example.com', firstName: 'Rory', lastName: 'Reyes' },
} as const;

/** The client Dana's subscription is paid from in the demo (a documentation address, RFC 5737). */
export const DEMO_DANA_CLIENT = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1' };

/**
 * Disputes and refunds on a demo site (modules/payments README "Disputes", "Refunds to the card"),
 * through the sandbox gateway and the operator's own calls — the same code path as Stripe's events:
 * Dana's monthly subscription to Marco is disputed (open: Marco's share held back, Dana's spending
 * paused, evidence due); Rory's $40 top-up, $10 of it tipped to Iris, was disputed and lost (the
 * wallet's $30 taken back, the $10 and the fee the site's loss); Rory's next $20 top-up was
 * partly refunded to the card ($5). Their own fans, so the demo fan's money is untouched. Sandbox
 * only; once (skipped when any dispute exists).
 */
export async function seedDisputes(ctx: Root, p: { admin: UserRow; marco: UserRow; iris: UserRow; password: string }) {
  if ((await ctx.payments.gatewayName()) !== 'sandbox') return;
  const [any] = await ctx.db.select({ id: disputes.id }).from(disputes).limit(1);
  if (any) return;
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const fan = async (a: (typeof DEMO_DISPUTE_FANS)[keyof typeof DEMO_DISPUTE_FANS]) => {
    const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
    const u = existing ?? (await ctx.auth.createAccount({ ...a, password: p.password, country: 'US', gender: 'male', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false }));
    const [row] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
    if (!existing) await ctx.payments.addCard(row!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
    return row!;
  };
  const latestPayment = async (userId: string) => (await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId)).orderBy(desc(paymentTransactions.createdAt)).limit(1))[0]!;

  // An open dispute of a subscription period.
  const dana = await fan(DEMO_DISPUTE_FANS.dana);
  // As if from Dana's phone: the payment keeps that client (payments README "Client records"), the dispute's evidence shows it.
  await runWithRequestClient(DEMO_DANA_CLIENT, () => ctx.subscriptions.subscribe(dana, { performerId: p.marco.id, type: 'monthly' }));
  await ctx.disputesAdmin.simulate(actor, { paymentId: (await latestPayment(dana.id)).id, reason: 'subscription_canceled' });

  // A lost dispute of a partly spent top-up, then a partial refund of the next one.
  const rory = await fan(DEMO_DISPUTE_FANS.rory);
  await ctx.payments.topUp(rory, { amount: 40 }, 'demo-seed-dispute');
  const tip = { price: 10, message: 'Great tutorial!' };
  await ctx.wallet.charge(rory, 'tip', p.iris.id, tip, 'demo-seed-dispute-tip', JSON.stringify(tip), { requestCountry: null });
  const disputed = (await latestPayment(rory.id)).id;
  await ctx.disputesAdmin.simulate(actor, { paymentId: disputed, reason: 'fraudulent' });
  await ctx.disputesAdmin.simulate(actor, { paymentId: disputed, reason: 'fraudulent', outcome: 'lost' });
  await ctx.payments.topUp(rory, { amount: 20 }, 'demo-seed-refund');
  await ctx.refunds.refund(actor, (await latestPayment(rory.id)).id, { amount: 5, reason: 'Charged twice by mistake' }, 'demo-seed-refund');
}
