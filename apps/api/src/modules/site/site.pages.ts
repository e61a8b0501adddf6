import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  isUuid, slugify, type CreateSitePageInput, type SitePage, type SitePageSummary, type UpdateSitePageInput,
  type adminSitePageQuerySchema, type sitePageSearchQuerySchema,
} from '@stagepass/shared';
import { sanitizePageHtml } from '@stagepass/shared/rich-text';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { CacheBus } from '../../platform/cache-bus';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { sitePages, type SitePageRow } from './site.tables';

/** What SitePagesService is built with (root.ts). */
export interface SitePagesDeps {
  db: Db;
  /** Drops every node's cached public lists after a write (Redis pub/sub with REDIS_URL). */
  bus?: CacheBus;
  /** How long a public list stays cached in this process (default 60 s): the bound on staleness if a signal is lost. */
  ttlMs?: number;
}

const CACHE_TOPIC = 'site-pages';
/** Distinct public queries kept (the footer's is the one every page render asks). */
const CACHE_MAX = 100;

/** Slugs that name a route of the API's own (GET /posts/search) and so cannot be a page's. */
const RESERVED_SLUGS = new Set(['search']);
const SLUG_TAKEN = 'Another page already uses this address';
const NOT_FOUND = 'Page not found';

type PublicQuery = z.infer<typeof sitePageSearchQuerySchema>;
type AdminQuery = z.infer<typeof adminSitePageQuerySchema>;

const SORT_COLUMNS = { sortOrder: sitePages.sortOrder, updatedAt: sitePages.updatedAt, title: sitePages.title, createdAt: sitePages.createdAt } as const;

/**
 * Static pages (spec §7 Posts): the operator writes them in the console; the public reads the
 * published ones (the footer lists those marked for it). Bodies are stored through the page
 * allow-list, so what any reader gets is already safe HTML.
 */
export class SitePagesService {
  /** Public lists by query (GET /posts/search: every page render asks for the footer's). */
  private cache = new Map<string, { at: number; value: { data: SitePageSummary[]; total: number } }>();
  private epoch = 0;
  private readonly ttlMs: number;

  constructor(private deps: SitePagesDeps) {
    this.ttlMs = deps.ttlMs ?? 60_000;
    deps.bus?.subscribe(CACHE_TOPIC, () => this.drop());
  }

  private drop(): void {
    this.epoch++;
    this.cache.clear();
  }

  /** After a committed write: every node drops its cached lists. */
  private async changed(): Promise<void> {
    if (this.deps.bus) await this.deps.bus.publish(CACHE_TOPIC);
    else this.drop();
  }

