import { and, asc, eq, lte } from 'drizzle-orm';
import type { LabelKind } from '@stagepass/shared';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { videos } from '../modules/videos/videos.tables';
import { galleries } from '../modules/galleries/galleries.tables';
import { labels } from '../modules/labels/labels.tables';
import type { DemoMediaMaker } from './demo-media';

/**
 * Pinned, expiring and labelled posts (issue 31 §3): Luna's three labels ("Behind the scenes",
 * "Tour", "Q&A") on several posts, videos and galleries (filter chips on her profile), three pinned
 * posts and one post that expires in three days; a small "Tour photos" gallery of hers to label.
 * Once: skipped when Luna has any label.
 */
export async function seedPostOrganizing(ctx: Root, o: { luna: UserRow; maker: () => Promise<DemoMediaMaker> }) {
  const [has] = await ctx.db.select({ id: labels.id }).from(labels).where(eq(labels.performerId, o.luna.id)).limit(1);
  if (has) return;
  const now = ctx.clock.now();
  const made = { bts: await ctx.labels.create(o.luna, { name: 'Behind the scenes' }), tour: await ctx.labels.create(o.luna, { name: 'Tour' }), qa: await ctx.labels.create(o.luna, { name: 'Q&A' }) };
  const posts = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, o.luna.id), lte(feeds.publishAt, now))).orderBy(asc(feeds.publishAt));
  const vids = await ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.performerId, o.luna.id)).orderBy(asc(videos.createdAt));
  await tourGallery(ctx, o.luna, await o.maker());
  const gals = await ctx.db.select({ id: galleries.id }).from(galleries).where(eq(galleries.performerId, o.luna.id)).orderBy(asc(galleries.createdAt));
  const plan: Array<[LabelKind, string | undefined, string[]]> = [
    ['feed', posts[0]?.id, [made.tour._id]],
    ['feed', posts[1]?.id, [made.bts._id]],
    ['feed', posts[2]?.id, [made.bts._id, made.tour._id]],
    ['feed', posts[3]?.id, [made.qa._id]],
    ['feed', posts[4]?.id, [made.bts._id]],
    ['video', vids[0]?.id, [made.bts._id]],
    ['video', vids[1]?.id, [made.tour._id]],
    ['gallery', gals[0]?.id, [made.tour._id, made.bts._id]],
  ];
  for (const [kind, id, ids] of plan) if (id) await ctx.labels.setItem(o.luna, kind, id, ids);
  // Three pinned posts: the welcome post first, then two favourites.
  for (const p of [posts[0], posts[2], posts[1]]) if (p) await ctx.feeds.pins.pin(o.luna, p.id);
  const flash = await ctx.feeds.create(o.luna, {
    text: 'Flash Q&amp;A: ask me anything about the tour — this post disappears in three days.', fileIds: [], visibility: 'free',
    expiresAt: new Date(now.getTime() + 3 * 86_400_000).toISOString(),
  });
  await ctx.labels.setItem(o.luna, 'feed', flash.id, [made.qa._id, made.tour._id]);
}

/** Luna's "Tour photos" gallery (free, two photos): her labels reach a gallery too. */
async function tourGallery(ctx: Root, luna: UserRow, m: DemoMediaMaker) {
  const colors: [string, string] = ['#6d28d9', '#db2777'];
  const g = await ctx.galleries.create(luna, { title: 'Tour photos', description: 'Snapshots from the road: venues, soundchecks and the van.', tags: ['tour'], status: 'active', access: 'free', price: null });
  const made = await Promise.all(['Lisbon', 'Porto'].map((city) => m.photo(colors, 'Tour photos', city)));
  const rows = [];
  for (const [i, f] of made.entries()) rows.push(await ctx.photos.upload(luna, { galleryId: g.id, title: `Tour photos, ${['Lisbon', 'Porto'][i]}` }, f));
  await ctx.photos.setCover(luna, rows[0]!.id);
}
