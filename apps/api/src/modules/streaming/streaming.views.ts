import { inArray } from 'drizzle-orm';
import { fromMinor, type Stream } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { StreamRow } from './streaming.tables';
import { canModerateWith, decide, streamFacts } from './streaming.policy';

/**
 * A stream as a caller may know it (shared streamSchema): public info only — never the Agora
 * channel, the Janus room, its secret or pin. `entitled` and `canModerate` are the caller's, from
 * the policy's facts (one round trip for the whole list), and the creators' cards come from one
 * query (or from the row's join, `creators`).
 */
export async function streamViews(
  db: DbOrTx,
  usersSvc: Pick<UsersService, 'card'>,
  viewer: UserRow | null,
  rows: StreamRow[],
  /** graceSeconds: the operator's liveReconnectGraceSeconds, for `reconnectBy` (needed when a live Janus stream's camera is off). */
  opts: { creators?: Map<string, UserRow>; now?: Date; graceSeconds?: number } = {},
): Promise<Stream[]> {
  if (rows.length === 0) return [];
  const creators = opts.creators ?? new Map<string, UserRow>();
  const missing = [...new Set(rows.map((r) => r.performerId).filter((id) => !creators.has(id)))];
  const [facts, found] = await Promise.all([
    streamFacts(db, viewer, rows, opts.now),
    missing.length ? db.select().from(users).where(inArray(users.id, missing)) : Promise.resolve([] as UserRow[]),
  ]);
  for (const u of found) creators.set(u.id, u);
  return rows.map((r) => {
    const creator = creators.get(r.performerId);
    return {
      _id: r.id,
        minTierId: r.minTierId ?? null,
      performerId: r.performerId,
      performer: creator ? usersSvc.card(creator) : null,
      type: r.type,
      access: r.access,
      title: r.title,
      description: r.description,
      price: r.price === null ? null : fromMinor(r.price),
      status: r.status,
      provider: r.provider,
      viewerCount: r.viewerCount,
      tipGoal: r.tipGoal === null ? null : fromMinor(r.tipGoal),
      tipsTotal: fromMinor(r.tipsTotal),
      slowModeSeconds: r.slowModeSeconds,
      publishing: r.publishing,
      ...cameraState(r, opts.graceSeconds ?? 0),
      conversationId: r.conversationId,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      endReason: r.endReason,
      ...replayOf(viewer, r),
      audience: isOwnerOrOperator(viewer, r) ? { webrtc: r.viewerCount - r.hlsViewerCount, hls: r.hlsViewerCount } : null,
      entitled: decide(viewer, r, facts).entitled,
      canModerate: canModerateWith(viewer, r, facts),
    };
  });
}

const isOwnerOrOperator = (viewer: UserRow | null, r: StreamRow) => !!viewer && (viewer.id === r.performerId || isAdmin(viewer));

/** Replays are the owner's (and operators') business: others see nulls. */
function replayOf(viewer: UserRow | null, r: StreamRow): Pick<Stream, 'record' | 'replayStatus' | 'replayError' | 'replayVideoId'> {
  if (!isOwnerOrOperator(viewer, r)) return { record: null, replayStatus: null, replayError: null, replayVideoId: null };
  return { record: r.record, replayStatus: r.replayStatus, replayError: r.replayError, replayVideoId: r.replayStatus === 'ready' ? r.replayVideoId : null };
}

/** A live Janus stream whose camera is off: since when it dropped (after being on air), and when it ends unless it is back. */
function cameraState(r: StreamRow, graceSeconds: number): Pick<Stream, 'droppedAt' | 'reconnectBy'> {
  if (r.status !== 'live' || r.provider !== 'janus' || r.publishing || !r.cameraOffAt) return { droppedAt: null, reconnectBy: null };
  return {
    droppedAt: r.firstOnAirAt ? r.cameraOffAt.toISOString() : null,
    reconnectBy: new Date(r.cameraOffAt.getTime() + graceSeconds * 1000).toISOString(),
  };
}
