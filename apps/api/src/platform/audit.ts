import type { FastifyRequest } from 'fastify';
import { and, asc, gt, sql } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, ACCESS_REASON_MESSAGES, REASON_REQUIRED_CODE, decodeAccessReason } from '@stagepass/shared';
import type { DbOrTx, Tx } from '../db/client';
import { auditLog } from './audit.tables';
import { isAdmin } from './auth';
import { HttpError, unauthorized } from './errors';
import { keptUserAgent } from './request-context';

/**
 * The operators' audit log (apps/api/README.md, "Audit log"): who did what to which record, when,
 * from where, and the record before and after.
 *
 * - Every admin action calls `recordAudit(tx, actor, entry)` INSIDE the transaction of its change:
 *   the entry exists exactly when the change does (a failed action leaves none).
 * - Service methods of admin actions take the `AuditActor` as a parameter; the route builds it with
 *   `auditActor(request)`.
 * - `before`/`after` are JSON snapshots of what changed. NEVER secrets: write '[secret]' instead
 *   (password hashes, TOTP secrets, API keys, tokens).
 * - The table is append-only in the database too: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * - An operator's READ of another user's private data (a conversation, locked media, an ID
 *   document, an order's address, someone's subscriptions) is an entry too: `recordRead` with the
 *   reason the operator gave (`accessReason(request)`, the `x-access-reason` header) and the users
 *   whose data it was (`subjectIds`; their data export lists these entries).
 */
export interface AuditActor { actorId: string; ip: string | null; userAgent: string | null }

export interface AuditEntry {
  /** `<domain>.<verb>`: 'user.suspend', 'kyc.approve', 'report.dismiss', 'content.hide', 'setting.update', ... */
  action: string;
  /** 'user' | 'performer' | 'feed' | 'video' | ... | 'setting' | 'order' | ... */
  targetType: string;
  /** The record's id (or a setting's key). */
  targetId: string | null;
  /** JSON snapshots; never secrets ('[secret]' instead). */
  before?: unknown;
  after?: unknown;
  /** Why the operator did it (required for reads of private data; null otherwise). */
  reason?: string | null;
  /** The users whose private data the entry concerns (a read's subjects). */
  subjectIds?: string[];
}

/** The signed-in user of `request` as the actor of an audited action, with their IP and user agent. */
export function auditActor(request: FastifyRequest): AuditActor {
  if (!request.user) throw unauthorized();
  return { actorId: request.user.id, ip: request.ip || null, userAgent: keptUserAgent(request.headers['user-agent']) };
}

/** JSON as stored: `undefined` → null (no snapshot); anything else through JSON (dates → ISO strings). */
function snapshot(v: unknown): unknown {
  const json = v === undefined ? undefined : JSON.stringify(v);
  return json === undefined ? null : (JSON.parse(json) as unknown);
}

/** Writes one audit entry in `tx`, the transaction of the change it records. */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertEntry(tx, actor, entry);
}

