import { eq } from 'drizzle-orm';
import { fromMinor } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { CURRENCY } from '../payments/payments.service';
import { users } from '../users/users.tables';
import { payoutRequests } from './payouts.tables';

/** What the payout event handlers are built with (root.ts). */
export interface PayoutHandlersDeps {
  db: Db;
  events: Events;
  mailer: Mailer;
}

const fmt = (minor: number) => fromMinor(minor).toFixed(2);

/**
 * The creator's e-mail when a payout request is paid or rejected: handlers of `payout.paid` and
 * `payout.rejected` (at least once; a failed send is retried by the event's handler job).
 */
export function registerPayoutHandlers({ db, events, mailer }: PayoutHandlersDeps): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  const mail = async (payoutId: string) => {
    const [p] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, payoutId));
    if (!p) return;
    const [u] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, p.performerId));
    if (!u?.email) return;
    const paid = p.status === 'paid';
    const title = paid ? 'Your payout has been sent' : 'Your payout request was declined';
    const body = paid
      ? `Hi ${u.name || 'there'}, your payout of ${fmt(p.amount)} ${CURRENCY.toUpperCase()} has been ${p.method === 'stripe' ? 'transferred to your Stripe account' : 'paid'}.${p.adminNote ? ` Note: ${p.adminNote}` : ''}`
      : `Hi ${u.name || 'there'}, your payout request of ${fmt(p.amount)} ${CURRENCY.toUpperCase()} was declined and the amount is available again.${p.adminNote ? ` Reason: ${p.adminNote}` : ''}`;
    await mailer.send({ to: u.email, subject: title, ...mailLayout(title, body) });
  };
  interactive.onSideEffect('payout.paid', 'payouts.mail', (e) => mail(e.payload.payoutId));
  interactive.onSideEffect('payout.rejected', 'payouts.mail', (e) => mail(e.payload.payoutId));
}
