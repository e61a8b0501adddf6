import crypto from 'node:crypto';
import os from 'node:os';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { HlsAccess } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { HLS_FILE_RE, hlsKey, type HlsPackager, type HlsRun } from '../../platform/live/hls-packager';
import { LiveMediaError, type LiveMedia, type LiveRtpForward } from '../../platform/live/provider';
import type { SettingsService } from '../settings/settings.service';
import { users, type UserRow } from '../users/users.tables';
import { issueCredential, verifyCredential } from './streaming.credentials';
import { entitlement } from './streaming.policy';
import type { StreamPlacement } from './streaming.placement';
import { originRoom, streams, type StreamRow } from './streaming.tables';
import { StreamAccess } from './streaming.access';

/** How long an HLS link (playlist or segment) works: the player renews the playlist's through join. */
export const HLS_TOKEN_SECONDS = 30;
/** How long a playlist fetch trusts the last positive entitlement decision of (viewer, stream) on this node. */
export const HLS_ENTITLEMENT_CACHE_MS = 5_000;
/** How long a playlist fetch waits for a starting packager's first segments before answering 503. */
const PLAYLIST_WAIT_MS = 10_000;
/** How often this node looks at its packagers' streams (ended → stopped; camera back → forwarded again). */
const WATCH_MS = 1_000;
/** No RTP for this long while the camera is on: the forward ended with a publisher that left — forward again. */
const REFORWARD_AFTER_MS = 3_000;
/** A failed packager may be claimed again after this long. */
const RETRY_FAILED_MS = 15_000;
/** A claim still 'starting' this long (its node died) may be taken over. */
const STALE_START_MS = 60_000;
const STARTING_MESSAGE = 'The stream is starting, try again in a moment';

export interface StreamHlsDeps {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  media: LiveMedia | null;
  packager: HlsPackager | null;
  storage: Storage;
  settings: Pick<SettingsService, 'get'>;
  placement: Pick<StreamPlacement, 'leastLoaded'>;
  log: FastifyBaseLogger;
}

interface LocalRun {
  run: HlsRun;
  forward: LiveRtpForward | null;
  forwardTriedAt: number;
  forwarding: boolean;
  stopping: boolean;
}

/**
 * HLS for large audiences (README.md beside this file, "HLS for large audiences"): who is sent to
 * HLS (join), the stream's packager started on demand by the first HLS viewer (one node claims
 * it), and the playlist and segments served through short-lived links bound to the viewer.
 */
export class StreamHls {
  /** This API process, as `streams.hls_node` names the packager's. */
  readonly nodeId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private runs = new Map<string, LocalRun>();
  private allowed = new Map<string, number>();
  private files = new Map<string, { until: number; bytes: Buffer }>();
  private watcher: NodeJS.Timeout | null = null;
  private watching = false;

  constructor(private deps: StreamHlsDeps) {}

  /** HLS works on this node: a packager and a Janus that forwards RTP. */
  get enabled(): boolean {
    return Boolean(this.deps.packager && this.deps.media?.forwardRtp);
  }

  /**
   * GET /streaming/join's HLS part, for an entitled viewer: the signed playlist when they are sent to
   * HLS — a live, non-private Janus stream they do not own, when the operator plays public streams
   * over HLS by default (`liveHlsDefault`) or no Janus server has WebRTC room left — else null.
   * Starts the stream's packager when nobody runs it yet.
   */
  async accessFor(viewer: UserRow, row: StreamRow, role: 'publisher' | 'subscriber', now: Date): Promise<HlsAccess | null> {
    if (!this.enabled || role !== 'subscriber' || viewer.id === row.performerId || row.type === 'private' || row.provider !== 'janus' || row.status !== 'live') return null;
    const toHls = (await this.deps.settings.get('liveHlsDefault')) || (await this.deps.placement.leastLoaded()) === null;
    if (!toHls) return null;
    if (!(await this.ensure(row, now))) return null;
    const { token, expiresAt } = this.token(viewer.id, row.id, now);
    return { playlistUrl: `${this.deps.publicUrl}/streaming/hls/${row.id}/index.m3u8?t=${token}`, expiresAt: expiresAt.toISOString() };
  }