/** Writes the row; answers its id. */
async function insertEntry(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<string> {
  const [row] = await db.insert(auditLog).values({
    actorId: actor.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
    reason: entry.reason ?? null,
    subjectIds: [...new Set(entry.subjectIds ?? [])],
  }).returning({ id: auditLog.id });
  return row!.id;
}

/**
 * One audit entry for an operator's READ of private data: `action` names what was opened
 * ('messages.read', 'conversation.read', 'conversations.read', 'media.read', 'kyc.read', 'order.read',
 * 'subscriptions.read', 'release.read', 'tax_details.read', 'statement.read', 'dispute.read', 'stream.read'),
 * `subjectIds` whose data it was, `reason` what the operator gave (`accessReason(request)`).
 * A read changes nothing, so `db` may be the plain connection; the row is written before the data
 * is answered (no read goes unrecorded because the write failed). Answers the row's id (a record
 * the read opens, such as an operator's stream watch, names it).
 */
export async function recordRead(
  db: DbOrTx,
  actor: AuditActor,
  entry: { action: string; targetType: string; targetId: string | null; subjectIds: string[]; reason: string },
): Promise<string> {
  return insertEntry(db, actor, entry);
}

/**
 * The reason an operator gave for opening someone's private data: the `x-access-reason` header,
 * percent-decoded and trimmed (3–500 characters, no control characters). Missing or invalid →
 * 400 `reason_required` (the console then asks "Why are you opening this?" and repeats the call).
 */
export function accessReason(request: FastifyRequest): string {
  const reason = decodeAccessReason(request.headers[ACCESS_REASON_HEADER]);
  if (reason === null) throw reasonRequired();
  return reason;
}

/** The 400 of an operator read without a valid reason. */
export const reasonRequired = () => new HttpError(400, ACCESS_REASON_MESSAGES.required, undefined, REASON_REQUIRED_CODE);

/**
 * An operator's call on a route marked `operatorRead` (route map): who they are and the reason they
 * gave (null: none, or not a valid one). Services that find the data is someone else's call
 * `recordOperatorRead` with it; a caller reading their own data needs none of this.
 */
export interface OperatorRead { actor: AuditActor; reason: string | null }

/** Whether the route `request` came through is marked `operatorRead` in the route map. */
const markedOperatorRead = (request: FastifyRequest): boolean => request.routeOptions.config.routeDef?.operatorRead === true;

/**
 * The operator's read context of `request`: null when the caller is not an operator (role admin
 * with 2FA, `isAdmin`). Only for routes marked `operatorRead: true` in the route map (a programming
 * error otherwise: the map must say which routes open private data).
 */
export function operatorRead(request: FastifyRequest): OperatorRead | null {
  if (!markedOperatorRead(request)) throw new Error(`Route ${request.routeOptions.url ?? request.url} opens private data for operators: mark it operatorRead in the route map`);
  if (!isAdmin(request.user)) return null;
  return { actor: auditActor(request), reason: decodeAccessReason(request.headers[ACCESS_REASON_HEADER]) };
}

/**
 * Records an operator's read of other users' private data (one audit row with the reason and the
 * subjects), BEFORE the data is answered. No valid reason → 400 `reason_required` and nothing is
 * written or answered. Answers the row's id.
 */
export async function recordOperatorRead(
  db: DbOrTx,
  op: OperatorRead,
  entry: { action: string; targetType: string; targetId: string | null; subjectIds: string[] },
): Promise<string> {
  if (op.reason === null) throw reasonRequired();
  return recordRead(db, op.actor, { ...entry, reason: op.reason });
}

/**
 * The route-level part of the rule (`handle()` adds it to routes marked `operatorRead`): an
 * operator's header, when sent, must be a valid reason (400 `reason_required` otherwise, before
 * anything is read). Whether one is needed at all is the service's call: only when what it opens is
 * someone else's (`recordOperatorRead`).
 */
export async function operatorReadGate(request: FastifyRequest): Promise<void> {
  if (!isAdmin(request.user) || request.headers[ACCESS_REASON_HEADER] === undefined) return;
  if (decodeAccessReason(request.headers[ACCESS_REASON_HEADER]) === null) throw reasonRequired();
}

/** One operator read of a user's private data as their data export shows it: when and what, not who nor why. */
export type OperatorAccessRow = { id: string; at: Date; action: string; opened: string; by: 'an operator' };

/** What each read action opened, in the user's words. */
const OPENED: Record<string, string> = {
  'messages.read': 'a private message of yours',
  'conversation.read': 'a private conversation of yours, with its messages',
  'conversations.read': 'who you have private conversations with, how many messages and when (not what was said)',
  'media.read': 'your locked or private media',
  'kyc.read': 'your identity documents',
  'order.read': 'an order of yours with its delivery address',
  'subscriptions.read': 'your subscriptions',
  'release.read': 'a co-performer release you uploaded (modules/releases)',
  'release.export': 'your co-performer releases, in the custodian of records export',
  'tax_details.read': 'your tax details (the tax id masked)',
  'statement.read': 'an earnings statement of yours',
  'dispute.read': 'a card payment of yours that your bank disputed, with your sign-ins and purchases kept as evidence',
  'stream.read': 'a live stream you were in — yours, or a private show you took part in — watched with its chat',
};

/**
 * The operators' reads of `userId`'s private data (entries whose subjects include them), oldest
 * first, a page of `limit` after the id `after` (index audit_log_subjects_idx). For the user's data
 * export: the operator is "an operator" and the reason is left out (it may name an investigation);
 * apps/api/src/modules/privacy/README.md.
 */
export async function operatorAccessPage(db: DbOrTx, userId: string, after: string | null, limit: number): Promise<OperatorAccessRow[]> {
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.createdAt, action: auditLog.action, targetType: auditLog.targetType })
    .from(auditLog)
    .where(and(sql`${auditLog.subjectIds} @> array[${userId}]::uuid[]`, after ? gt(auditLog.id, after) : undefined))
    .orderBy(asc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, at: r.at, action: r.action, opened: OPENED[r.action] ?? `your ${r.targetType}`, by: 'an operator' as const }));
}
