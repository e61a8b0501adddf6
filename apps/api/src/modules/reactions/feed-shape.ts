import type { FastifyInstance } from 'fastify';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { UserRow } from '../users/users.tables';
import { feeds } from '../feeds/feeds.tables';
import { feedAccess } from '../feeds/feeds.policy';
import { FeedsService } from '../feeds/feeds.service';

const { searchVector: _omit, ...feedColumns } = getTableColumns(feeds);

/**
 * Feeds by id, in the given order, in the feeds module's shape (`Feed`, as GET /user/feeds/{id}
 * answers: locked ones without media URLs) — for bookmarks and feed search. Ids the viewer may not
 * see (scheduled, blocked, deleted) are left out.
 */
export async function shapeFeeds(app: FastifyInstance, viewer: UserRow | null, ids: string[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const rows = await app.ctx.db.select(feedColumns).from(feeds).where(inArray(feeds.id, ids));
  const access = await feedAccess(app.ctx.db, viewer, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = ids.map((id) => byId.get(id)).filter((r): r is (typeof rows)[number] => Boolean(r && access.get(r.id)?.visible));
  return new FeedsService(app.ctx).toViews(viewer, visible);
}
