import { and, eq, sql } from 'drizzle-orm';
import type { Events } from '../../platform/events';
import { videos } from './videos.tables';

/**
 * The videos module's reactions to domain events (registered from root.ts): a bought video's
 * `total_sale` counter moves by one per `item.purchased` of kind `video` — exactly once per event
 * (a transactional handler with its marker row), and only once the purchase has committed.
 */
export function registerVideoHandlers({ events }: { events: Events }): void {
  events.on('item.purchased', 'videos.total-sale', async (e, tx) => {
    if (e.payload.itemType !== 'video') return;
    // updatedAt is set to itself: a sale is not an edit of the video.
    await tx
      .update(videos)
      .set({ totalSale: sql`${videos.totalSale} + 1`, updatedAt: sql`${videos.updatedAt}` })
      .where(and(eq(videos.id, e.payload.itemId), eq(videos.performerId, e.payload.performerId)));
  });
}
