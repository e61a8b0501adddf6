import { and, count, desc, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, fromMinor, toMinor, type Card, type PaymentTransaction, type PaymentTransactionSearch, type TopUpResult, type WalletTopUpInput } from '@stagepass/shared';
import { dateRange } from '../../platform/date-range';
import type { DbOrTx, Tx } from '../../db/client';
import { HttpError, badRequest, fieldError, notFound } from '../../platform/errors';
import { CardError, type PaymentGateway, type StripeFactory } from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox';
import { users, type UserRow } from '../users/users.tables';
import { SITE, wallet } from '../ledger/ledger.service';
import { gatewayCustomers, paymentCards, paymentTransactions, performerPayoutAccounts, type GatewayName, type PaymentCardRow, type PaymentTransactionRow } from './payments.tables';
import { disputes } from './disputes.tables';
import { recordSandboxMovement } from './reconciliation.sandbox';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import { clientColumns, requestClient, type RequestClient } from '../../platform/request-context';
import { metrics } from '../../platform/metrics';

/** Site currency (ISO 4217, lower case as Stripe wants it). */
export const CURRENCY = 'usd';

/** 402-style refusal by the card network, shown to the user as is. */
export const cardRefused = (message: string) => new HttpError(422, message);

/** What PaymentsService is built with (by the composition root, root.ts). */
export interface PaymentsDeps {
  /** The Stripe provider's factory (platform/payments/stripe.ts); null → no Stripe. */
  stripe: StripeFactory | null;
  config: Config;
  db: Db;
  ledger: LedgerService;
  settings: SettingsService;
  /** A subscription period's sales tax: quoted when its payment is created, booked when it is paid (taxes README "Sales tax"). */
  taxes: Pick<SalesTaxService, 'quote' | 'record' | 'ofSale'>;
  users: UsersService;
}

/**
 * Cards, wallet top-ups and the card-payment records; the choice of gateway.
 *
 * Gateway: `paymentGateway` = stripe with a secret key configured → Stripe. Otherwise the sandbox,
 * except with NODE_ENV=production, where payments are then unavailable (503) rather than fake.
 */
export class PaymentsService {
  private sandbox = new SandboxGateway();
  private stripeGateway: { key: string; gateway: PaymentGateway } | null = null;

  /** `stripeFactory`: the Stripe provider, passed in by the composition root (this file never imports the SDK); null → no Stripe. */
  constructor(private deps: PaymentsDeps) {}

  async gatewayName(): Promise<GatewayName | null> {
    const s = await this.deps.settings.all();
    if (s.paymentGateway === 'stripe' && s.stripeSecretKey && this.deps.stripe) return 'stripe';
    return this.deps.config.NODE_ENV === 'production' ? null : 'sandbox';
  }

  /** The active gateway, or 503 when none may run. */
  async gateway(): Promise<PaymentGateway> {
    const name = await this.gatewayName();
    if (name === 'sandbox') return this.sandbox;
    if (name === 'stripe') {
      const s = await this.deps.settings.all();
      const key = `${s.stripeSecretKey}|${s.stripeWebhookSecret}`;
      if (this.stripeGateway?.key !== key) this.stripeGateway = { key, gateway: this.deps.stripe!(s.stripeSecretKey, s.stripeWebhookSecret) };
      return this.stripeGateway.gateway;
    }
    throw new HttpError(503, MESSAGES.paymentsUnavailable);
  }

  /** The gateway a stored record belongs to (for follow-up calls such as cancel), 503 if it is not the active one. */
  async gatewayFor(name: GatewayName): Promise<PaymentGateway> {
    const gw = await this.gateway();
    if (gw.name !== name) throw new HttpError(503, MESSAGES.paymentsUnavailable);
    return gw;
  }

  /**
   * The spending pause (payments README "Disputes"): a fan with a card payment under dispute (open:
   * `closed_at` null) may not top up, subscribe or spend the wallet until it closes → 403. One
   * indexed lookup (disputes_open_user_idx).
   */
  async assertMaySpend(userId: string): Promise<void> {
    if (await this.spendingPaused(userId)) throw new HttpError(403, MESSAGES.spendingPaused);
  }

