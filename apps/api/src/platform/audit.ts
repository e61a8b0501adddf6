import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditLog } from './audit.tables';
import { unauthorized } from './errors';

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
}

/** What a user agent is cut to (a header can be long; the log keeps enough to recognise it). */
const USER_AGENT_MAX = 500;

/** The signed-in user of `request` as the actor of an audited action, with their IP and user agent. */
export function auditActor(request: FastifyRequest): AuditActor {
  if (!request.user) throw unauthorized();
  const ua = request.headers['user-agent'];
  return {
    actorId: request.user.id,
    ip: request.ip || null,
    userAgent: typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null,
  };
}

/** JSON as stored: `undefined` → null (no snapshot); anything else through JSON (dates → ISO strings). */
function snapshot(v: unknown): unknown {
  const json = v === undefined ? undefined : JSON.stringify(v);
  return json === undefined ? null : (JSON.parse(json) as unknown);
}

/** Writes one audit entry in `tx`, the transaction of the change it records. */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}
