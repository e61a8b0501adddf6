import { and, asc, count, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PerformerListItem, PerformerSearchQuery, PerformerStats, SearchKeyword } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';
import { followerCounts, follows } from '../follows/follows.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { creatorCardColumns, followedAmong, followerCountOf, type FollowsService } from '../follows/follows.service';
import { isBlockedBetween, notBlockedWith } from '../blocks/blocks.policy';
import { adultProfileShownSql } from '../users/moderation.policy';
import { isAdmin } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { ContentKind } from '@stagepass/shared';
import type { ContentKinds, ContentView } from '../../platform/content-kinds';
import { searchKeywords } from './search.tables';
import { PERFORMER_BIO_TSV, PERFORMER_NAME_TSV, matches, prefixTerms, prefixTsQuery } from './search.fts';

/**
 * HOOK FOR THE MONEY ISSUE: which creators offer a free subscription. Subscription price settings
 * do not exist yet, so no creator offers one: `isFreeSubscription=true` finds nobody and
 * `isFreeSubscription=false` filters nothing. Replace with a condition on the creator's
 * subscription settings (e.g. `performer_subscription_settings.free_enabled`).
 */
export function freeSubscriptionSql(wanted: boolean): SQL | undefined {
  return wanted ? sql`false` : undefined;
}

/**
 * Creators worth suggesting to `viewerId` (issue 26 §4.10): not the viewer, not one they follow,
 * not one they subscribe to (a subscription that grants access, or one whose renewal is being
 * retried). Two NOT EXISTS on primary/unique keys (follows pk, subscriptions_user_performer_uq).
 */
export function notInAudienceOfSql(viewerId: string, now: Date = new Date()): SQL {
  const subscribed = or(grantsAccessSql(now), eq(subscriptions.status, 'past_due'));
  return sql`(${users.id} <> ${viewerId}
    and not exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followingId} = ${users.id})
    and not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${viewerId} and ${subscriptions.performerId} = ${users.id} and ${subscribed}))`;
}

interface PerformerFilter extends Partial<PerformerSearchQuery> {
  /** Leave out creators with a block either way with this viewer (admins: nobody is left out). */
  viewer?: UserRow | null;
}

/** What SearchService is built with (by the composition root, root.ts). */
export interface SearchDeps {
  contentKinds: ContentKinds;
  follows: FollowsService;
  db: Db;
}