  /**
   * THE spending-pause fact (a dispute of the fan's is open), for the spends that are not requests:
   * renewals of their subscriptions and the minutes of a private show (README "Disputes"). `db`:
   * the caller's transaction when it has one (PGlite has one connection).
   */
  async spendingPaused(userId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    const [open] = await db.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.userId, userId), isNull(disputes.closedAt))).limit(1);
    return !!open;
  }

  /** Whether a dispute is still open (the subscriptions module's suspension handler asks, in its transaction). */
  async isDisputeOpen(disputeId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    const [row] = await db.select({ closedAt: disputes.closedAt }).from(disputes).where(eq(disputes.id, disputeId));
    return !!row && row.closedAt === null;
  }

  async customerId(user: UserRow, gw: PaymentGateway): Promise<string> {
    const [row] = await this.deps.db.select().from(gatewayCustomers).where(and(eq(gatewayCustomers.userId, user.id), eq(gatewayCustomers.gateway, gw.name)));
    if (row) return row.customerId;
    const id = await gw.createCustomer({ id: user.id, email: user.email, name: user.name });
    const [mine] = await this.deps.db.insert(gatewayCustomers).values({ userId: user.id, gateway: gw.name, customerId: id }).onConflictDoNothing().returning({ customerId: gatewayCustomers.customerId });
    if (mine) return mine.customerId;
    // A concurrent first payment stored its customer first: that one is the user's.
    const [again] = await this.deps.db.select().from(gatewayCustomers).where(and(eq(gatewayCustomers.userId, user.id), eq(gatewayCustomers.gateway, gw.name)));
    return again.customerId;
  }

  // ── Cards ──────────────────────────────────────────────────────────────────────────────────
  toCard(r: PaymentCardRow): Card {
    return { _id: r.id, gateway: r.gateway, brand: r.brand, last4: r.last4, expMonth: r.expMonth, expYear: r.expYear, holderName: r.holderName, isDefault: r.isDefault, createdAt: r.createdAt.toISOString() };
  }

  async listCards(user: UserRow): Promise<Card[]> {
    const name = await this.gatewayName();
    if (!name) return [];
    const rows = await this.deps.db.select().from(paymentCards).where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, name))).orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt));
    return rows.map((r) => this.toCard(r));
  }

  /** POST /{provider}/cards: the provider must be the active gateway. The first card becomes the default. */
  async addCard(user: UserRow, provider: string, body: unknown): Promise<Card> {
    const gw = await this.gateway();
    if (provider !== gw.name) throw badRequest(`Cards are added with the ${gw.name} gateway on this site`);
    const customerId = await this.customerId(user, gw);
    let saved;
    try {
      saved = await gw.attachCard(customerId, body);
    } catch (err) {
      if (err instanceof CardError) throw fieldError(err.code === 'expired_card' ? 'expYear' : 'number', err.message);
      throw err;
    }
    const row = await this.deps.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(paymentCards).where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, gw.name)));
      const [r] = await tx
        .insert(paymentCards)
        .values({ userId: user.id, gateway: gw.name, providerCardId: saved.providerCardId, brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear, holderName: saved.holderName ?? null, isDefault: Number(n) === 0 })
        .returning();
      return r;
    });
    return this.toCard(row);
  }

  async removeCard(user: UserRow, id: string): Promise<void> {
    const [row] = await this.deps.db.select().from(paymentCards).where(eq(paymentCards.id, id));
    if (!row || row.userId !== user.id) throw notFound('Card not found');
    const gw = await this.gateway().catch(() => null);
    if (gw && gw.name === row.gateway) await gw.detachCard(row.providerCardId);
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(paymentCards).where(eq(paymentCards.id, id));
      if (row.isDefault) {
        const [next] = await tx.select({ id: paymentCards.id }).from(paymentCards).where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, row.gateway))).orderBy(desc(paymentCards.createdAt)).limit(1);
        if (next) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
      }
    });
  }

  /** The card to charge: the given one (must be the caller's, on the active gateway) or the default. */
  async cardToCharge(user: UserRow, gw: PaymentGateway, cardId?: string): Promise<PaymentCardRow> {
    const conds = [eq(paymentCards.userId, user.id), eq(paymentCards.gateway, gw.name)];
    const [row] = cardId
      ? await this.deps.db.select().from(paymentCards).where(and(...conds, eq(paymentCards.id, cardId)))
      : await this.deps.db.select().from(paymentCards).where(and(...conds)).orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt)).limit(1);
    if (!row) throw cardId ? fieldError('cardId', 'Card not found') : new HttpError(422, MESSAGES.noCard);
    return row;
  }

  // ── Wallet top-up ──────────────────────────────────────────────────────────────────────────
  async checkRange(what: string, field: string, amount: number, minKey: 'minimumWalletPrice' | 'minimumTipPrice' | 'minimumSubscriptionPrice', maxKey: 'maximumWalletPrice' | 'maximumTipPrice' | 'maximumSubscriptionPrice') {
    return this.deps.settings.checkAmountRange(what, field, amount, minKey, maxKey);
  }

  /**
   * Charges the card and credits the wallet when the gateway confirms — synchronously (sandbox,
   * Stripe without 3-D Secure) or later by webhook (payment_intent.succeeded). `gatewayKey` makes
   * the gateway call itself idempotent across retries with the same Idempotency-Key.
   */
  async topUp(user: UserRow, input: WalletTopUpInput, gatewayKey: string | undefined): Promise<TopUpResult> {
    if (user.isPerformer) throw new HttpError(403, 'Wallets are for fans; creators are paid through earnings');
    await this.assertMaySpend(user.id);
    await this.checkRange('top-up amount', 'amount', input.amount, 'minimumWalletPrice', 'maximumWalletPrice');
    const gw = await this.gateway();
    const card = await this.cardToCharge(user, gw, input.cardId);
    const customerId = await this.customerId(user, gw);
    const amount = toMinor(input.amount);
    const [payment] = await this.deps.db
      .insert(paymentTransactions)
      .values({ userId: user.id, type: 'wallet_topup', gateway: gw.name, cardId: card.id, amount, originalAmount: amount, description: 'Wallet top-up', ...clientColumns(requestClient()) })
      .returning();
    const result = await gw.charge({
      customerId, providerCardId: card.providerCardId, amount, currency: CURRENCY, description: 'Wallet top-up',
      idempotencyKey: gatewayKey ? `topup:${user.id}:${gatewayKey}` : `payment:${payment.id}`, metadata: { paymentId: payment.id, userId: user.id, type: 'wallet_topup' },
      onSession: true,
    });
    if (result.status === 'succeeded') await this.settle(payment.id, result.gatewayRef);
    else if (result.status === 'failed') await this.fail(payment.id, result.gatewayRef, result.failureMessage ?? 'Your card was declined.');
    else await this.deps.db.update(paymentTransactions).set({ gatewayRef: result.gatewayRef }).where(eq(paymentTransactions.id, payment.id));
    if (result.status === 'failed') throw cardRefused(result.failureMessage ?? 'Your card was declined.');
    const [fresh] = await this.views([await this.byId(payment.id)]);
    const nextAction = result.status === 'pending' && result.clientSecret ? { type: 'authenticate' as const, clientSecret: result.clientSecret } : null;
    return { transaction: fresh, balance: fromMinor(await this.deps.ledger.balance(this.deps.db, wallet(user.id))), nextAction };
  }

  async byId(id: string): Promise<PaymentTransactionRow> {
    const [row] = await this.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    if (!row) throw notFound('Payment not found');
    return row;
  }
  async byGatewayRef(gateway: GatewayName, ref: string, tx: Tx | Db = this.deps.db): Promise<PaymentTransactionRow | null> {
    const [row] = await tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.gateway, gateway), eq(paymentTransactions.gatewayRef, ref)));
    return row ?? null;
  }

  /**
   * pending → succeeded, exactly once (conditional update), with the money movement in the same
   * transaction: a top-up credits the wallet; a subscription payment is a sale (earnings +
   * commission) and `onSubscriptionPaid` extends the subscription. A second call (webhook after
   * the synchronous answer, or a replayed event) changes nothing and returns false.
   */
  async settle(paymentId: string, gatewayRef: string, txIn?: Tx, onSubscriptionPaid?: (tx: Tx, p: PaymentTransactionRow) => Promise<void>): Promise<boolean> {
    const run = async (tx: Tx) => {
      // The charge disputes and refunds will name: the gateway's reference, except a Stripe
      // subscription period's (its invoice; invoice.paid sets the PaymentIntent: stripe.webhooks.ts).
      // A tier upgrade's difference on Stripe is a PaymentIntent of ours (pi_…): it names itself.
      const ownIntent = gatewayRef.startsWith('pi_');
      const [p] = await tx
        .update(paymentTransactions)
        .set({ status: 'succeeded', gatewayRef, chargeRef: ownIntent ? gatewayRef : sql`case when ${paymentTransactions.type} = 'subscription' and ${paymentTransactions.gateway} = 'stripe' then ${paymentTransactions.chargeRef} else ${gatewayRef} end` })
        .where(and(eq(paymentTransactions.id, paymentId), eq(paymentTransactions.status, 'pending')))
        .returning();
      if (!p) return false;
      let ledgerTxId: string | null;
      if (p.type === 'wallet_topup') {
        const t = await this.deps.ledger.post(tx, { type: 'wallet_topup', reference: `payment:${p.id}`, description: p.description, postings: [{ account: SITE.gateway, amount: -p.amount }, { account: wallet(p.userId), amount: p.amount }] });
        ledgerTxId = t.id;
      } else {
        // The card paid the period's price and its sales tax (quoted when the payment was created): the split is on the rest.
        const t = await this.deps.taxes.ofSale(tx, `payment:${p.id}`);
        const tax = t && t.tax <= p.amount ? { amount: t.tax, country: t.country, region: t.region } : null;
        const sale = await this.deps.ledger.recordSale(tx, { performerId: p.performerId!, userId: p.userId, type: 'subscription', source: `payment:${p.id}`, gross: p.amount - (tax?.amount ?? 0), tax, description: p.description, from: SITE.gateway, ledgerType: 'subscription' });
        ledgerTxId = sale?.ledgerTx.id ?? null;
        await onSubscriptionPaid?.(tx, p);
      }
      await tx.update(paymentTransactions).set({ ledgerTransactionId: ledgerTxId }).where(eq(paymentTransactions.id, p.id));
      // The sandbox's own books (README "Reconciliation"): the charge, in the transaction that books it.
      if (p.gateway === 'sandbox' && p.amount > 0) await recordSandboxMovement(tx, { type: 'charge', source: p.chargeRef ?? gatewayRef, amount: p.amount, description: p.description });
      return true;
    };
    return txIn ? run(txIn) : this.deps.db.transaction(run);
  }

  /** pending → failed (once). */
  async fail(paymentId: string, gatewayRef: string | null, message: string, tx: Tx | Db = this.deps.db): Promise<boolean> {
    const rows = await tx.update(paymentTransactions).set({ status: 'failed', gatewayRef, failureMessage: message }).where(and(eq(paymentTransactions.id, paymentId), eq(paymentTransactions.status, 'pending'))).returning({ id: paymentTransactions.id, gateway: paymentTransactions.gateway });
    // The one path to a failed payment: counted here (platform/metrics.ts; the failed-payments alert).
    for (const r of rows) metrics.paymentsFailed.inc({ gateway: r.gateway });
    return rows.length > 0;
  }

  // ── Writes other modules ask for (this module owns the tables), in the caller's transaction ──

  /** A pending card payment for one subscription period (subscriptions: first period, renewals). A second pending payment of the same subscription violates a unique index (the caller decides). */
  async createSubscriptionPayment(
    tx: DbOrTx,
    v: { userId: string; performerId: string; gateway: GatewayName; cardId: string | null; amount: number; subscriptionId: string; description: string; client?: RequestClient | null },
  ): Promise<PaymentTransactionRow> {
    const { client, ...values } = v;
    const [row] = await tx.insert(paymentTransactions).values({ ...values, type: 'subscription', originalAmount: v.amount, ...clientColumns(client ?? null) }).returning();
    return row!;
  }

  /** Clears the kept client (address, user agent) of payments made before `before` (README "Client records"); how many. */
  async purgeClientRecords(before: Date): Promise<number> {
    const rows = await this.deps.db
      .update(paymentTransactions)
      .set({ clientIp: null, clientDevice: null })
      .where(and(lt(paymentTransactions.createdAt, before), or(isNotNull(paymentTransactions.clientIp), isNotNull(paymentTransactions.clientDevice))))
      .returning({ id: paymentTransactions.id });
    return rows.length;
  }

  /** The amount to charge after a coupon was redeemed for the (pending) payment. */
  async applyCoupon(tx: DbOrTx, paymentId: string, amount: number, couponId: string | null): Promise<PaymentTransactionRow> {
    const [row] = await tx.update(paymentTransactions).set({ amount, couponId }).where(eq(paymentTransactions.id, paymentId)).returning();
    return row!;
  }

  /**
   * A pending subscription payment's sales tax, in the transaction that created it: quoted on its
   * amount (after any coupon) at the fan's place now, recorded (`sale_taxes`, `payment:<id>`) and
   * the amount to charge set to the total (an exclusive tax on top; an inclusive one is inside).
   * `settle` books it. A renewal has no request (`requestCountry` null, `background`).
   */
  async taxSubscriptionPayment(tx: Tx, p: PaymentTransactionRow, o: { requestCountry: string | null; background?: boolean }): Promise<PaymentTransactionRow> {
    const q = await this.deps.taxes.quote(tx, { userId: p.userId, kind: 'subscription', price: p.amount, requestCountry: o.requestCountry, background: o.background, source: `payment:${p.id}` });
    if (q.tax === 0) return p;
    await this.deps.taxes.record(tx, `payment:${p.id}`, p.userId, q);
    const [row] = await tx.update(paymentTransactions).set({ amount: q.total }).where(eq(paymentTransactions.id, p.id)).returning();
    return row!;
  }

  /** The gateway's reference of a payment still in flight (settled later by a webhook). */
  async setGatewayRef(paymentId: string, gatewayRef: string, tx: DbOrTx = this.deps.db): Promise<void> {
    await tx.update(paymentTransactions).set({ gatewayRef }).where(eq(paymentTransactions.id, paymentId));
  }

  /** A creator's payout details (payouts' settings pages): `banking` or `gatewaySettings`, the Stripe columns untouched. */
  async savePayoutDetails(userId: string, patch: { banking: Record<string, string> } | { gatewaySettings: Record<string, string> }, tx: DbOrTx = this.deps.db): Promise<void> {
    await tx
      .insert(performerPayoutAccounts)
      .values({ userId, ...patch })
      .onConflictDoUpdate({ target: performerPayoutAccounts.userId, set: { ...patch, updatedAt: new Date() } });
  }

  /** Stripe Connect onboarding (POST /stripe/accounts): the creator's account (created on first use, kept in performer_payout_accounts) and a fresh link. */
  async stripeConnectOnboarding(user: UserRow, links: { returnUrl: string; refreshUrl?: string }): Promise<{ url: string; accountId: string }> {
    const gw = await this.gateway().catch(() => null);
    if (!gw || gw.name !== 'stripe' || !gw.connect) throw badRequest('Stripe payouts are not available: this site does not use Stripe as its payment gateway');
    const [row] = await this.deps.db.select({ accountId: performerPayoutAccounts.stripeAccountId }).from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, user.id));
    let accountId = row?.accountId ?? null;
    if (!accountId) {
      const created = await gw.connect.createAccount({ id: user.id, email: user.email, country: user.country ?? null });
      // Two concurrent requests get the same account from Stripe (idempotency key per user); the first stored id wins.
      const [saved] = await this.deps.db
        .insert(performerPayoutAccounts)
        .values({ userId: user.id, stripeAccountId: created })
        .onConflictDoUpdate({ target: performerPayoutAccounts.userId, set: { stripeAccountId: sql`coalesce(${performerPayoutAccounts.stripeAccountId}, excluded.stripe_account_id)` } })
        .returning({ accountId: performerPayoutAccounts.stripeAccountId });
      accountId = saved!.accountId!;
    }
    return { url: await gw.connect.onboardingLink(accountId, links.returnUrl, links.refreshUrl ?? links.returnUrl), accountId };
  }

  // ── Lists ──────────────────────────────────────────────────────────────────────────────────
  async views(rows: PaymentTransactionRow[]): Promise<PaymentTransaction[]> {
    const performerIds = [...new Set(rows.map((r) => r.performerId).filter((x): x is string => !!x))];
    const cardIds = [...new Set(rows.map((r) => r.cardId).filter((x): x is string => !!x))];
    const [performers, cards] = await Promise.all([
      performerIds.length ? this.deps.db.select().from(users).where(inArray(users.id, performerIds)) : [],
      cardIds.length ? this.deps.db.select({ id: paymentCards.id, brand: paymentCards.brand, last4: paymentCards.last4 }).from(paymentCards).where(inArray(paymentCards.id, cardIds)) : [],
    ]);
    const pById = new Map(performers.map((u) => [u.id, u]));
    const cById = new Map(cards.map((c) => [c.id, c]));
    return rows.map((r) => {
      const perf = r.performerId ? pById.get(r.performerId) : undefined;
      const card = r.cardId ? cById.get(r.cardId) : undefined;
      return {
        _id: r.id, type: r.type, status: r.status, gateway: r.gateway, amount: fromMinor(r.amount), originalAmount: fromMinor(r.originalAmount),
        description: r.description, failureMessage: r.failureMessage, performer: perf ? this.deps.users.card(perf) : null,
        card: card ? { brand: card.brand, last4: card.last4 } : null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  /** GET /payment/transactions/user/search: the caller's own card payments (admins: anyone's with userId). */
  async search(userId: string, q: PaymentTransactionSearch): Promise<{ data: PaymentTransaction[]; total: number }> {
    const conds: SQL[] = [eq(paymentTransactions.userId, userId)];
    if (q.type) conds.push(eq(paymentTransactions.type, q.type));
    if (q.status) conds.push(eq(paymentTransactions.status, q.status));
    conds.push(...dateRange(paymentTransactions.createdAt, q.fromDate, q.toDate));
    const where = and(...conds);
    const col = { createdAt: paymentTransactions.createdAt, updatedAt: paymentTransactions.updatedAt, amount: paymentTransactions.amount }[q.sortBy];
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(paymentTransactions).where(where).orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(paymentTransactions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(paymentTransactions).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }
}
