import { and, asc, eq } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { reports } from '../modules/reports/reports.tables';
import { contactMessages, sitePages, sitePromos } from '../modules/site/site.tables';
import type { DemoMediaMaker } from './demo-media';

const DAY = 864e5;

const PAGES = [
  {
    title: 'Terms of service',
    body: '<h2>Using Stagepass</h2><p>Creators own what they publish and set their own prices. Fans pay from their wallet; every purchase is final unless the creator or the team refunds it.</p><h3>What is not allowed</h3><ul><li>Content that is not yours to sell</li><li>Harassment of creators or fans</li><li>Anything illegal where you or the viewer live</li></ul>',
  },
  {
    title: 'Privacy policy',
    body: '<h2>What we keep</h2><p>Your account details, what you bought and from whom, and the messages you send. Identity documents of creators are private files only the team can open, through links that expire within minutes.</p><p>We never sell your data.</p>',
  },
  {
    title: 'FAQ',
    body: '<h2>How do I pay a creator?</h2><p>Top up your wallet with a card, then subscribe, tip, unlock posts or buy from their shop.</p><h2>Can I get a refund?</h2><p>Write to us from the <a href="/contact">contact page</a>: the team answers by e-mail.</p>',
  },
];

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
    for (const [i, page] of PAGES.entries()) await ctx.sitePages.create({ title: page.title, body: page.body, status: 'published', showInFooter: true, sortOrder: i }, actor);
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