/** Creator discovery (search, top, random), profile stats, search keywords, feed text search. */
export class SearchService {
  constructor(private deps: SearchDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private performerWhere(f: PerformerFilter): SQL {
    const conds: Array<SQL | undefined> = [eq(users.isPerformer, true), eq(users.status, 'active')];
    if (f.gender) conds.push(eq(users.gender, f.gender));
    if (f.country) conds.push(eq(users.country, f.country));
    // Every word must match, in the name/username OR in the bio ("pablo oil": name + bio). One
    // OR per word keeps each side on its own GIN index.
    for (const term of prefixTerms(f.q)) conds.push(or(matches(PERFORMER_NAME_TSV, term), matches(PERFORMER_BIO_TSV, term)));
    if (f.isFreeSubscription !== undefined) conds.push(freeSubscriptionSql(f.isFreeSubscription));
    if (f.viewer && !isAdmin(f.viewer)) conds.push(notBlockedWith(users.id, f.viewer.id));
    conds.push(adultProfileShownSql(users.adultContent));
    return and(...conds)!;
  }

  private cards() {
    return this.db
      .select(creatorCardColumns)
      .from(users)
      .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .leftJoin(followerCounts, eq(followerCounts.performerId, users.id));
  }

  /** GET /performers/search and /performers/user/search (and top): never a creator with a block either way with the viewer. */
  async searchPerformers(f: PerformerSearchQuery, viewer: UserRow | null): Promise<{ data: PerformerListItem[]; total: number }> {
    const where = this.performerWhere({ ...f, viewer });
    const sortBy = f.sortBy ?? 'popular';
    const dir = f.sort ?? (sortBy === 'name' ? 'asc' : 'desc');
    const by = (col: SQL | AnyColumn) => (dir === 'asc' ? asc(col) : desc(col));
    const order =
      sortBy === 'popular'
        ? [by(sql`coalesce(${followerCounts.total}, 0)`), desc(users.createdAt)]
        : sortBy === 'name'
          ? [by(sql`lower(coalesce(nullif(${users.name}, ''), ${users.username}))`)]
          : sortBy === 'updatedAt'
            ? [by(users.updatedAt)]
            : [by(users.createdAt)];
    const [rows, [total]] = await Promise.all([
      this.cards()
        .where(where)
        .orderBy(...order, desc(users.id))
        .limit(f.limit ?? 10)
        .offset(f.offset ?? 0),
      this.db
        .select({ n: count() })
        .from(users)
        .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .where(where),
    ]);
    return { data: await this.deps.follows.toListItems(rows, viewer?.id), total: Number(total?.n ?? 0) };
  }

  /** GET /performers/top: most followers first. */
  async top(offset: number, limit: number, viewer: UserRow | null) {
    return this.searchPerformers({ offset, limit, sortBy: 'popular', sort: 'desc' } as PerformerSearchQuery, viewer);
  }

  /**
   * GET /performers/search/random: a random sample of active creators — the suggestions ("Creators
   * to discover"): a signed-in viewer is never offered themselves, nor a creator they already
   * follow or subscribe to.
   */
  async random(f: { limit: number; gender?: string; country?: string }, viewer: UserRow | null): Promise<PerformerListItem[]> {
    const rows = await this.cards()
      .where(and(this.performerWhere({ gender: f.gender as PerformerSearchQuery['gender'], country: f.country, viewer }), viewer ? notInAudienceOfSql(viewer.id) : undefined))
      .orderBy(sql`random()`)
      .limit(f.limit);
    return this.deps.follows.toListItems(rows, viewer?.id);
  }

  /**
   * Profile figures: the creator's published feeds, videos, galleries and products (each kind's
   * `creatorTotals`, through the registry), followers, the likes on all of those, and whether the
   * viewer follows the creator. 404 when there is a block either way.
   */
  async stats(idOrUsername: string, viewer: UserRow | null): Promise<PerformerStats> {
    const creator = await this.deps.follows.creatorByIdOrUsername(idOrUsername);
    // A block either way: as if the creator did not exist (admins see everyone).
    if (viewer && !isAdmin(viewer) && (await isBlockedBetween(this.db, viewer.id, creator.id))) throw notFound('Creator not found');
    const totals = (kind: ContentKind) => this.deps.contentKinds.get(kind)?.creatorTotals?.(creator.id) ?? Promise.resolve({ items: 0, likes: 0 });
    const [feed, video, gallery, product, totalFollowers, followed] = await Promise.all([
      totals('feed'),
      totals('video'),
      totals('gallery'),
      totals('product'),
      followerCountOf(this.db, creator.id),
      followedAmong(this.db, viewer?.id, [creator.id]),
    ]);
    return {
      totalFeeds: feed.items,
      totalVideos: video.items,
      totalGalleries: gallery.items,
      totalProducts: product.items,
      totalFollowers,
      totalLikes: feed.likes + video.likes + gallery.likes + product.likes,
      isFollowed: followed.has(creator.id),
    };
  }

  /** POST /search/keywords: count one search of a (normalised) keyword. */
  async recordKeyword(keyword: string): Promise<SearchKeyword> {
    const [row] = await this.db
      .insert(searchKeywords)
      .values({ keyword, count: 1 })
      .onConflictDoUpdate({ target: searchKeywords.keyword, set: { count: sql`${searchKeywords.count} + 1`, updatedAt: new Date() } })
      .returning();
    return { keyword: row!.keyword, count: row!.count, updatedAt: row!.updatedAt.toISOString() };
  }

  /** GET /search/list/keywords: the most searched keywords (ties: the most recently searched). */
  async topKeywords(limit: number): Promise<SearchKeyword[]> {
    const rows = await this.db.select().from(searchKeywords).orderBy(desc(searchKeywords.count), desc(searchKeywords.updatedAt)).limit(limit);
    return rows.map((r) => ({ keyword: r.keyword, count: r.count, updatedAt: r.updatedAt.toISOString() }));
  }

  /**
   * Text search over one content kind (feeds: GIN index on `feeds.search_vector`): the items the
   * viewer may see listed, newest first, in the kind's own shape (the registry's `search` and
   * `views`). A kind that offers no search answers an empty list.
   */
  async searchContent(kind: ContentKind, q: string, viewer: UserRow | null, offset: number, limit: number): Promise<{ data: ContentView[]; total: number }> {
    const provider = this.deps.contentKinds.get(kind);
    const tsq = prefixTsQuery(q);
    if (!tsq || !provider?.search) return { data: [], total: 0 };
    const { ids, total } = await provider.search(viewer, tsq, offset, limit);
    return { data: provider.views ? await provider.views(viewer, ids) : [], total };
  }
}
