import { and, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { formatMoneyMinor, fromMinor, isUuid, type PrivateRequest } from '@stagepass/shared';
import { PRIVATE_REQUEST_TTL_SECONDS } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../platform/clock';
import type { Realtime } from '../../platform/realtime';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { SellerGate } from '../performers/performers.policy';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { MessagesService } from '../messages/messages.service';
import { streamPrivateRequests, type StreamPrivateRequestRow } from './streaming.tables';
import { streamFacts } from './streaming.policy';
import type { StreamSettingsService } from './streaming.settings';
import type { StreamsService } from './streams.service';
import { BANNED_MESSAGE } from './streaming.access';

export interface PrivateShowsDeps {
  db: Db;
  clock: Clock;
  realtime: Pick<Realtime, 'toUser'>;
  users: Pick<UsersService, 'card'>;
  messages: Pick<MessagesService, 'pairConversationId'>;
  sellers: Pick<SellerGate, 'assertCanSell'>;
  settings: StreamSettingsService;
  streams: StreamsService;
}

/**
 * Private shows (README.md beside this file, "Private shows"): a fan asks a creator who offers
 * them (a private rate set) for a 1:1 show; one pending request per pair (unique index), expiring
 * after PRIVATE_REQUEST_TTL_SECONDS (the sweep marks it); the creator accepts (a private stream
 * starts, its price the rate per started minute, billed by streaming.billing.ts) or declines; the
 * fan may cancel. Each change is pushed to both ('stream/private-request').
 */
export class PrivateShowsService {
  constructor(private deps: PrivateShowsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** POST /streaming/private-requests. */
  async request(fan: UserRow, performerId: string): Promise<PrivateRequest> {
    if (performerId === fan.id) throw fieldError('performerId', 'You cannot ask yourself for a private show');
    const [creator] = await this.db.select().from(users).where(and(eq(users.id, performerId), eq(users.status, 'active'), eq(users.isPerformer, true)));
    if (!creator) throw notFound('Creator not found');
    const now = this.deps.clock.now();
    const facts = await streamFacts(this.db, fan, [{ id: '00000000-0000-0000-0000-000000000000', performerId, type: 'private', access: 'followers', status: 'live', price: null, privateFanId: fan.id, minTierId: null }], now);
    if (facts.blocked.has(performerId)) throw notFound('Creator not found');
    if (facts.bannedBy.has(performerId)) throw forbidden(BANNED_MESSAGE);
    const rate = (await this.deps.settings.row(performerId))?.privateRate ?? null;
    if (rate === null) throw unprocessable('This creator does not offer private shows');
    // No live video on the site right now: 503 before anyone waits for an answer.
    await this.deps.streams.provider();
    if (facts.balance < rate) throw unprocessable(`Your balance is too low for a private show: it costs ${formatMoneyMinor(rate)} per minute — top up your wallet first`);
    const conversationId = await this.deps.messages.pairConversationId(fan.id, performerId);
    // A request whose time ran out is no longer pending, even before the sweep says so.
    await this.expire(now, and(eq(streamPrivateRequests.performerId, performerId), eq(streamPrivateRequests.userId, fan.id)));
    let row: StreamPrivateRequestRow;
    try {
      [row] = (await this.db
        .insert(streamPrivateRequests)
        .values({ performerId, userId: fan.id, rate, conversationId, expiresAt: new Date(now.getTime() + PRIVATE_REQUEST_TTL_SECONDS * 1000), createdAt: now })
        .returning()) as [StreamPrivateRequestRow];
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('You already asked this creator for a private show: wait for the answer');
      throw err;
    }
    return this.push(row, new Map([[creator.id, creator], [fan.id, fan]]));
  }

  /** GET /streaming/private-requests: pending ones, received or sent. */
  async list(viewer: UserRow): Promise<{ data: PrivateRequest[]; total: number }> {
    const rows = await this.db
      .select()
      .from(streamPrivateRequests)
      .where(and(or(eq(streamPrivateRequests.performerId, viewer.id), eq(streamPrivateRequests.userId, viewer.id)), eq(streamPrivateRequests.status, 'pending'), gt(streamPrivateRequests.expiresAt, this.deps.clock.now())))
      .orderBy(desc(streamPrivateRequests.createdAt))
      .limit(100);
    const data = await this.views(rows);
    return { data, total: data.length };
  }

  /** POST /streaming/private-requests/{id}/accept: the private stream starts. */
  async accept(creator: UserRow, id: string): Promise<PrivateRequest> {
    const row = await this.own(id, (r) => r.performerId === creator.id);
    const now = this.deps.clock.now();
    if (row.status !== 'pending' || row.expiresAt.getTime() <= now.getTime()) throw conflict('This request is no longer pending');
    const [fan] = await this.db.select().from(users).where(eq(users.id, row.userId));
    if (!fan) throw notFound('Request not found');
    await this.deps.sellers.assertCanSell(creator.id);
    const provider = await this.deps.streams.provider();
    let accepted: StreamPrivateRequestRow | undefined;
    await this.deps.streams.start(
      creator,
      provider,
      { type: 'private', access: 'followers', title: `Private show with ${fan.username ?? fan.name ?? 'a fan'}`, description: '', price: row.rate, tipGoal: null, privateFanId: fan.id, privateRequestId: row.id },
      async (tx, stream) => {
        [accepted] = await tx
          .update(streamPrivateRequests)
          .set({ status: 'accepted', streamId: stream.id, respondedAt: now })
          .where(and(eq(streamPrivateRequests.id, row.id), eq(streamPrivateRequests.status, 'pending')))
          .returning();
        if (!accepted) throw conflict('This request is no longer pending');
      },
    );
    return this.push(accepted!, new Map([[creator.id, creator], [fan.id, fan]]));
  }

  /** POST /streaming/private-requests/{id}/decline: the creator declines, or the fan cancels. */
  async decline(user: UserRow, id: string): Promise<PrivateRequest> {
    const row = await this.own(id, (r) => r.performerId === user.id || r.userId === user.id);
    const [changed] = await this.db
      .update(streamPrivateRequests)
      .set({ status: row.performerId === user.id ? 'declined' : 'cancelled', respondedAt: this.deps.clock.now() })
      .where(and(eq(streamPrivateRequests.id, row.id), eq(streamPrivateRequests.status, 'pending')))
      .returning();
    if (!changed) throw conflict('This request is no longer pending');
    return this.push(changed);
  }

  /** The sweep: pending requests past their time become 'expired' (both told). */
  async expire(now: Date, where?: ReturnType<typeof and>): Promise<number> {
    const gone = await this.db
      .update(streamPrivateRequests)
      .set({ status: 'expired' })
      .where(and(eq(streamPrivateRequests.status, 'pending'), lte(streamPrivateRequests.expiresAt, now), where))
      .returning();
    if (gone.length) {
      const views = await this.views(gone);
      views.forEach((v, i) => {
        for (const uid of [gone[i]!.performerId, gone[i]!.userId]) this.deps.realtime.toUser(uid, 'stream/private-request', { request: v });
      });
    }
    return gone.length;
  }

  private async own(id: string, mine: (r: StreamPrivateRequestRow) => boolean): Promise<StreamPrivateRequestRow> {
    if (!isUuid(id)) throw notFound('Request not found');
    const [r] = await this.db.select().from(streamPrivateRequests).where(eq(streamPrivateRequests.id, id));
    if (!r || !mine(r)) throw notFound('Request not found');
    return r;
  }

  /** Pushes the request's new state to both parties and answers it. */
  private async push(row: StreamPrivateRequestRow, known?: Map<string, UserRow>): Promise<PrivateRequest> {
    const [v] = await this.views([row], known);
    for (const uid of [row.performerId, row.userId]) this.deps.realtime.toUser(uid, 'stream/private-request', { request: v! });
    return v!;
  }

  private async views(rows: StreamPrivateRequestRow[], known = new Map<string, UserRow>()): Promise<PrivateRequest[]> {
    const missing = [...new Set(rows.flatMap((r) => [r.performerId, r.userId]))].filter((id) => !known.has(id));
    if (missing.length) for (const u of await this.db.select().from(users).where(inArray(users.id, missing))) known.set(u.id, u);
    const card = (id: string) => {
      const u = known.get(id);
      return u ? this.deps.users.card(u) : null;
    };
    return rows.map((r) => ({
      _id: r.id, performerId: r.performerId, fan: card(r.userId), performer: card(r.performerId), status: r.status, rate: fromMinor(r.rate),
      conversationId: r.conversationId, streamId: r.streamId, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString(),
    }));
  }
}
