import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { textsFor } from '../../platform/texts';
import type { SettingsService } from '../settings/settings.service';
import { users } from '../users/users.tables';
import type { ContactService } from './site.contact';

/** What the site's event handlers are built with (root.ts). */
export interface SiteHandlersDeps {
  config: Pick<Config, 'PUBLIC_WEB_URL'>;
  contact: Pick<ContactService, 'byId'>;
  db: Db;
  events: Events;
  mailer: Mailer;
  settings: Pick<SettingsService, 'get'>;
}

/**
 * Where contact messages go: the contactEmail setting (in English), else every active administrator
 * with an address, each in their language (users.locale).
 */
async function operatorAddresses(db: Db, settings: SiteHandlersDeps['settings']): Promise<Array<{ email: string; locale: string | null }>> {
  const set = await settings.get('contactEmail');
  if (set) return [{ email: set, locale: null }];
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(sql`${users.roles} @> '["admin"]'::jsonb`, eq(users.status, 'active')));
  const byEmail = new Map<string, string | null>();
  for (const r of rows) if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r.locale);
  return [...byEmail].map(([email, locale]) => ({ email, locale }));
}

/**
 * The contact form's e-mails, sent by event handlers (at least once; a failed send is retried by
 * the handler job), never inside the request:
 * - `contact.received` → the operator (contactEmail, or every admin), Reply-To the sender;
 * - `contact.answered` → the sender, with the operator's answer and their own message quoted.
 */
export function registerSiteHandlers({ config, contact, db, events, mailer, settings }: SiteHandlersDeps): void {
  events.onSideEffect('contact.received', 'site.contact-mail', async (e) => {
    const m = await contact.byId(e.payload.messageId);
    if (!m) return;
    const to = await operatorAddresses(db, settings);
    if (!to.length) return;
    const site = await settings.get('siteName');
    for (const addr of to) {
      const t = textsFor(addr.locale).contactMail;
      const title = t.receivedTitle(m.name);
      const layout = mailLayout(title, t.receivedBody(m.name, m.email, site, m.message), { label: t.receivedAction, url: `${config.PUBLIC_WEB_URL}/admin/contact?id=${m.id}` });
      await mailer.send({ to: addr.email, subject: `[${site}] ${title}`, headers: { 'Reply-To': m.email }, ...layout });
    }
  });

  events.onSideEffect('contact.answered', 'site.contact-answer-mail', async (e) => {
    const m = await contact.byId(e.payload.messageId);
    if (!m?.answer) return;
    const site = await settings.get('siteName');
    // The sender's language when they wrote signed in (users.locale), else English.
    const [sender] = m.userId ? await db.select({ locale: users.locale }).from(users).where(eq(users.id, m.userId)) : [];
    const t = textsFor(sender?.locale).contactMail;
    const title = t.answerTitle(site);
    const body = t.answerBody(m.name, m.answer, site, m.message.split('\n').map((l) => `> ${l}`).join('\n'));
    await mailer.send({ to: m.email, subject: title, ...mailLayout(title, body) });
  });
}
