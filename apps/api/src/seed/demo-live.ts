import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { UserRow } from '../modules/users/users.tables';
import { purchases } from '../modules/purchases/purchases.tables';
import { streamMessages, streams, streamSettings } from '../modules/streaming/streaming.tables';
import { operatorStreamWatches } from '../modules/streaming/operator-watch.tables';
import type { DemoMediaMaker } from './demo-media';

export const DEMO_STREAM_TITLE = 'Acoustic Friday — requests night';
export const DEMO_WATCH_REASON = 'Report #1042: a fan says the requests night plays a recording, not live music';
const STREAM_MINUTES = 70;

/**
 * Live streaming on a fresh demo site (issue 15), through the same services the API uses: Luna's
 * streaming settings (private shows at $2.99 a minute, group tickets at $4.99, public streams for
 * followers) and one PAST group stream of hers that the fan bought a ticket to (the wallet's
 * charge), with a chat between the two, a $10 tip (the site's default smallest tip) in the stream ("Play Wonderwall!", the wallet's
 * tip with the stream id: the chat's tip message, the tips total), ended by Luna.
 *
 * Going live needs a live-video provider (Janus or Agora), which a demo site may not have: the
 * stream's row is written as live with provider 'agora' and a random channel — exactly what
 * `POST /streaming/live` writes with Agora on, as the API tests do (test/stream-rows.ts) — without
 * the go-live event, so no follower is told of a stream that is already over. Everything after
 * (ticket, chat, tip, end) goes through the services. Each step runs once: it is skipped when its
 * records exist (and a run cut short is completed by the next one). Money steps need the sandbox
 * gateway (the fan's wallet is topped up with it).
 *
 * The stream was recorded (issue 27 §2): its replay — a short clip made at seed time standing in for
 * the recording, which needs a real camera — goes through the replay's own last step
 * (`StreamReplays.attach`: the media pipeline, a draft "Replay of …" video, the stream 'ready'), and
 * Luna sells it for the ticket price: the fan, who held a ticket, watches it free.
 *
 * While it was live, Ada the operator watched it from the console after a report (issue 28 §6,
 * streaming README "Operators watching"): the watch's audit row (`stream.read`, with her reason, Luna
 * as its subject — Luna's data export lists it) and its grant, written by the service the audited
 * route uses (the media join itself needs a live provider, which the seed does not).
 */
export async function seedLive(ctx: Root, p: { fan: UserRow; luna: UserRow; admin: UserRow | null; sandbox: boolean; maker: () => Promise<DemoMediaMaker>; lunaColors: [string, string] }) {
  const { luna } = p;
  const [hasSettings] = await ctx.db.select({ id: streamSettings.performerId }).from(streamSettings).where(eq(streamSettings.performerId, luna.id));
  if (!hasSettings) await ctx.streaming.settings.update(luna.id, { privateRate: 2.99, groupPrice: 4.99, publicAccess: 'followers' });
  if (!p.sandbox) return;

  let [stream] = await ctx.db.select().from(streams).where(and(eq(streams.performerId, luna.id), eq(streams.title, DEMO_STREAM_TITLE))).limit(1);
  if (!stream) {
    // Luna is live for real on this site: leave her stream alone (one live stream per creator).
    if (await ctx.streaming.streams.liveOf(luna.id)) return;
    const groupPrice = (await ctx.streaming.settings.row(luna.id))?.groupPrice ?? 499;
    const startedAt = new Date(ctx.clock.now().getTime() - STREAM_MINUTES * 60_000);
    [stream] = await ctx.db
      .insert(streams)
      .values({
        performerId: luna.id, type: 'group', access: 'followers', title: DEMO_STREAM_TITLE, price: groupPrice,
        description: 'Bring your requests: an hour of acoustic covers chosen by you, and a new song at the end.',
        provider: 'janus', channel: crypto.randomBytes(16).toString('hex'), startedAt, cameraOffAt: null, createdAt: startedAt,
      })
      .returning();
  }
  const s = stream!;
  if (s.status === 'live') await endDemoStream(ctx, p, s);
  await seedReplay(ctx, p, s.id);
}

async function endDemoStream(ctx: Root, p: { fan: UserRow; luna: UserRow; admin: UserRow | null }, s: typeof streams.$inferSelect) {
  const { fan, luna, admin } = p;

  // The fan's ticket, from the wallet (POST /wallet/charges/stream/{id}).
  const [ticket] = await ctx.db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.userId, fan.id), eq(purchases.itemType, 'stream'), eq(purchases.itemId, s.id))).limit(1);
  if (!ticket) await ctx.wallet.charge(fan, 'stream', s.id, {}, 'demo-seed-stream-ticket', '{}', { requestCountry: null });

  // The chat, with a tip in the stream (POST /wallet/charges/tip/{creatorId} with the stream id).
  const [said] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(streamMessages).where(eq(streamMessages.streamId, s.id));
  if (!said?.n) {
    const chat = (who: UserRow, text: string) => ctx.streamChat.send(who, { streamId: s.id }, { text });
    await chat(luna, 'Welcome to requests night! Drop your song wishes in the chat 🎸');
    await chat(fan, 'Hi Luna! Front row from my sofa 😄');
    const tip = { price: 10, message: 'Play Wonderwall!', streamId: s.id };
    await ctx.wallet.charge(fan, 'tip', luna.id, tip, 'demo-seed-stream-tip', JSON.stringify(tip), { requestCountry: null });
    await chat(luna, 'Thank you Frankie! Wonderwall coming right up 🎶');
    await chat(fan, 'That was beautiful. See you next Friday!');
  }

  // The operator's audited watch after a report (POST /admin/streams/{id}/watch), once.
  if (admin) {
    const [watched] = await ctx.db.select({ id: operatorStreamWatches.id }).from(operatorStreamWatches).where(eq(operatorStreamWatches.streamId, s.id)).limit(1);
    if (!watched) await ctx.streaming.operatorWatch.grant(admin, { actor: { actorId: admin.id, ip: null, userAgent: 'demo seed' }, reason: DEMO_WATCH_REASON }, s);
  }

  // Luna ends it (POST /streaming/live/{id}/end): its media room is long gone.
  const actor: AuditActor = { actorId: luna.id, ip: null, userAgent: 'demo seed' };
  await ctx.streaming.streams.end(luna, s.id, actor);
}

/** The ended stream's replay, once: recorded → processing → ready with its video, published for sale; ticket holders watch free. */
async function seedReplay(ctx: Root, p: { luna: UserRow; maker: () => Promise<DemoMediaMaker>; lunaColors: [string, string] }, streamId: string) {
  // Claimed as the replay job claims a recorded stream (no job is queued: the row did not record when it ended).
  const [claimed] = await ctx.db
    .update(streams)
    .set({ record: true, replayStatus: 'processing' })
    .where(and(eq(streams.id, streamId), eq(streams.status, 'ended'), inArray(streams.replayStatus, ['none', 'processing'])))
    .returning();
  if (!claimed) return;
  const clip = await (await p.maker()).video(p.lunaColors, 'Acoustic Friday — replay', 8);
  const videoId = await ctx.replays.attach(claimed, clip.tmpPath, 'mp4');
  await ctx.videos.edit(p.luna, videoId, { status: 'active', access: 'sale', price: 4.99 });
}
