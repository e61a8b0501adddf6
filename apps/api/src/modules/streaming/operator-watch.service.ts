import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminLiveQuery, LiveKind, Stream, StreamJoin } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { recordOperatorRead, type OperatorRead } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { users, type UserRow } from '../users/users.tables';
import { streams, type StreamRow } from './streaming.tables';
import { operatorStreamWatches, type OperatorStreamWatchRow } from './operator-watch.tables';
import type { StreamsService } from './streams.service';
import type { StreamAccess } from './streaming.access';

/** Each kind of the console's list as the columns that make it. */
const KIND_WHERE: Record<LiveKind, () => SQL> = {
  public: () => and(eq(streams.type, 'public'), eq(streams.access, 'followers'))!,
  subscribers: () => and(eq(streams.type, 'public'), eq(streams.access, 'subscribers'))!,
  ticket: () => eq(streams.type, 'group'),
  private: () => eq(streams.type, 'private'),
};

/**
 * Operators and live streams (README.md beside this file, "Operators watching"; issue 28 §6): the
 * console's list of what is live now (metadata: no media, no chat, no private show's fan), and the
 * audited watch — the one way an operator gets into a stream that is not free to everyone: one
 * audit row with the reason and the subjects, and a watch grant THE entitlement rule reads, in one
 * transaction.
 */
export class OperatorStreamWatch {
  constructor(private deps: { db: Db; streams: StreamsService; access: StreamAccess }) {}

  /** GET /admin/streams: live streams, newest first (streams_live_idx), the creators from the same query. */
  async live(operator: UserRow, q: AdminLiveQuery): Promise<{ data: Stream[]; total: number }> {
    const conds: SQL[] = [eq(streams.status, 'live')];
    if (q.kind) conds.push(KIND_WHERE[q.kind]());
    if (q.q) {
      const pat = containsPattern(q.q);
      conds.push(or(ilike(streams.title, pat), ilike(users.username, pat), ilike(users.name, pat))!);
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.deps.db.select({ s: streams, u: users }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where).orderBy(desc(streams.startedAt), desc(streams.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where),
    ]);
    // One round trip of facts for the page (the operator's grants among them): `entitled` = may watch now.
    return { data: await this.deps.streams.views(operator, rows.map((r) => r.s), new Map(rows.map((r) => [r.u.id, r.u]))), total: Number(total?.n ?? 0) };
  }

  /**
   * POST /admin/streams/{id}/watch: the audited read (`stream.read`, the operator's reason, subjects
   * the creator and a private show's fan) and the watch grant, in one transaction — written before
   * anything of the stream is answered; no valid reason → 400 reason_required, nothing written.
   * Then what GET /streaming/join answers now. Unknown → 404, ended → 409, the provider down → 503
   * (checked first: no read is recorded for a stream that cannot be shown). The operator's own
   * stream is theirs: no read, no grant.
   */
  async watch(operator: UserRow, read: OperatorRead, id: string): Promise<StreamJoin> {
    const row = await this.deps.streams.row(id);
    if (!row) throw notFound('Stream not found');
    if (row.status !== 'live') throw conflict('This stream has ended');
    if (row.performerId !== operator.id) {
      await this.deps.streams.assertProviderUp(row);
      await this.grant(operator, read, row);
    }
    return this.deps.access.join(operator, row.id);
  }

  /**
   * The watch's writes, in one transaction: the audit row (`stream.read`: the reason, the subjects)
   * and the grant naming it. No valid reason → 400 reason_required, nothing written. Answers the
   * grant. (`watch` checks the stream first; the demo seed records a past watch through this.)
   */
  async grant(operator: UserRow, read: OperatorRead, row: StreamRow): Promise<OperatorStreamWatchRow> {
    return this.deps.db.transaction(async (tx) => {
      const auditId = await recordOperatorRead(tx, read, { action: 'stream.read', targetType: 'stream', targetId: row.id, subjectIds: subjectsOf(row) });
      const [grant] = await tx.insert(operatorStreamWatches).values({ operatorId: operator.id, streamId: row.id, reason: read.reason!, auditId }).returning();
      return grant!;
    });
  }
}

/** Whose stream it is: the creator, and a private show's fan (their data exports list the watch). */
function subjectsOf(row: StreamRow): string[] {
  return row.type === 'private' && row.privateFanId ? [row.performerId, row.privateFanId] : [row.performerId];
}
