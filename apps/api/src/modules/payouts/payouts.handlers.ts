import { eq } from 'drizzle-orm';
import { formatMoneyMinor, fromMinor } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { readerLocale, textsFor } from '../../platform/texts';
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
    const [u] = await db.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, p.performerId));
    if (!u?.email) return;
    // In the creator's language (users.locale); English keeps its "12.50 USD".
    const locale = readerLocale(u.locale);
    const t = textsFor(locale).payoutMail;
    const amount = locale === 'en' ? `${fmt(p.amount)} ${CURRENCY.toUpperCase()}` : formatMoneyMinor(p.amount, locale);
    const paid = p.status === 'paid';
    const title = paid ? t.paidTitle : t.declinedTitle;
    const body = paid ? t.paidBody(u.name ?? '', amount, p.method === 'stripe', p.adminNote) : t.declinedBody(u.name ?? '', amount, p.adminNote);
    await mailer.send({ to: u.email, subject: title, ...mailLayout(title, body) });
  };
  interactive.onSideEffect('payout.paid', 'payouts.mail', (e) => mail(e.payload.payoutId));
  interactive.onSideEffect('payout.rejected', 'payouts.mail', (e) => mail(e.payload.payoutId));
}
