/**
 * bench/messages — a creator's mass message to 1,000 connected subscribers (issue 12).
 *
 *   npm run bench:messages     BENCH_SOCKETS (default 1000), BENCH_ROUNDS (default 5); needs
 *                              PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                              postgres://postgres@127.0.0.1:5432/test): a database
 *                              `stagepass_bench_msg` is created next to it and dropped after.
 *
 * The API runs as its own process on that database. The bench inserts one creator and BENCH_SOCKETS
 * subscribed fans with a session each and connects one websocket per fan; then the creator sends
 * mass messages to all subscribers through POST /messages/broadcast-message. Each goes the product's
 * way: the request stores it and queues a job; jobs deliver batches of FANOUT_BATCH_SIZE (each batch
 * one transaction: conversations, copies, unread counters, notifications event) and push each
 * recipient their own copy ('message/created') after the batch commits. Latency runs from the moment
 * the request was sent to the moment each fan's socket got its copy; p50/p99/max over every copy of
 * every round after a warm-up. The floor, side by side: a bare socket.io server emitting one message
 * per room to the same number of sockets.
 *
 * Then the same creator's mass message to BENCH_FOLLOWERS (default 5,000) followers without sockets,
 * the scale the API test keeps small: timed from the request to 'sent' (every copy written, batch
 * after batch) and to the last of the notifications, each made once — the counts are checked.
 */
import { fmt, mb, report, rssOf, type BenchRow } from './lib/report.mts';
import { bareFloor, connectAll, rounds } from './lib/socket-rounds.mts';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import pg from 'pg';
import { seedFollowers, seedSubscribers } from './lib/subscribers.mts';

const DB = 'stagepass_bench_msg';
const SOCKETS = Math.min(Number(process.env.BENCH_SOCKETS ?? 1000), 5000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 5), 50);
const FOLLOWERS = Math.min(Number(process.env.BENCH_FOLLOWERS ?? 5000), 50_000);
const log = (m: string) => console.log(`[messages] ${m}`);

async function main(dbUrl: string) {
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    api = await startApi({ env: { DATABASE_URL: dbUrl } });
    const { creatorId, creatorToken, fans } = await seedSubscribers(dbUrl, SOCKETS);
    const idle = rssOf(api.pid);
    const { sockets, arrivals } = await connectAll(api.url, SOCKETS, 'message/created', (i) => ({ token: fans[i]!.token }));
    const connected = rssOf(api.pid);
    log(`${SOCKETS} sockets connected; API RSS ${mb(idle)} → ${mb(connected)}`);
    let peak = connected;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api!.pid))), 100);
    const res = await rounds(arrivals, ROUNDS, async (r) => {
      const p = await fetch(`${api!.url}/messages/broadcast-message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Bench mass message ${r}`, audience: 'subscribers' }),
      });
      if (!p.ok) throw new Error(`broadcast answered ${p.status}: ${await p.text()}`);
    }, log);
    clearInterval(sampler);
    for (const s of sockets) s.disconnect();
    log(`API: p50 ${fmt(res.p50)} ms, p99 ${fmt(res.p99)} ms, max ${fmt(res.max)} ms, ${res.missing} missing`);
    const toFollowers = await followersRound(api.url, dbUrl, creatorId, creatorToken);
    await api.stop();
    api = null;
    const bare = await bareFloor(SOCKETS, ROUNDS, 'message/created', 'each', log);
    log(`bare socket.io: p50 ${fmt(bare.p50)} ms, p99 ${fmt(bare.p99)} ms, max ${fmt(bare.max)} ms, ${bare.missing} missing`);
    const rows: BenchRow[] = [
      {
        suite: 'messages',
        figure: `mass message → ${fmt(SOCKETS)} subscribers' sockets, every copy delivered, p99 (${ROUNDS} messages; p50 ${fmt(res.p50)}, max ${fmt(res.max)}${res.missing ? `, ${res.missing} NOT delivered` : ''})`,
        value: `${fmt(res.p99)} ms`,
        floor: `bare socket.io, one emit per socket: p99 ${fmt(bare.p99)} ms`,
        target: 'reported',
        met: res.missing === 0 ? null : false,
      },
      { suite: 'messages', figure: `API RSS: idle → ${fmt(SOCKETS)} sockets → peak during delivery`, value: `${mb(idle)} → ${mb(connected)} → ${mb(peak)}`, target: 'reported', met: null },
      {
        suite: 'messages',
        figure: `mass message → ${fmt(FOLLOWERS)} followers (no sockets): request → sent (${fmt(toFollowers.copies)} copies), → last notification (${fmt(toFollowers.notifications)})${toFollowers.right ? '' : ', NOT one each'}`,
        value: `${fmt(toFollowers.sentMs)} ms; ${fmt(toFollowers.notifiedMs)} ms`,
        target: 'one copy and one notification each',
        met: toFollowers.right ? null : false,
      },
    ];
    report('messages', rows);
  } finally {
    await api?.stop();
  }
}

/**
 * A mass message to FOLLOWERS followers (seeded now, after the socket rounds): the time to 'sent'
 * and to the last notification, and how many copies and notifications there are (one each).
 */
async function followersRound(apiUrl: string, dbUrl: string, creatorId: string, creatorToken: string) {
  await seedFollowers(dbUrl, creatorId, FOLLOWERS);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const count = async (q: string, params: unknown[]) => Number((await db.query<{ n: string }>(q, params)).rows[0]!.n);
    // The followers' own notifications (the subscribers of the socket rounds follow no one).
    const mine = `FROM notifications WHERE type = 'message' AND actor_id = $1 AND user_id IN (SELECT follower_id FROM follows WHERE following_id = $1)`;
    const notified = () => count(`SELECT count(*) AS n ${mine}`, [creatorId]);
    const t0 = performance.now();
    const p = await fetch(`${apiUrl}/messages/broadcast-message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Bench mass message to followers', audience: 'followers' }),
    });
    if (!p.ok) throw new Error(`broadcast answered ${p.status}: ${await p.text()}`);
    const id = ((await p.json()) as { data: { _id: string } }).data._id;
    const deadline = Date.now() + 300_000;
    const poll = async (done: () => Promise<boolean>, what: string) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`mass message to ${FOLLOWERS} followers: not ${what} after 5 minutes`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return performance.now() - t0;
    };
    const sentMs = await poll(async () => (await db.query<{ status: string }>('SELECT status FROM mass_messages WHERE id = $1', [id])).rows[0]?.status === 'sent', 'sent');
    const copies = await count('SELECT count(*) AS n FROM messages WHERE mass_message_id = $1', [id]);
    const notifiedMs = await poll(async () => (await notified()) >= copies, 'notified');
    // Each follower told once: as many notifications as followers told.
    const notifications = await notified();
    const told = await count(`SELECT count(DISTINCT user_id) AS n ${mine}`, [creatorId]);
    log(`${fmt(FOLLOWERS)} followers: sent after ${fmt(sentMs)} ms (${fmt(copies)} copies), notified after ${fmt(notifiedMs)} ms (${fmt(notifications)} notifications to ${fmt(told)} followers)`);
    return { sentMs, notifiedMs, copies, notifications, right: copies === FOLLOWERS && notifications === FOLLOWERS && told === FOLLOWERS };
  } finally {
    await db.end();
  }
}

await withBenchDatabase(DB, main);
