import { and, eq, isNull, sql } from 'drizzle-orm';
import { SCREENING_BLOCKED_MESSAGE } from '@stagepass/shared';
import type { Events } from '../../platform/events';
import { feeds } from './feeds.tables';

/**
 * The feeds module's side of upload screening (media/README.md "Upload screening"): a post that
 * carries a quarantined file (as one of its files, its teaser or thumbnail) is hidden with the
 * reason SCREENING_BLOCKED_MESSAGE — withheld from everyone but its owner and admins by the
 * moderation rule every read applies — and shown again when an operator releases the file, unless
 * an operator hid it for another reason. Exactly once per event (transactional handlers).
 */
export function registerFeedScreeningHandlers({ events }: { events: Events }): void {
  const carries = (fileId: string) =>
    sql`(${feeds.fileIds} @> ${JSON.stringify([fileId])}::jsonb or ${feeds.teaserFileId} = ${fileId} or ${feeds.thumbnailFileId} = ${fileId})`;
  events.on('media.quarantined', 'feeds.screening-stop', async ({ payload: e }, tx) => {
    if (!e.ownerId) return;
    await tx
      .update(feeds)
      .set({ hiddenAt: new Date(), hiddenBy: null, hiddenReason: SCREENING_BLOCKED_MESSAGE, updatedAt: sql`${feeds.updatedAt}` })
      .where(and(eq(feeds.performerId, e.ownerId), isNull(feeds.hiddenAt), carries(e.fileId)));
  });
  events.on('media.released', 'feeds.screening-release', async ({ payload: e }, tx) => {
    if (!e.ownerId) return;
    await tx
      .update(feeds)
      .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null, updatedAt: sql`${feeds.updatedAt}` })
      .where(and(eq(feeds.performerId, e.ownerId), eq(feeds.hiddenReason, SCREENING_BLOCKED_MESSAGE), carries(e.fileId)));
  });
}