  private token(userId: string, streamId: string, now: Date) {
    return issueCredential(this.deps.secret, { userId, streamId, role: 'hls' }, now, HLS_TOKEN_SECONDS);
  }

  /**
   * The packager of the stream runs somewhere (or is starting): false when it failed recently.
   * The first caller's node claims it (one conditional UPDATE: off, failed long enough ago, or a
   * start that never finished) and starts it.
   */
  async ensure(row: StreamRow, now: Date): Promise<boolean> {
    if (this.runs.has(row.id)) return true;
    // Running (or starting) somewhere, as the row just read says: no write (a thousand viewers join one stream).
    if (row.hlsStatus === 'live' || (row.hlsStatus === 'starting' && row.hlsStartedAt && now.getTime() - row.hlsStartedAt.getTime() < STALE_START_MS)) return true;
    const [claimed] = await this.deps.db
      .update(streams)
      .set({ hlsStatus: 'starting', hlsNode: this.nodeId, hlsStartedAt: now })
      .where(
        and(
          eq(streams.id, row.id),
          eq(streams.status, 'live'),
          or(
            eq(streams.hlsStatus, 'off'),
            and(eq(streams.hlsStatus, 'failed'), lt(streams.hlsStartedAt, new Date(now.getTime() - RETRY_FAILED_MS))),
            and(eq(streams.hlsStatus, 'starting'), lt(streams.hlsStartedAt, new Date(now.getTime() - STALE_START_MS))),
          ),
        ),
      )
      .returning();
    if (claimed) {
      await this.startLocal(claimed);
      return true;
    }
    const [cur] = await this.deps.db.select({ hlsStatus: streams.hlsStatus }).from(streams).where(eq(streams.id, row.id));
    return cur?.hlsStatus === 'starting' || cur?.hlsStatus === 'live';
  }

  /** Opens the packager's ports, forwards the camera there (or later, when it is off now), and marks the stream 'live' at its first segment. */
  private async startLocal(row: StreamRow): Promise<void> {
    const { packager, log } = this.deps;
    let run: HlsRun;
    try {
      run = await packager!.start(row.id);
    } catch (err) {
      await this.markFailed(row.id, err);
      return;
    }
    const local: LocalRun = { run, forward: null, forwardTriedAt: 0, forwarding: false, stopping: false };
    this.runs.set(row.id, local);
    this.watch();
    run.ready.then(
      async () => {
        await this.deps.db.update(streams).set({ hlsStatus: 'live' }).where(and(eq(streams.id, row.id), eq(streams.hlsNode, this.nodeId), eq(streams.hlsStatus, 'starting')));
        log.info({ streamId: row.id }, 'hls: the stream plays over HLS');
      },
      async (err: unknown) => {
        if (this.runs.get(row.id)?.run !== run) return;
        this.runs.delete(row.id);
        await local.forward?.stop().catch(() => {});
        await this.markFailed(row.id, err);
      },
    );
    if (row.publishing) await this.forward(row, local);
  }

  private async markFailed(streamId: string, err: unknown): Promise<void> {
    this.deps.log.error({ err, streamId }, `hls: the stream's HLS packager failed: ${err instanceof Error ? err.message : String(err)}`);
    await this.deps.db.update(streams).set({ hlsStatus: 'failed' }).where(and(eq(streams.id, streamId), eq(streams.hlsNode, this.nodeId)));
  }

  /** Forwards the stream's camera to its packager (again: a forward ends with the publisher). */
  private async forward(row: StreamRow, local: LocalRun): Promise<void> {
    const media = this.deps.media;
    const room = media && originRoom(row, media.servers());
    if (!media?.forwardRtp || !room || local.forwarding) return;
    local.forwarding = true;
    local.forwardTriedAt = Date.now();
    try {
      await local.forward?.stop().catch(() => {});
      local.forward = null;
      const fwd = await media.forwardRtp(room, { host: '127.0.0.1', videoPort: local.run.videoPort, audioPort: local.run.audioPort });
      if (local.run.stopped) await fwd.stop().catch(() => {});
      else local.forward = fwd;
    } catch (err) {
      // The camera is off right now: the watcher forwards again once it is back.
      if (!(err instanceof LiveMediaError && err.code === 'not_publishing')) this.deps.log.warn({ err, streamId: row.id }, 'hls: forwarding the camera to the packager failed');
    } finally {
      local.forwarding = false;
    }
  }

