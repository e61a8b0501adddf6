import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  LEGAL_KINDS, LEGAL_MESSAGES, pendingLegal,
  type AcceptLegalInput, type AdminLegalDocument, type LegalAccepted, type LegalDocument, type LegalDocumentsAnswer, type LegalKind, type LegalPending,
  type LegalVersions, type PublishLegalInput,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { CacheBus } from '../../platform/cache-bus';
import type { Clock } from '../../platform/clock';
import { fieldError } from '../../platform/errors';
import type { SettingsService } from '../settings/settings.service';
import { sitePages } from '../site/site.tables';
import type { UserRow } from '../users/users.tables';
import { legalAcceptances, legalDocuments, type LegalDocumentRow } from './legal.tables';

/**
 * The `users.legal_accepted` write (a module writes only its own tables): implemented by the users
 * module (users/user-accounts.ts, UserAccounts), which also drops the account's cached sessions so
 * the gate sees the acceptance on the next request. Declared here because users depends on auth,
 * which depends on this module.
 */
export interface LegalAcceptedWriter {
  /** Merges `accepted` into the account's legal_accepted, in `tx`. */
  mergeLegalAccepted(tx: DbOrTx, userId: string, accepted: LegalAccepted): Promise<void>;
}

/** What LegalService is built with (root.ts). */
export interface LegalDeps {
  accounts: LegalAcceptedWriter;
  /** Drops every node's cached current versions after a publication (Redis pub/sub with REDIS_URL). */
  bus?: CacheBus;
  clock: Clock;
  db: Db;
  /** `minimumAge` (read through the caller's transaction when in one: on PGlite a read outside it would wait for it). */
  settings: Pick<SettingsService, 'all'>;
  /** How long the current versions stay cached in this process (default 60 s): the bound on staleness if a signal is lost. */
  ttlMs?: number;
}

const CACHE_TOPIC = 'legal-documents';

/**
 * Age and terms (issue 28 §1; README.md beside this file): the versions of the Terms of Service and
 * the Privacy Policy the operator publishes, the acceptance rows, and THE gate rule's inputs. The
 * current versions are read from memory (a publication drops the copy on every node), so the gate
 * costs no query per request: the account's side comes with the session's user row.
 */
export class LegalService {
  private cache: { at: number; docs: LegalDocumentRow[] } | null = null;
  private epoch = 0;
  private readonly ttlMs: number;

  constructor(private deps: LegalDeps) {
    this.ttlMs = deps.ttlMs ?? 60_000;
    deps.bus?.subscribe(CACHE_TOPIC, () => this.drop());
  }

  private drop(): void {
    this.epoch++;
    this.cache = null;
  }

