import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import type { Storage } from '../../platform/storage.types';
import { auditLog } from '../../platform/audit.tables';
import { operatorAccessPage } from '../../platform/audit';
import { users } from '../users/users.tables';
import { conversationMembers, messages } from '../messages/messages.tables';
import { notifications } from '../notifications/notifications.tables';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { orders } from '../orders/orders.tables';
import { purchases } from '../purchases/purchases.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { files } from '../media/media.tables';
import { legalAcceptances } from '../legal/legal.tables';
import { coperformerReleases } from '../releases/releases.tables';

/** Rows read per query: an export never loads one area in one go. */
export const EXPORT_PAGE = 200;

type Row = Record<string, unknown> & { id: string };
/** One JSON file of the ZIP: its rows read a page at a time, in id order, after the last id seen. */
interface Area {
  file: string;
  page: (after: string | null) => Promise<Row[]>;
}

/** `id > after` when paging, nothing on the first page. */
const after = (col: PgColumn, last: string | null): SQL | undefined => (last ? gt(col, last) : undefined);

/**
 * What other modules answer for a user's export through their services (README "Export"): the
 * payments module's disputes and refunds (a page at a time), the taxes module's tax details as they
 * are answered to the user (the tax id masked).
 */
export interface ExportSources {
  disputesPage(userId: string, last: string | null, limit: number): Promise<Row[]>;
  refundsPage(userId: string, last: string | null, limit: number): Promise<Row[]>;
  paymentsPage(userId: string, last: string | null, limit: number): Promise<Row[]>;
  signInsPage(userId: string, last: string | null, limit: number): Promise<Row[]>;
  /** Null: none given. Throws when they cannot be opened (no DATA_ENCRYPTION_KEY). */
  taxDetails(userId: string): Promise<Record<string, unknown> | null>;
}

/**
 * The areas of a user's export (README "Export"), each paged by id. Read-only; the user's own rows
 * only (messages they sent, their ledger accounts' lines, their orders as buyer and as seller…).
 */