  /**
   * The creator published again (a new publisher: the old forward ended with the old one): forward
   * the new camera to this node's packager at once. The watcher does it within a few seconds anyway.
   */
  async republished(streamId: string): Promise<void> {
    const local = this.runs.get(streamId);
    if (!local) return;
    const [row] = await this.deps.db.select().from(streams).where(eq(streams.id, streamId));
    if (row && row.status === 'live') await this.forward(row, local);
  }

  private watch(): void {
    if (this.watcher) return;
    this.watcher = setInterval(() => void this.look(), WATCH_MS);
    this.watcher.unref();
  }

  /** This node's packagers: an ended stream's stops (its files deleted); a camera on with no RTP arriving is forwarded again. */
  private async look(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    try {
      const ids = [...this.runs.keys()];
      if (ids.length === 0) {
        if (this.watcher) clearInterval(this.watcher);
        this.watcher = null;
        return;
      }
      const rows = new Map((await this.deps.db.select().from(streams).where(inArray(streams.id, ids))).map((r) => [r.id, r]));
      const now = Date.now();
      for (const id of ids) {
        const row = rows.get(id);
        const local = this.runs.get(id);
        if (!local || local.stopping) continue;
        if (!row || row.status !== 'live' || row.hlsNode !== this.nodeId) {
          await this.stopLocal(id);
          continue;
        }
        const quiet = now - Math.max(local.run.lastPacketAt, local.forwardTriedAt) > REFORWARD_AFTER_MS;
        if (row.publishing && quiet) await this.forward(row, local);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'hls: watching the packagers failed');
    } finally {
      this.watching = false;
    }
  }

  /** Stops this node's packager of the stream (its forward, ffmpeg, its stored files). */
  async stopLocal(streamId: string): Promise<void> {
    const local = this.runs.get(streamId);
    if (!local || local.stopping) return;
    local.stopping = true;
    await local.forward?.stop().catch(() => {});
    await local.run.stop();
    // Listed until its files are gone.
    if (this.runs.get(streamId) === local) this.runs.delete(streamId);
    for (const k of this.files.keys()) if (k.startsWith(`${streamId}/`)) this.files.delete(k);
    for (const k of this.allowed.keys()) if (k.startsWith(`${streamId}/`)) this.allowed.delete(k);
    await this.deps.db.update(streams).set({ hlsStatus: 'off', hlsNode: null }).where(and(eq(streams.id, streamId), eq(streams.hlsNode, this.nodeId), sql`${streams.status} <> 'live'`));
    this.deps.log.info({ streamId }, 'hls: packager stopped, its files deleted');
  }

  /** The running packager of the stream on this node (tests, the bench). */
  local(streamId: string): HlsRun | null {
    return this.runs.get(streamId)?.run ?? null;
  }

  // ------------------------------------------------------------------ serving

  /** The link's viewer when its token is genuine, unexpired and for this stream (and, when the request is signed in, its user); else 403. */
  private holder(streamId: string, token: string | undefined, now: Date, sessionUserId?: string): string {
    const p = token ? verifyCredential(this.deps.secret, token, now, { streamId, role: 'hls' }) : null;
    if (!p || (sessionUserId !== undefined && sessionUserId !== p.u)) throw forbidden('This link is invalid or has expired');
    return p.u;
  }

  /**
   * GET /streaming/hls/{id}/index.m3u8?t=…: THE entitlement rule again (a positive answer trusted
   * for HLS_ENTITLEMENT_CACHE_MS on this node; a kick forgets it), then the live playlist with a
   * fresh link on every segment.
   */
  async playlist(streamId: string, token: string | undefined, sessionUserId?: string): Promise<string> {
    const now = this.deps.clock.now();
    const userId = this.holder(streamId, token, now, sessionUserId);
    await this.assertEntitled(userId, streamId, now);
    const text = await this.playlistText(streamId);
    const { token: fresh } = this.token(userId, streamId, now);
    return text
      .split('\n')
      .map((line) => (line && !line.startsWith('#') ? `${line}?t=${fresh}` : line))
      .join('\n');
  }

