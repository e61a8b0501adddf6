import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminContentQuery, HideableKind } from '@stagepass/shared';
import type { Db, DbOrTx } from '../db/client';
import type { ContentKindProvider, ContentSummaryBase } from './content-kinds';

/**
 * The moderation half of a hideable content kind (platform/content-kinds.ts: `setHidden`,
 * `summaries`, `adminList`), the same for every table that carries `hidden_at`, `hidden_by` and
 * `hidden_reason` (feeds, videos, galleries, products). Each content module describes its table
 * once in its `<module>.kind.ts` and spreads the result into its provider; the rule that keeps a
 * hidden item from others is the module's own policy (users/moderation.policy.ts).
 */
export interface ModeratedTableSpec {
  kind: HideableKind;
  db: Db;
  table: PgTable;
  cols: {
    id: AnyColumn;
    ownerId: AnyColumn;
    hiddenAt: AnyColumn;
    hiddenBy: AnyColumn;
    hiddenReason: AnyColumn;
    createdAt: AnyColumn;
    updatedAt: AnyColumn;
    searchVector: AnyColumn;
  };
  /** Title (or name, or the first words of the text) and a longer plain excerpt, as SQL expressions. */
  title: SQL<string>;
  excerpt: SQL<string>;
  /** The kind's own status as shown to the operator (e.g. published|scheduled from publish_at). */
  status: SQL<string>;
  /** A file id for the item's picture (thumbnail, cover, first image), or null. */
  pictureFileId: SQL<string | null>;
  /** The condition for a status of the console's filter; undefined → the filter does not apply to this kind (no rows). */
  statusIs(status: string): SQL | undefined;
  /** The picture URLs of those files (public or signed), by file id. */
  pictures(fileIds: string[]): Promise<Map<string, string>>;
  /** The item's public page in the web app. */
  link(id: string): string;
}

type Row = { id: string; ownerId: string; title: string; excerpt: string; status: string; pictureFileId: string | null; hiddenAt: Date | null; hiddenReason: string | null; createdAt: Date };

export function moderatedKind(spec: ModeratedTableSpec): Required<Pick<ContentKindProvider, 'setHidden' | 'summaries' | 'adminList'>> {
  const { cols, table } = spec;
  const fields = {
    id: sql<string>`${cols.id}`, ownerId: sql<string>`${cols.ownerId}`, title: spec.title, excerpt: spec.excerpt, status: spec.status,
    pictureFileId: spec.pictureFileId, hiddenAt: sql`${cols.hiddenAt}`.mapWith(toDateOrNull), hiddenReason: sql<string | null>`${cols.hiddenReason}`,
    createdAt: sql`${cols.createdAt}`.mapWith((v: unknown) => toDateOrNull(v)!),
  };
  const shape = async (rows: Row[]): Promise<ContentSummaryBase[]> => {
    const fileIds = [...new Set(rows.map((r) => r.pictureFileId).filter((x): x is string => Boolean(x)))];
    const pics = fileIds.length ? await spec.pictures(fileIds) : new Map<string, string>();
    return rows.map((r) => ({
      kind: spec.kind, _id: r.id, title: r.title, excerpt: r.excerpt, thumbnail: (r.pictureFileId && pics.get(r.pictureFileId)) || null,
      status: r.status, ownerId: r.ownerId, hidden: r.hiddenAt !== null, hiddenAt: r.hiddenAt?.toISOString() ?? null,
      hiddenReason: r.hiddenAt !== null ? r.hiddenReason : null, link: spec.link(r.id), createdAt: r.createdAt.toISOString(),
    }));
  };

  return {
    async setHidden(tx, id, hidden) {
      const [cur] = await tx
        .select({ id: fields.id, ownerId: fields.ownerId, title: fields.title, hiddenAt: fields.hiddenAt, hiddenReason: fields.hiddenReason })
        .from(table)
        .where(eq(cols.id, id))
        .for('update');
      if (!cur) return null;
      const before = { hiddenAt: cur.hiddenAt?.toISOString() ?? null, hiddenReason: cur.hiddenReason };
      // Nothing to change (hidden already, or not hidden): the first hiding stays as it was.
      if (Boolean(hidden) === Boolean(cur.hiddenAt)) return { id: cur.id, ownerId: cur.ownerId, title: cur.title, before };
      // updatedAt is set to itself: moderation is not an edit by the creator.
      await tx
        .update(table)
        .set({ [colKey(table, cols.hiddenAt)]: hidden ? new Date() : null, [colKey(table, cols.hiddenBy)]: hidden?.by ?? null, [colKey(table, cols.hiddenReason)]: hidden?.reason ?? null, [colKey(table, cols.updatedAt)]: sql`${cols.updatedAt}` })
        .where(eq(cols.id, id));
      return { id: cur.id, ownerId: cur.ownerId, title: cur.title, before };
    },

    async summaries(db: DbOrTx, ids) {
      if (ids.length === 0) return [];
      const rows = await db.select(fields).from(table).where(inArray(cols.id, ids));
      return shape(rows);
    },

    async adminList(q: AdminContentQuery) {
      const conds: Array<SQL | undefined> = [];
      if (q.performerId) conds.push(eq(cols.ownerId, q.performerId));
      if (q.hidden !== undefined) conds.push(q.hidden ? isNotNull(cols.hiddenAt) : isNull(cols.hiddenAt));
      if (q.status) conds.push(spec.statusIs(q.status) ?? sql`false`);
      if (q.q) conds.push(sql`${cols.searchVector} @@ plainto_tsquery('simple', ${q.q})`);
      const where = and(...conds);
      const col = q.sortBy === 'updatedAt' ? cols.updatedAt : cols.createdAt;
      const dir = q.sort === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        spec.db.select(fields).from(table).where(where).orderBy(dir(col), dir(cols.id)).offset(q.offset).limit(q.limit),
        spec.db.select({ n: count() }).from(table).where(where),
      ]);
      return { data: await shape(rows), total: Number(total?.n ?? 0) };
    },
  };
}

/** A timestamp as the drivers return it in a raw select (PGlite: Date; node-postgres: string). */
const toDateOrNull = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** The property name of a column in its table (what `update().set()` takes). */
function colKey(table: PgTable, col: AnyColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, v]) => v === col);
  if (!entry) throw new Error(`Column ${col.name} is not a column of this table`);
  return entry[0];
}
