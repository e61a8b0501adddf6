import { and, eq, sql } from 'drizzle-orm';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { isAdmin } from '../../platform/auth';
import { notBlockedWith } from '../blocks/blocks.policy';
import { adultProfileShownSql } from '../users/moderation.policy';
import { users } from '../users/users.tables';
import type { FollowsService } from './follows.service';

/** What the performer kind is built with (root.ts registers it right after FollowsService). */
export interface PerformerKindDeps {
  follows: FollowsService;
}

/**
 * The `performer` content kind (a creator, by user id): any active creator; likes and bookmarks
 * are counted from the reactions table (no counter column). It lives in the follows module because
 * the creator card (`PerformerListItem`: profile + totalFollowers + isFollowed) is this module's
 * view; the performers module (core) cannot reach follow figures.
 */
export function performerKind({ follows }: PerformerKindDeps): ContentKindProvider {
  return {
    kind: 'performer',
    /** A block either way with the viewer hides the creator (null → 404 on a like or bookmark); admins see all. */
    async load(tx, viewer, id) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.isPerformer, true), eq(users.status, 'active'), viewer && !isAdmin(viewer) ? notBlockedWith(users.id, viewer.id) : undefined, adultProfileShownSql(users.adultContent)))
        .limit(1);
      return u ? { id: u.id, ownerId: u.id, canView: true } : null;
    },
    /** Bookmarks: active creators without a block either way (as `views` keeps them). */
    listedSql: (viewer, id) =>
      sql`exists (select 1 from ${users} where ${users.id} = ${id} and ${users.isPerformer} and ${users.status} = 'active' and ${isAdmin(viewer) ? sql`true` : notBlockedWith(users.id, viewer.id)} and ${adultProfileShownSql(users.adultContent) ?? sql`true`})`,
    /** Creator cards (bookmark lists): creators with a block either way with the viewer are left out. */
    async views(viewer, ids) {
      return follows.cardsByIds(ids, viewer);
    },
  };
}
