import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
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

/** Where contact messages go: the contactEmail setting, else every active administrator with an address. */
async function operatorAddresses(db: Db, settings: SiteHandlersDeps['settings']): Promise<string[]> {
  const set = await settings.get('contactEmail');
  if (set) return [set];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(sql`${users.roles} @> '["admin"]'::jsonb`, eq(users.status, 'active')));
  return [...new Set(rows.map((r) => r.email).filter((e): e is string => Boolean(e)))];
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
    const title = `New contact message from ${m.name}`;
    const body = `${m.name} <${m.email}> wrote through the contact form of ${site}:\n\n${m.message}`;
    const layout = mailLayout(title, body, { label: 'Open the inbox', url: `${config.PUBLIC_WEB_URL}/admin/contact?id=${m.id}` });
    for (const addr of to) await mailer.send({ to: addr, subject: `[${site}] ${title}`, headers: { 'Reply-To': m.email }, ...layout });
  });

  events.onSideEffect('contact.answered', 'site.contact-answer-mail', async (e) => {
    const m = await contact.byId(e.payload.messageId);
    if (!m?.answer) return;
    const site = await settings.get('siteName');
    const title = `Re: your message to ${site}`;
    const body = `Hi ${m.name},\n\n${m.answer}\n\n— ${site}\n\nYour message:\n${m.message.split('\n').map((l) => `> ${l}`).join('\n')}`;
    await mailer.send({ to: m.email, subject: title, ...mailLayout(title, body) });
  });
}