  private async assertEntitled(userId: string, streamId: string, now: Date): Promise<void> {
    const key = `${streamId}/${userId}`;
    if ((this.allowed.get(key) ?? 0) > now.getTime()) return;
    this.allowed.delete(key);
    const [[viewer], [row]] = await Promise.all([
      this.deps.db.select().from(users).where(and(eq(users.id, userId), eq(users.status, 'active'))),
      this.deps.db.select().from(streams).where(eq(streams.id, streamId)),
    ]);
    if (!viewer || !row || row.status !== 'live' || row.type === 'private') throw notFound('Stream not found');
    const e = await entitlement(this.deps.db, viewer, row, now);
    if (!e.entitled) throw StreamAccess.refusal(e);
    if (this.allowed.size > 100_000) this.allowed.clear();
    this.allowed.set(key, now.getTime() + HLS_ENTITLEMENT_CACHE_MS);
  }

  /** Forgets the viewer's cached entitlement to the stream (kick, ban, block): their next playlist fetch asks the rule. */
  forget(streamId: string, userId: string): void {
    this.allowed.delete(`${streamId}/${userId}`);
  }

  /** The stored playlist: from this node's packager, else storage (cached for half a segment); waits for a starting packager's first segments. */
  private async playlistText(streamId: string): Promise<string> {
    const deadline = Date.now() + PLAYLIST_WAIT_MS;
    for (;;) {
      const local = this.runs.get(streamId);
      const text = local ? local.run.playlist() : ((await this.stored(streamId, 'index.m3u8', 500))?.toString('utf8') ?? null);
      if (text) return text;
      // Nothing yet: an ended stream is gone (404), a packager not running will not start here (503 now).
      const [row] = await this.deps.db.select({ status: streams.status, hlsStatus: streams.hlsStatus }).from(streams).where(eq(streams.id, streamId));
      if (!row || row.status !== 'live') throw notFound('Stream not found');
      if (row.hlsStatus !== 'starting' && row.hlsStatus !== 'live') throw new HttpError(503, STARTING_MESSAGE);
      if (Date.now() > deadline) throw new HttpError(503, STARTING_MESSAGE);
      if (local) await Promise.race([local.run.ready.catch(() => {}), new Promise((r) => setTimeout(r, 250))]);
      else await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** GET /streaming/hls/{id}/s<n>.ts?t=…: the link only (signature, expiry, stream), then the bytes. */
  async segment(streamId: string, file: string, token: string | undefined, sessionUserId?: string): Promise<Buffer> {
    this.holder(streamId, token, this.deps.clock.now(), sessionUserId);
    if (!HLS_FILE_RE.test(file) || file === 'index.m3u8') throw notFound();
    const bytes = this.runs.get(streamId)?.run.segment(file) ?? (await this.stored(streamId, file, 30_000));
    if (!bytes) throw notFound();
    return bytes;
  }

  /** A stored HLS file, kept in memory for `ttlMs` (other nodes than the packager's). */
  private async stored(streamId: string, file: string, ttlMs: number): Promise<Buffer | null> {
    const key = `${streamId}/${file}`;
    const hit = this.files.get(key);
    if (hit && hit.until > Date.now()) return hit.bytes;
    const bytes = await this.deps.storage.get(hlsKey(streamId, file)).then((s) => buffer(s), () => null);
    if (!bytes) return null;
    if (this.files.size > 200) for (const [k, v] of this.files) if (v.until <= Date.now()) this.files.delete(k);
    if (this.files.size <= 200) this.files.set(key, { until: Date.now() + ttlMs, bytes });
    return bytes;
  }

  /** Shutdown: every packager of this node stops (their files deleted); the stream may be claimed again elsewhere. */
  async stopAll(): Promise<void> {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    const ids = [...this.runs.keys()];
    for (const id of ids) {
      await this.stopLocal(id);
      await this.deps.db.update(streams).set({ hlsStatus: 'off', hlsNode: null }).where(and(eq(streams.id, id), eq(streams.hlsNode, this.nodeId))).catch(() => {});
    }
  }
}

export const HLS_CONTENT_TYPES = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const;
