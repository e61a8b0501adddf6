import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { files } from '../modules/media/media.tables';
import { uuidv7 } from '../db/columns';
import { photoLike } from '../modules/protection/protection.pictures';

/** Where the demo's leaked copy is stored: private (never delivered without a signature); the console's tracer reads it when given its address. */
export const DEMO_LEAK_KEY = 'private/demo/leaked-luna-golden-hour.jpg';
export const DEMO_LEAK_POST = 'Golden hour on the roof: the full-resolution shot, for subscribers.';

/**
 * Content protection on a demo site (modules/protection): one subscribers-only photo post of Luna
 * (its renditions made here, as the media pipeline would, so it is ready at once), the copy of it
 * the demo fan is served (visible + forensic mark), and a "leak" of that copy — scaled to 80 % and
 * re-compressed at JPEG 72, as if saved and re-posted elsewhere — stored at DEMO_LEAK_KEY. Tracing
 * it in the console (upload it, or paste its address) names the demo fan. Runs once.
 */
export async function seedProtection(ctx: Root, p: { luna: UserRow; fan: UserRow }) {
  const [have] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, p.luna.id), eq(feeds.text, DEMO_LEAK_POST))).limit(1);
  if (!have) {
    const id = uuidv7();
    const base = `private/feed-photo/${id}`;
    const original = await photoLike(2026, 1600, 1067);
    const variants: Record<string, string> = {};
    for (const [name, w] of [['thumb', 320], ['medium', 960], ['large', 1600]] as const) {
      variants[name] = `${base}/${name}.webp`;
      await ctx.storage.put(variants[name]!, await sharp(original).resize(w).webp({ quality: 82 }).toBuffer(), 'image/webp');
    }
    const preview = `public/feed-photo/${id}/preview.webp`;
    await ctx.storage.put(preview, await sharp(original).resize(32).blur(4).webp({ quality: 30 }).toBuffer(), 'image/webp');
    await ctx.db.insert(files).values({
      id, ownerId: p.luna.id, kind: 'feed-photo', visibility: 'private', mediaType: 'image', status: 'ready', originalName: 'golden-hour.png', mimeType: 'image/webp',
      size: original.length, storageKey: variants.large!, variants, width: 1600, height: 1067, preview, meta: { thumbnails: ['thumb', 'medium'] },
    });
    await ctx.feeds.create(p.luna, { text: DEMO_LEAK_POST, visibility: 'subscribers', fileIds: [id] });
  }
  if (await ctx.storage.stat(DEMO_LEAK_KEY)) return;
  const [post] = await ctx.db.select({ fileIds: feeds.fileIds }).from(feeds).where(and(eq(feeds.performerId, p.luna.id), eq(feeds.text, DEMO_LEAK_POST))).limit(1);
  const file = post?.fileIds[0] ? await ctx.media.byId(post.fileIds[0]) : null;
  if (!file) return;
  const served = await ctx.protection.serveMarked(file.id, 'large', p.fan.id);
  const leak = await sharp(served.body).resize(1280).jpeg({ quality: 72 }).toBuffer();
  await ctx.storage.put(DEMO_LEAK_KEY, leak, 'image/jpeg');
  // The tracer's index: this photo, and every other private picture already processed.
  await ctx.protection.indexFile(file);
  await ctx.protection.backfill();
}