export function exportAreas(db: Db, userId: string, sources: ExportSources): Area[] {
  const paged = <T extends PgTable>(table: T, id: PgColumn, where: SQL | undefined) => async (last: string | null) =>
    (await db.select().from(table as PgTable).where(and(where, after(id, last))).orderBy(asc(id)).limit(EXPORT_PAGE)) as Row[];
  return [
    {
      file: 'profile.json',
      page: async (last) => {
        if (last) return [];
        const [u] = await db.select().from(users).where(eq(users.id, userId));
        if (!u) return [];
        const { passwordHash: _secret, ...profile } = u;
        return [{ ...profile, hasPassword: Boolean(_secret) }];
      },
    },
    {
      // Messages the user sent, a page of their conversations at a time.
      file: 'messages-sent.json',
      page: async (last) => {
        const rows = await db.select({ id: messages.id, conversationId: messages.conversationId, text: messages.text, fileIds: messages.fileIds, price: messages.price, createdAt: messages.createdAt, deletedAt: messages.deletedAt })
          .from(messages)
          .where(and(eq(messages.senderId, userId), inArray(messages.conversationId, db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.userId, userId))), after(messages.id, last)))
          .orderBy(asc(messages.id)).limit(EXPORT_PAGE);
        return rows;
      },
    },
    { file: 'notifications.json', page: paged(notifications, notifications.id, eq(notifications.userId, userId)) },
    { file: 'purchases.json', page: paged(purchases, purchases.id, eq(purchases.userId, userId)) },
    { file: 'orders.json', page: paged(orders, orders.id, or(eq(orders.buyerId, userId), eq(orders.performerId, userId))) },
    { file: 'subscriptions.json', page: paged(subscriptions, subscriptions.id, or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId))) },
    {
      // The lines of the user's own ledger accounts (wallet, earnings), with their movement.
      file: 'ledger-lines.json',
      page: async (last) =>
        db.select({ id: ledgerEntries.id, account: ledgerAccounts.kind, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt, transactionId: ledgerTransactions.id, type: ledgerTransactions.type, reference: ledgerTransactions.reference })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(and(eq(ledgerAccounts.ownerId, userId), after(ledgerEntries.id, last)))
          .orderBy(asc(ledgerEntries.id)).limit(EXPORT_PAGE),
    },
    // Their card payments (top-ups and subscription periods), with the client of the request that made one (kept 180 days).
    { file: 'card-payments.json', page: (last) => sources.paymentsPage(userId, last, EXPORT_PAGE) },
    // Their sign-ins: when, until when, and the client (address, user agent; kept 180 days). Never the token's hash.
    { file: 'sign-ins.json', page: (last) => sources.signInsPage(userId, last, EXPORT_PAGE) },
    // Disputes of their card payments (as the fan, with the evidence sent about them; as the creator, what was held back) and refunds to the card.
    { file: 'disputes.json', page: (last) => sources.disputesPage(userId, last, EXPORT_PAGE) },
    { file: 'card-refunds.json', page: (last) => sources.refundsPage(userId, last, EXPORT_PAGE) },
    {
      // A creator's tax details as the site answers them to the creator: the tax id masked (taxes README).
      file: 'tax-details.json',
      page: async (last) => {
        if (last) return [];
        try {
          const d = await sources.taxDetails(userId);
          return d ? [{ id: 'tax-details', ...d }] : [];
        } catch {
          return [{ id: 'tax-details', unavailable: 'Your tax details are stored encrypted and could not be opened for this export; ask the site for them.' }];
        }
      },
    },
    { file: 'legal-acceptances.json', page: paged(legalAcceptances, legalAcceptances.id, eq(legalAcceptances.userId, userId)) },
    {
      // A creator's co-performer releases (modules/releases): the metadata only — the co-performer's
      // legal name, date of birth and ID are the co-performer's data, kept encrypted for the operator.
      file: 'releases.json',
      page: async (last) =>
        db.select({ id: coperformerReleases.id, status: coperformerReleases.status, stageName: coperformerReleases.stageName, signedAt: coperformerReleases.signedAt, rejectionReason: coperformerReleases.rejectionReason, files: sql<string[]>`array(select jsonb_object_keys(${coperformerReleases.files}))`, createdAt: coperformerReleases.createdAt, reviewedAt: coperformerReleases.reviewedAt })
          .from(coperformerReleases).where(and(eq(coperformerReleases.ownerId, userId), after(coperformerReleases.id, last))).orderBy(asc(coperformerReleases.id)).limit(EXPORT_PAGE),
    },
    {
      // Where an operator read or changed the user's data (the audit log about this account).
      file: 'operator-actions.json',
      page: async (last) =>
        db.select({ id: auditLog.id, action: auditLog.action, targetType: auditLog.targetType, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
          .from(auditLog).where(and(eq(auditLog.targetId, userId), after(auditLog.id, last))).orderBy(asc(auditLog.id)).limit(EXPORT_PAGE),
    },
    {
      // Each time an operator opened the user's private data (issue 28 §6): when and what, as "an operator".
      file: 'operator-access.json',
      page: async (last) => operatorAccessPage(db, userId, last, EXPORT_PAGE),
    },
    { file: 'uploads.json', page: paged(files, files.id, eq(files.ownerId, userId)) },
  ];
}

/** Writes one area as a JSON array into `out`, a page at a time, waiting when the ZIP is behind. */
async function writeArea(area: Area, out: PassThrough): Promise<Row[]> {
  const kept: Row[] = [];
  let last: string | null = null;
  let first = true;
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('[');
  for (;;) {
    const rows = await area.page(last);
    for (const r of rows) {
      await write(`${first ? '\n' : ',\n'}${JSON.stringify(r)}`);
      first = false;
    }
    if (area.file === 'uploads.json') kept.push(...rows);
    if (rows.length < EXPORT_PAGE) break;
    last = rows[rows.length - 1]!.id;
  }
  await write('\n]\n');
  out.end();
  return kept;
}

/**
 * Builds the user's export as a ZIP stream into storage at `key`: one JSON file per area, then
 * the files of their uploads under uploads/ (read from storage one at a time as the ZIP reaches
 * them). Resolves with the ZIP's size.
 */
export async function buildExport(deps: { db: Db; storage: Storage; sources: ExportSources }, userId: string, key: string): Promise<number> {
  const zip = new ZipFile();
  const upload = deps.storage.put(key, zip.outputStream as unknown as Readable, 'application/zip');
  let uploads: Row[] = [];
  try {
    for (const area of exportAreas(deps.db, userId, deps.sources)) {
      const out = new PassThrough();
      zip.addReadStream(out, area.file);
      const rows = await writeArea(area, out);
      if (area.file === 'uploads.json') uploads = rows;
    }
    for (const f of uploads) {
      const storageKey = String(f.storageKey);
      if (!(await deps.storage.stat(storageKey))) continue;
      const name = String(f.originalName || storageKey.split('/').pop() || f.id).replace(/[\\/]/g, '_');
      zip.addReadStream(await deps.storage.get(storageKey), `uploads/${f.id}-${name}`);
    }
  } finally {
    zip.end();
  }
  await upload;
  return (await deps.storage.stat(key))?.size ?? 0;
}
