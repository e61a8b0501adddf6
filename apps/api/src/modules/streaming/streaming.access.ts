import { STREAM_CREDENTIAL_SECONDS, fromMinor, type HlsAccess, type StreamCredential, type StreamJoin } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { HttpError, conflict, forbidden, notFound, unauthorized } from '../../platform/errors';
import { agoraRtcToken, agoraUid } from '../../platform/live/agora';
import type { UserRow } from '../users/users.tables';
import type { StreamRow } from './streaming.tables';
import { decide, streamFacts, type Entitlement } from './streaming.policy';
import { issueCredential } from './streaming.credentials';
import { LIVE_UNAVAILABLE, type StreamsService } from './streams.service';

/** Who is sent to HLS and their signed playlist (streaming.hls.ts, `StreamHls.accessFor`). */
export interface HlsDoor {
  accessFor(viewer: UserRow, row: StreamRow, role: 'publisher' | 'subscriber', now: Date): Promise<HlsAccess | null>;
}

export const BANNED_MESSAGE = "You can't watch this creator's streams right now";

/**
 * The doors into a stream (README.md beside this file, "Credentials"): GET /streaming/join (the
 * entitlement check and, when entitled, a credential for the stream's provider) and POST
 * /streaming/agora/token (the renewal of an Agora token). Both ask the policy every time, so a
 * ban, a block or an exhausted balance takes effect at the next renewal.
 */
export class StreamAccess {
  constructor(private deps: { db: Db; clock: Clock; secret: string; streams: StreamsService; hls?: HlsDoor }) {}

  /** The entitlement refusal as the HTTP error it is (404, 401, or 403 for a ban). */
  static refusal(e: Extract<Entitlement, { entitled: false }>): HttpError {
    if (e.status === 404) return notFound('Stream not found');
    if (e.status === 401) return unauthorized();
    return forbidden(e.need ? 'You need access to this stream first' : BANNED_MESSAGE);
  }

  /** GET /streaming/join/{id}. */
  async join(viewer: UserRow, id: string): Promise<StreamJoin> {
    const row = await this.deps.streams.row(id);
    if (!row || row.status !== 'live') throw notFound('Stream not found');
    const now = this.deps.clock.now();
    const facts = await streamFacts(this.deps.db, viewer, [row], now);
    const e = decide(viewer, row, facts);
    if (!e.entitled && (e.status !== 403 || e.need === null)) throw StreamAccess.refusal(e);
    const stream = await this.deps.streams.view(viewer, row);
    const balance = fromMinor(facts.balance);
    if (!e.entitled) return { stream, entitled: false, credential: null, need: e.need, price: e.price != null ? fromMinor(e.price) : null, balance, hls: null };
    await this.deps.streams.assertProviderUp(row);
    const credential = await this.credential(viewer, row, e.role, now);
    // Sent to HLS (README "HLS for large audiences"): the signed playlist; the credential stays, for WebRTC later.
    const hls = (await this.deps.hls?.accessFor(viewer, row, e.role, now)) ?? null;
    return { stream, entitled: true, credential, need: null, price: null, balance, hls };
  }

  /** POST /streaming/agora/token: the same check; an Agora token only. */
  async agoraToken(viewer: UserRow, id: string): Promise<Extract<StreamCredential, { provider: 'agora' }>> {
    const row = await this.deps.streams.row(id);
    if (!row || row.status !== 'live') throw notFound('Stream not found');
    const now = this.deps.clock.now();
    const e = decide(viewer, row, await streamFacts(this.deps.db, viewer, [row], now));
    if (!e.entitled) throw e.status === 404 || e.status === 401 ? StreamAccess.refusal(e) : forbidden(e.need ? 'You need access to this stream first' : BANNED_MESSAGE);
    if (row.provider !== 'agora') throw conflict('This stream does not use Agora');
    const cred = await this.credential(viewer, row, e.role, now);
    return cred as Extract<StreamCredential, { provider: 'agora' }>;
  }

  private async credential(viewer: UserRow, row: StreamRow, role: 'publisher' | 'subscriber', now: Date): Promise<StreamCredential> {
    if (row.provider === 'janus') {
      const { token, expiresAt } = issueCredential(this.deps.secret, { userId: viewer.id, streamId: row.id, role }, now, STREAM_CREDENTIAL_SECONDS);
      return { provider: 'janus', role, token, expiresAt: expiresAt.toISOString() };
    }
    const agora = await this.deps.streams.agora();
    if (!agora) throw new HttpError(503, LIVE_UNAVAILABLE);
    const uid = agoraUid(viewer.id);
    const token = agoraRtcToken({ appId: agora.appId, certificate: agora.certificate, channel: row.channel, uid, role, seconds: STREAM_CREDENTIAL_SECONDS });
    return { provider: 'agora', role, appId: agora.appId, channel: row.channel, uid, token, expiresAt: new Date(now.getTime() + STREAM_CREDENTIAL_SECONDS * 1000).toISOString() };
  }
}
