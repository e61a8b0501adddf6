import type { Db } from '../../db/client';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { UserRow } from '../users/users.tables';
import { feeds, type FeedRow } from '../feeds/feeds.tables';
import { feedAccess } from '../feeds/feeds.policy';

const { searchVector: _omit, ...feedColumns } = getTableColumns(feeds);

/** What shapeFeeds needs of the feeds service (FeedsService has it; named here so reactions does not import the feeds service). */
export interface FeedViews {
  toViews(viewer: UserRow | null, rows: Array<Omit<FeedRow, 'searchVector'>>): Promise<unknown[]>;
}

/**
 * Feeds by id, in the given order, in the feeds module's shape (`Feed`, as GET /user/feeds/{id}
 * answers: locked ones without media URLs) — for bookmarks and feed search. Ids the viewer may not
 * see (scheduled, blocked, deleted) are left out.
 */
export async function shapeFeeds(deps: { db: Db; feeds: FeedViews }, viewer: UserRow | null, ids: string[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db.select(feedColumns).from(feeds).where(inArray(feeds.id, ids));
  const access = await feedAccess(deps.db, viewer, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = ids.map((id) => byId.get(id)).filter((r): r is (typeof rows)[number] => Boolean(r && access.get(r.id)?.visible));
  return deps.feeds.toViews(viewer, visible);
}
