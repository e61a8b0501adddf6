import { and, asc, eq, inArray } from 'drizzle-orm';
import { sanitizePageHtml } from '@stagepass/shared/rich-text';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import { users, type UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { reports } from '../modules/reports/reports.tables';
import { contactMessages, sitePages, sitePromos } from '../modules/site/site.tables';
import type { DemoMediaMaker } from './demo-media';

const DAY = 864e5;

const OLD_TERMS = '<h2>Using Stagepass</h2><p>Creators own what they publish and set their own prices. Fans pay from their wallet; every purchase is final unless the creator or the team refunds it.</p><h3>What is not allowed</h3><ul><li>Content that is not yours to sell</li><li>Harassment of creators or fans</li><li>Anything illegal where you or the viewer live</li></ul>';
const OLD_FAQ = '<h2>How do I pay a creator?</h2><p>Top up your wallet with a card, then subscribe, tip, unlock posts or buy from their shop.</p><h2>Can I get a refund?</h2><p>Write to us from the <a href="/contact">contact page</a>: the team answers by e-mail.</p>';

/**
 * The footer's pages of a demo site, as the product works: subscriptions are charged to a card
 * (and renew monthly until cancelled); tips, unlocks, the shop, tickets and private shows are paid
 * from the wallet, topped up with a card. `replaces`: earlier seeded wordings, brought up to date
 * on an existing demo site unless the operator edited the page since (issue 26 §4.6).
 */
export const DEMO_PAGES: ReadonlyArray<{ title: string; body: string; replaces: readonly string[] }> = [
  {
    title: 'Terms of service',
    body: '<h2>Using Stagepass</h2><p>Creators own what they publish and set their own prices.</p><h3>Paying</h3><ul><li>Subscriptions are charged to your card every month and renew until you cancel; a free trial, where a creator offers one, needs a card too.</li><li>Tips, pay-per-view posts, videos, galleries, shop orders, live stream tickets and private shows are paid from your wallet, which you top up with a card.</li></ul><p>Every purchase is final unless the creator or the team refunds it.</p><h3>What is not allowed</h3><ul><li>Content that is not yours to sell</li><li>Harassment of creators or fans</li><li>Anything illegal where you or the viewer live</li></ul>',
    replaces: [OLD_TERMS],
  },
  {
    title: 'Privacy policy',
    body: '<h2>What we keep</h2><p>Your account details, what you bought and from whom, and the messages you send. Identity documents of creators are private files only the team can open, through links that expire within minutes.</p><p>We never sell your data.</p>',
    replaces: [],
  },
  {
    title: 'FAQ',
    body: '<h2>How do I subscribe to a creator?</h2><p>Press Subscribe on their page and pay with a card: the subscription is charged to that card every month until you cancel it (you keep access until the end of the month you paid for).</p><h2>How do I tip or buy?</h2><p>Top up your wallet with a card, then tip, unlock posts, videos and galleries, buy from the shop or get a ticket to a live stream: those are paid from your wallet.</p><h2>Can I get a refund?</h2><p>Write to us from the <a href="/contact">contact page</a>: the team answers by e-mail.</p>',
    replaces: [OLD_FAQ],
  },
];

/** The new body of a seeded demo page still in an earlier wording; null when it is current or was edited. */
export function demoPageUpdate(title: string, storedBody: string): string | null {
  const page = DEMO_PAGES.find((p) => p.title === title);
  if (!page || storedBody === page.body) return null;
  return page.replaces.some((old) => old === storedBody || sanitizePageHtml(old) === storedBody) ? page.body : null;
}

/**
 * What the operator console shows on a fresh demo site (issue 14), through the same services the
 * console uses: the footer's static pages (terms, privacy, FAQ), a promo in the home page's right
 * column, an open report by the fan on one of Marco's posts and a visitor's contact message. The
 * operator's own steps are audited as theirs. Each step runs once: it is skipped when its records exist.
 */
export async function seedConsole(ctx: Root, p: { admin: UserRow; fan: UserRow; marco: UserRow; colors: [string, string]; maker: () => Promise<DemoMediaMaker> }) {
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const [hasPage] = await ctx.db.select({ id: sitePages.id }).from(sitePages).limit(1);
  if (!hasPage) {
    for (const [i, page] of DEMO_PAGES.entries()) await ctx.sitePages.create({ title: page.title, body: page.body, status: 'published', showInFooter: true, sortOrder: i }, actor);
  } else {
    const rows = await ctx.db.select({ id: sitePages.id, title: sitePages.title, body: sitePages.body }).from(sitePages).where(inArray(sitePages.title, DEMO_PAGES.map((p) => p.title)));
    for (const row of rows) {
      const body = demoPageUpdate(row.title, row.body);
      if (body) await ctx.sitePages.update(row.id, { body }, actor);
    }
  }
  const [hasPromo] = await ctx.db.select({ id: sitePromos.id }).from(sitePromos).limit(1);
  if (!hasPromo) {
    const m = await p.maker();
    const image = await ctx.sitePromos.storeImage(actor, 'promo', await m.photo(p.colors, 'Saturday sessions', 'live every week'));
    const now = Date.now();
    await ctx.sitePromos.create({ title: 'Saturday sessions: live every week', imageId: image._id, link: '/search', position: 'sidebar', sortOrder: 0, startAt: new Date(now - DAY).toISOString(), endAt: new Date(now + 90 * DAY).toISOString() }, actor);
  }
  const [hasReport] = await ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, p.fan.id)).limit(1);
  if (!hasReport) {
    const [post] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, p.marco.id), eq(feeds.status, 'published'))).orderBy(asc(feeds.createdAt)).limit(1);
    if (post) await ctx.reports.create(p.fan, { target: 'feed', targetId: post.id, reason: 'spam', description: 'The same link posted in every comment section.' });
  }
  const [hasMessage] = await ctx.db.select({ id: contactMessages.id }).from(contactMessages).limit(1);
  if (!hasMessage) {
    await ctx.contact.send({ name: 'Sam Visitor', email: 'sam.visitor@example.com', message: 'Hi! Do creators on Stagepass ship merch outside the EU? I would love one of the tour T-shirts.' }, { userId: null, ip: null });
  }
}

/**
 * Age and terms on a demo site (modules/legal): version 1 of the Terms of Service and the Privacy
 * Policy are the seeded footer pages, published by the operator (audited as theirs), and every demo
 * account has confirmed its age and accepted them — the demo is never stopped by the terms gate.
 * Runs once: publishing is skipped when a version exists; an account that accepted is left alone.
 */
export async function seedLegal(ctx: Root, p: { admin: UserRow; accounts: UserRow[] }) {
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const current = await ctx.legal.current();
  const pages = await ctx.db.select({ slug: sitePages.slug, title: sitePages.title, status: sitePages.status }).from(sitePages).where(inArray(sitePages.title, ['Terms of service', 'Privacy policy']));
  for (const [kind, title] of [['terms', 'Terms of service'], ['privacy', 'Privacy policy']] as const) {
    const page = pages.find((x) => x.title === title && x.status === 'published');
    if (current[kind] === 0 && page) await ctx.legal.publish({ kind, slug: page.slug }, actor);
  }
  for (const user of p.accounts) {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id)).limit(1);
    if (row && (await ctx.legal.pending(row)).kinds.length) await ctx.legal.recordSignUp(ctx.db, row.id, null);
  }
}