  summary(r: SitePageRow): SitePageSummary {
    return { _id: r.id, title: r.title, slug: r.slug, status: r.status, showInFooter: r.showInFooter, sortOrder: r.sortOrder, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
  }

  view(r: SitePageRow): SitePage {
    return { ...this.summary(r), body: r.body };
  }

  /** GET /posts/search: published pages only; answered from memory while no page changed (see `changed`). */
  async search(q: PublicQuery): Promise<{ data: SitePageSummary[]; total: number }> {
    const key = JSON.stringify(q);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const epoch = this.epoch;
    const value = await this.searchDb(q);
    if (epoch === this.epoch) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { at: Date.now(), value });
    }
    return value;
  }

  private async searchDb(q: PublicQuery): Promise<{ data: SitePageSummary[]; total: number }> {
    const conds: SQL[] = [eq(sitePages.status, 'published')];
    if (q.footer !== undefined) conds.push(eq(sitePages.showInFooter, q.footer));
    if (q.q) conds.push(sql`lower(${sitePages.title}) like ${containsPattern(q.q.toLowerCase())}`);
    return this.page(and(...conds), q);
  }

  /** GET /admin/posts: every page. */
  async adminList(q: AdminQuery): Promise<{ data: SitePageSummary[]; total: number }> {
    const conds: SQL[] = [];
    if (q.status) conds.push(eq(sitePages.status, q.status));
    if (q.q) {
      const p = containsPattern(q.q.toLowerCase());
      conds.push(or(sql`lower(${sitePages.title}) like ${p}`, sql`${sitePages.slug} like ${p}`)!);
    }
    return this.page(conds.length ? and(...conds) : undefined, q);
  }

  private async page(where: SQL | undefined, q: { offset: number; limit: number; sort: 'asc' | 'desc'; sortBy: keyof typeof SORT_COLUMNS }) {
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(sitePages).where(where).orderBy(dir(SORT_COLUMNS[q.sortBy]), asc(sitePages.title), asc(sitePages.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(sitePages).where(where),
    ]);
    return { data: rows.map((r) => this.summary(r)), total: Number(n) };
  }

  /** GET /posts/{id}: a published page by id or slug (a draft is 404 like an unknown page). */
  async getPublished(idOrSlug: string): Promise<SitePage> {
    const key = idOrSlug.trim();
    const match = isUuid(key) ? eq(sitePages.id, key) : eq(sitePages.slug, key.toLowerCase());
    const [row] = await this.deps.db.select().from(sitePages).where(and(match, eq(sitePages.status, 'published')));
    if (!row) throw notFound(NOT_FOUND);
    return this.view(row);
  }

  async adminGet(id: string): Promise<SitePage> {
    return this.view(await this.row(this.deps.db, id));
  }

  private async row(db: DbOrTx, id: string): Promise<SitePageRow> {
    const [row] = await db.select().from(sitePages).where(eq(sitePages.id, id));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private checkSlug(slug: string, field = 'slug'): string {
    if (!slug) throw fieldError(field, field === 'title' ? 'The title needs a letter or a digit to make the page address from' : 'Required');
    if (RESERVED_SLUGS.has(slug)) throw fieldError('slug', `"${slug}" is reserved, choose another address`);
    return slug;
  }

  /** Runs `write`; a unique violation on the slug becomes 409 on `slug`. */
  private async slugSafe<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
      throw err;
    }
  }

  async create(input: CreateSitePageInput, actor: AuditActor): Promise<SitePage> {
    const slug = input.slug ? this.checkSlug(input.slug) : this.checkSlug(slugify(input.title), 'title');
    const row = await this.slugSafe(() =>
      this.deps.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(sitePages)
          .values({ title: input.title, slug, body: sanitizePageHtml(input.body), status: input.status, showInFooter: input.showInFooter, sortOrder: input.sortOrder })
          .returning();
        await recordAudit(tx, actor, { action: 'page.create', targetType: 'page', targetId: r!.id, after: this.audited(r!) });
        return r!;
      }),
    );
    await this.changed();
    return this.view(row);
  }

  async update(id: string, input: UpdateSitePageInput, actor: AuditActor): Promise<SitePage> {
    const patch: Partial<typeof sitePages.$inferInsert> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.slug !== undefined) patch.slug = this.checkSlug(input.slug);
    if (input.body !== undefined) patch.body = sanitizePageHtml(input.body);
    if (input.status !== undefined) patch.status = input.status;
    if (input.showInFooter !== undefined) patch.showInFooter = input.showInFooter;
    if (input.sortOrder !== undefined) patch.sortOrder = input.sortOrder;
    const row = await this.slugSafe(() =>
      this.deps.db.transaction(async (tx) => {
        const before = await this.row(tx, id);
        if (!Object.keys(patch).length) return before;
        const [r] = await tx.update(sitePages).set(patch).where(eq(sitePages.id, id)).returning();
        await recordAudit(tx, actor, { action: 'page.update', targetType: 'page', targetId: id, before: this.audited(before, patch), after: this.audited(r!, patch) });
        return r!;
      }),
    );
    await this.changed();
    return this.view(row);
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(sitePages).where(eq(sitePages.id, id)).returning();
      if (!gone) throw notFound(NOT_FOUND);
      await recordAudit(tx, actor, { action: 'page.delete', targetType: 'page', targetId: id, before: this.audited(gone) });
    });
    await this.changed();
  }

  /** The audit snapshot of a page: its fields (only the changed ones when `changed` is given), the body by length only. */
  private audited(r: SitePageRow, changed?: Partial<typeof sitePages.$inferInsert>) {
    const all = { title: r.title, slug: r.slug, status: r.status, showInFooter: r.showInFooter, sortOrder: r.sortOrder, bodyLength: r.body.length };
    if (!changed) return all;
    const keys = Object.keys(changed).map((k) => (k === 'body' ? 'bodyLength' : k)) as Array<keyof typeof all>;
    return Object.fromEntries(keys.map((k) => [k, all[k]]));
  }
}