  /** The current (highest) version row of each kind that has one. */
  private async currentRows(db: DbOrTx = this.deps.db): Promise<LegalDocumentRow[]> {
    if (db === this.deps.db && this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.docs;
    const epoch = this.epoch;
    const docs = await db
      .selectDistinctOn([legalDocuments.kind])
      .from(legalDocuments)
      .orderBy(legalDocuments.kind, desc(legalDocuments.version));
    if (db === this.deps.db && epoch === this.epoch) this.cache = { at: Date.now(), docs };
    return docs;
  }

  /** The current version of each document (0: none published). From memory. */
  async current(db?: DbOrTx): Promise<LegalVersions> {
    const rows = await this.currentRows(db);
    const out = Object.fromEntries(LEGAL_KINDS.map((k) => [k, 0])) as LegalVersions;
    for (const r of rows) out[r.kind] = r.version;
    return out;
  }

  /** What `user` must accept before going on (THE rule: pendingLegal in packages/shared). No query: the versions from memory, the account's from its row. */
  async pending(user: Pick<UserRow, 'legalAccepted'>, db?: DbOrTx): Promise<LegalPending> {
    return pendingLegal(user.legalAccepted, await this.current(db), await this.minimumAge(db));
  }

  private async minimumAge(db?: DbOrTx): Promise<number> {
    return (await this.deps.settings.all(db)).minimumAge;
  }

  /** GET /legal/documents. */
  async documents(viewer: UserRow | null): Promise<LegalDocumentsAnswer> {
    const rows = await this.currentRows();
    const titles = await this.pageTitles(rows.map((r) => r.slug));
    const documents: LegalDocument[] = LEGAL_KINDS.flatMap((k) => {
      const r = rows.find((x) => x.kind === k);
      return r ? [this.view(r, titles)] : [];
    });
    return { documents, minimumAge: await this.minimumAge(), pending: viewer ? await this.pending(viewer) : null };
  }

  private async pageTitles(slugs: string[]): Promise<Map<string, string>> {
    if (!slugs.length) return new Map();
    const pages = await this.deps.db.select({ slug: sitePages.slug, title: sitePages.title }).from(sitePages).where(inArray(sitePages.slug, slugs));
    return new Map(pages.map((p) => [p.slug, p.title]));
  }

  private view(r: LegalDocumentRow, titles: Map<string, string>): LegalDocument {
    return { kind: r.kind, version: r.version, slug: r.slug, title: titles.get(r.slug) ?? r.slug, publishedAt: r.publishedAt.toISOString() };
  }

  /**
   * A new account's confirmations (every sign-up path: form, Google, X), in the account's
   * transaction: one row per current document and one for the age (`version` = the minimum age
   * confirmed), at the injected clock's time, from `ip`.
   */
  async recordSignUp(tx: DbOrTx, userId: string, ip: string | null): Promise<void> {
    const current = await this.current(tx);
    const accepted: LegalAccepted = { age: await this.minimumAge(tx) };
    for (const k of LEGAL_KINDS) if (current[k] > 0) accepted[k] = current[k];
    await this.write(tx, userId, accepted, ip);
  }

  private async write(tx: DbOrTx, userId: string, accepted: LegalAccepted, ip: string | null): Promise<void> {
    const at = this.deps.clock.now();
    const rows = (Object.entries(accepted) as Array<[LegalKind | 'age', number]>).map(([kind, version]) => ({ userId, kind, version, acceptedAt: at, ip }));
    if (!rows.length) return;
    await tx.insert(legalAcceptances).values(rows).onConflictDoNothing();
    await this.deps.accounts.mergeLegalAccepted(tx, userId, accepted);
  }

  /**
   * POST /legal/accept: the current version of `kind` (any other → 400 on `version`), with the
   * age when the account must confirm it (400 on `ageConfirmed`). Answers what is still pending.
   */
  async accept(user: UserRow, input: AcceptLegalInput, ip: string | null): Promise<LegalPending> {
    const current = await this.current();
    if (current[input.kind] === 0) throw fieldError('kind', LEGAL_MESSAGES.nothingPublished);
    if (input.version !== current[input.kind]) throw fieldError('version', LEGAL_MESSAGES.versionNotCurrent);
    const before = await this.pending(user);
    if (before.age && !input.ageConfirmed) throw fieldError('ageConfirmed', LEGAL_MESSAGES.ageNotConfirmed);
    const accepted: LegalAccepted = { [input.kind]: input.version };
    if (before.age) accepted.age = await this.minimumAge();
    await this.deps.db.transaction((tx) => this.write(tx, user.id, accepted, ip));
    return this.pending({ legalAccepted: { ...user.legalAccepted, ...accepted } });
  }

  /** GET /admin/legal/documents: every version, newest first, with its acceptance count. */
  async adminList(): Promise<AdminLegalDocument[]> {
    const rows = await this.deps.db.select().from(legalDocuments).orderBy(legalDocuments.kind, desc(legalDocuments.version));
    return this.adminViews(this.deps.db, rows);
  }

  private async adminViews(db: DbOrTx, rows: LegalDocumentRow[]): Promise<AdminLegalDocument[]> {
    if (!rows.length) return [];
    const titles = await this.pageTitles([...new Set(rows.map((r) => r.slug))]);
    const counts = await db
      .select({ kind: legalAcceptances.kind, version: legalAcceptances.version, n: count() })
      .from(legalAcceptances)
      .where(inArray(legalAcceptances.kind, [...LEGAL_KINDS]))
      .groupBy(legalAcceptances.kind, legalAcceptances.version);
    const highest = new Map<string, number>();
    for (const r of rows) highest.set(r.kind, Math.max(highest.get(r.kind) ?? 0, r.version));
    return rows.map((r) => ({
      ...this.view(r, titles),
      _id: r.id,
      current: highest.get(r.kind) === r.version,
      acceptances: Number(counts.find((c) => c.kind === r.kind && c.version === r.version)?.n ?? 0),
    }));
  }

  /**
   * POST /admin/legal/documents: version current + 1 of `kind`, the published page at `slug`.
   * Audited in the same transaction; every node drops its current versions after the commit.
   */
  async publish(input: PublishLegalInput, actor: AuditActor): Promise<AdminLegalDocument> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [page] = await tx.select({ status: sitePages.status }).from(sitePages).where(eq(sitePages.slug, input.slug)).limit(1);
      if (page?.status !== 'published') throw fieldError('slug', LEGAL_MESSAGES.pageNotPublished);
      // One publication of a kind at a time: the next version is read and written under the lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${input.kind}`}))`);
      const [last] = await tx.select({ version: legalDocuments.version }).from(legalDocuments).where(eq(legalDocuments.kind, input.kind)).orderBy(desc(legalDocuments.version)).limit(1);
      const [created] = await tx
        .insert(legalDocuments)
        .values({ kind: input.kind, version: (last?.version ?? 0) + 1, slug: input.slug, publishedBy: actor.actorId, publishedAt: this.deps.clock.now() })
        .returning();
      await recordAudit(tx, actor, { action: 'legal.publish', targetType: 'legal_document', targetId: created!.id, after: { kind: created!.kind, version: created!.version, slug: created!.slug } });
      return created!;
    });
    if (this.deps.bus) await this.deps.bus.publish(CACHE_TOPIC);
    else this.drop();
    const [view] = await this.adminViews(this.deps.db, [row]);
    return { ...view!, current: true };
  }

  /** Whether `userId` accepted version `version` of `kind` (tests and the seed). */
  async hasAccepted(userId: string, kind: LegalKind | 'age', version: number): Promise<boolean> {
    const [r] = await this.deps.db.select({ id: legalAcceptances.id }).from(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.kind, kind), eq(legalAcceptances.version, version))).limit(1);
    return Boolean(r);
  }
}
