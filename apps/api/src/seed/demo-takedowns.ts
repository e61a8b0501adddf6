import { and, desc, eq } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { sitePages } from '../modules/site/site.tables';
import { takedownNotices } from '../modules/takedowns/takedowns.tables';

/** The public policy page's address (/page/takedown-policy): linked from the notice form and the footer. */
export const TAKEDOWN_POLICY_SLUG = 'takedown-policy';

export const TAKEDOWN_POLICY_BODY =
  '<h2>Copyright and takedowns</h2><p>Creators may only publish what they own or have a licence for. If content on this site uses your copyrighted work without permission, send us a notice from the <a href="/legal/takedown">takedown form</a>: describe the work, give the address of each post, video, gallery or product, your contact details, and sign the sworn statements.</p>' +
  '<h3>What happens next</h3><ul><li>We e-mail you the notice number and review notices in order. We may reject a notice or ask you for more.</li><li>When we act, the content is hidden from everyone but its owner, and the owner is told, with your notice.</li><li>The owner may file a counter-notice. We send it to you; unless you tell us within 10 days that you filed a court action, the content is shown again.</li></ul>' +
  '<h3>Repeat infringers</h3><p>Every notice that hides a creator\'s content is a strike (a strike is removed when a counter-notice restores the content). At the number of strikes the operator sets, the account is suspended.</p><p>A notice or counter-notice that knowingly misrepresents the facts may make you liable for damages.</p>';

/**
 * Takedowns on a demo site (modules/takedowns): the public policy page (in the footer), and one open
 * notice in the console's queue naming one of Luna's posts, filed by a visitor (signed out). Each
 * step runs once: skipped when its record exists.
 */
export async function seedTakedowns(ctx: Root, p: { admin: UserRow; luna: UserRow }) {
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const [page] = await ctx.db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.slug, TAKEDOWN_POLICY_SLUG)).limit(1);
  if (!page) {
    await ctx.sitePages.create({ title: 'Copyright and takedown policy', slug: TAKEDOWN_POLICY_SLUG, body: TAKEDOWN_POLICY_BODY, status: 'published', showInFooter: true, sortOrder: 10 }, actor);
  }
  const [notice] = await ctx.db.select({ id: takedownNotices.id }).from(takedownNotices).limit(1);
  if (notice) return;
  const [post] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, p.luna.id), eq(feeds.status, 'published'))).orderBy(desc(feeds.createdAt)).limit(1);
  if (!post) return;
  await ctx.takedowns.create(
    {
      name: 'Northlight Photo Agency', email: 'rights@northlight.example', address: '12 Harbour Street, Bristol', work: 'The photograph "Blue hour over the harbour" (2024), published in our catalogue at northlight.example/blue-hour.',
      urls: [`/post/${post.id}`], goodFaith: true, accurate: true, signature: 'Dana Reyes, for Northlight Photo Agency',
    },
    null,
  );
}
