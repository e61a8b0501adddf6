import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectLedgerBalanced } from '../../test/money';
import { generate } from 'otplib';
import { adminDisputeSearchSchema, reconciliationRunSearchSchema } from '@stagepass/shared';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_STREAM_TITLE, DEMO_WATCH_REASON } from './demo-live';
import { DEMO_BLOCKLIST_LABEL } from './demo-screening';
import { RELEASE_DEMO_POST } from './demo-releases';
import { users } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { files } from '../modules/media/media.tables';
import { follows } from '../modules/follows/follows.tables';
import { subscriptions } from '../modules/subscriptions/subscriptions.tables';
import { reactions } from '../modules/reactions/reactions.tables';
import { comments } from '../modules/comments/comments.tables';
import { walletCharges } from '../modules/wallet/wallet.tables';
import { streamMessages, streams } from '../modules/streaming/streaming.tables';
import { operatorStreamWatches } from '../modules/streaming/operator-watch.tables';
import { auditLog } from '../platform/audit.tables';
import { paymentRefunds } from '../modules/payments/disputes.tables';
import { paymentTransactions } from '../modules/payments/payments.tables';
import { DEMO_DANA_CLIENT } from './demo-disputes';
import { DEMO_PLANNED_STREAM } from './demo-calendar';

/** Row counts of every table (ours and the job queue's): what "changes nothing" is checked against. */
async function snapshot(t: TestApp) {
  const tables = (await t.ctx.db.execute(sql`select table_schema as s, table_name as n from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`)).rows as Array<{ s: string; n: string }>;
  const out: Record<string, number> = {};
  for (const { s, n } of tables) {
    const [row] = (await t.ctx.db.execute(sql.raw(`select count(*)::int as c from "${s}"."${n}"`))).rows as Array<{ c: number }>;
    out[`${s}.${n}`] = row!.c;
  }
  return out;
}


describe('demo seed', () => {
  let t: TestApp;
  let seconds = 0;
  let leftTempDirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    // The demo media is made in a temp folder of this test's own, which must be empty afterwards.
    // Tiny media (small pictures, one-second clips): every file is still made by sharp or the
    // bundled ffmpeg and goes through the processing pipeline (checked below), only cheaper.
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-seed-test-'));
    const start = Date.now();
    await seedDemo(t.ctx, undefined, { tmpDir, media: { tiny: true } });
    leftTempDirs = fs.readdirSync(tmpDir);
    fs.rmSync(tmpDir, { recursive: true, force: true });
    seconds = (Date.now() - start) / 1000;
    await t.ctx.queue.drain({ timeoutMs: 120_000 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('leaves no temp directory behind (the creators are seeded side by side with one media maker)', () => {
    expect(leftTempDirs).toEqual([]);
  });

  const byEmail = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0]!;

  it('creates the three demo accounts with allowed usernames, the operator and two more creators', async () => {
    console.info(`demo seed took ${seconds.toFixed(1)} s (media processing not included)`);
    const fan = await byEmail('fan@example.com');
    const luna = await byEmail('creator@example.com');
    const admin = await byEmail('admin@example.com');
    expect([fan.username, luna.username, admin.username]).toEqual(['fan', 'luna', 'operator']);
    expect(luna.name).toBe('Luna Rivers');
    expect(admin.roles).toContain('admin');
    const creators = await t.ctx.db.select().from(users).where(eq(users.isPerformer, true));
    expect(creators.map((c) => c.username).sort()).toEqual(['iris', 'luna', 'marco']);
    for (const c of creators) {
      expect(c.avatar, c.username!).toBeTruthy();
      expect(c.cover, c.username!).toBeTruthy();
    }
    // Everyone logs in by e-mail with the demo password.
    for (const email of ['fan@example.com', 'creator@example.com', 'admin@example.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: DEMO_PASSWORD } });
      expect(res.statusCode, email).toBe(200);
    }
    // The operator has 2FA on with the published demo secret: the code step, then the console.
    expect(admin.twoFactorEnabled).toBe(true);
    const step = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'operator', password: DEMO_PASSWORD } });
    const code = await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: Math.floor(t.ctx.clock.now().getTime() / 1000) });
    const session = await t.app.inject({ method: 'POST', url: '/auth/login/2fa', payload: { challenge: step.json().data.challenge, code } });
    expect(session.statusCode, session.body).toBe(200);
    const opened = await t.app.inject({ url: '/admin/settings', headers: { authorization: `Bearer ${session.json().data.token}` } });
    expect(opened.statusCode).toBe(200);
    // Discovery is not empty: the public creator search lists all three with their bios.
    const search = await t.app.inject({ method: 'GET', url: '/performers/search?limit=10' });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.data.map((p: { username: string }) => p.username).sort()).toEqual(['iris', 'luna', 'marco']);
  });

  it("gives the demo creator posts of every kind, with processed media", async () => {
    const luna = await byEmail('creator@example.com');
    const rows = await t.ctx.db.select().from(feeds).where(eq(feeds.performerId, luna.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const fileRows = await t.ctx.db.select().from(files).where(inArray(files.id, rows.flatMap((r) => [...(r.fileIds as string[]), ...(r.teaserFileId ? [r.teaserFileId] : [])])));
    const typeOf = new Map(fileRows.map((f) => [f.id, f.mediaType]));
    const has = (r: (typeof rows)[number], type: string) => (r.fileIds as string[]).some((id) => typeOf.get(id) === type);
    const published = rows.filter((r) => r.publishAt.getTime() <= Date.now());
    const free = published.filter((r) => r.visibility === 'free');
    expect(free.some((r) => has(r, 'image') && (r.fileIds as string[]).length >= 2), 'free photo carousel').toBe(true);
    expect(free.some((r) => has(r, 'video')), 'free video').toBe(true);
    expect(published.some((r) => has(r, 'audio')), 'audio').toBe(true);
    expect(published.some((r) => r.pollId), 'poll').toBe(true);
    const subs = published.filter((r) => r.visibility === 'subscribers');
    expect(subs.some((r) => has(r, 'image')), 'subscribers-only photo').toBe(true);
    expect(subs.some((r) => has(r, 'video')), 'subscribers-only video').toBe(true);
    expect(published.some((r) => r.visibility === 'ppv' && r.price! > 0 && (r.fileIds as string[]).length > 0), 'pay-per-view').toBe(true);
    expect(rows.some((r) => r.publishAt.getTime() > Date.now()), 'scheduled').toBe(true);
    // Media went through the pipeline: every file is processed (renditions, no failures).
    const all = await t.ctx.db.select().from(files).where(inArray(files.ownerId, (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.isPerformer, true))).map((u) => u.id)));
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((f) => f.status !== 'ready').map((f) => `${f.kind}: ${f.status} ${f.error ?? ''}`)).toEqual([]);
    expect(new Set(fileRows.map((f) => f.mediaType))).toEqual(new Set(['image', 'video', 'audio']));
    // The other two creators have posts of their own.
    for (const email of ['iris@example.com', 'marco@example.com']) {
      const c = await byEmail(email);
      expect((await t.ctx.db.select().from(feeds).where(eq(feeds.performerId, c.id))).length, email).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives Luna a welcome video that is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/performers/luna' });
    const url = res.json().data.welcomeVideo as string;
    expect(url).toMatch(/welcome-videos/);
    const file = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { range: 'bytes=0-99' } });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toMatch(/^video\//);
  });

  it('has the fan follow one creator, subscribe (paid with the test card) to another, like, comment and bookmark', async () => {
    const fan = await byEmail('fan@example.com');
    const luna = await byEmail('creator@example.com');
    const iris = await byEmail('iris@example.com');
    // Iris followed; Luna followed by subscribing (a subscription follows: follows README).
    expect((await t.ctx.db.select().from(follows).where(eq(follows.followerId, fan.id))).map((f) => f.followingId).sort()).toEqual([iris.id, luna.id].sort());
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.id));
    expect(sub).toMatchObject({ performerId: luna.id, status: 'active', type: 'monthly' });
    expect(sub!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 864e5);
    const mine = await t.ctx.db.select().from(reactions).where(eq(reactions.userId, fan.id));
    expect(mine.filter((r) => r.action === 'like').length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((r) => r.action === 'bookmark').length).toBeGreaterThanOrEqual(1);
    const [comment] = await t.ctx.db.select().from(comments).where(eq(comments.createdBy, fan.id));
    expect(comment).toBeDefined();
    // Counters moved with them (the services did the work).
    // (Luna's listeners liked and commented too: demo-statistics-history.ts.)
    const [liked] = await t.ctx.db.select().from(feeds).where(and(eq(feeds.id, comment!.objectId)));
    const onIt = await t.ctx.db.select().from(comments).where(eq(comments.objectId, liked!.id));
    const likesOnIt = await t.ctx.db.select().from(reactions).where(and(eq(reactions.objectId, liked!.id), eq(reactions.action, 'like')));
    expect(liked!.totalComment).toBe(onIt.length);
    expect(liked!.totalLike).toBe(likesOnIt.length);
    expect(likesOnIt.map((r) => r.userId)).toContain(fan.id);
    // Money: $50 + $40 topped up, less a $10 tip to Luna, a $30 T-shirt order (demo-catalogue.ts), a $4.99 stream ticket and a
    // $10 tip in the stream (demo-live.ts); the subscription paid by card; $35 topped up and tipped to Marco (demo-referrals.ts);
    // the ledger balances. Enough left for a private show.
    const me = await t.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'fan@example.com', password: DEMO_PASSWORD } })).json().data.token}` } });
    expect(me.json().data.balance).toBe(35.01);
    const tips = await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, fan.id), eq(walletCharges.type, 'tip')));
    const marco = await byEmail('marco@example.com');
    expect(tips.map((c) => ({ performerId: c.performerId, amount: c.amount })).sort((a, b) => b.amount - a.amount)).toEqual([
      { performerId: marco.id, amount: 2000 }, { performerId: marco.id, amount: 1500 }, { performerId: luna.id, amount: 1000 }, { performerId: luna.id, amount: 1000 },
    ]);
    await expectLedgerBalanced(t);
    // The fan's timeline shows the creators they follow and subscribe to, subscriber posts unlocked.
  });

  it('gives the fan conversations with Luna (a free photo and a locked paid one) and Iris, and a mass message', async () => {
    const login = async (email: string) =>
      ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: DEMO_PASSWORD } })).json().data.token}` });
    const fan = await login('fan@example.com');
    const convs = (await t.app.inject({ method: 'GET', url: '/conversations', headers: fan })).json().data;
    expect(convs.data.map((c: { recipient: { username: string } }) => c.recipient.username).sort()).toEqual(['iris', 'luna']);
    const luna = convs.data.find((c: { recipient: { username: string } }) => c.recipient.username === 'luna');
    const msgs = (await t.app.inject({ method: 'GET', url: `/messages/conversations/${luna._id}`, headers: fan })).json().data.data as Array<{ price: number | null; isLocked: boolean; files: Array<{ url?: string }>; massMessageId: string | null }>;
    expect(msgs.some((x) => x.price === 4.99 && x.isLocked && !x.files[0]!.url)).toBe(true);
    expect(msgs.some((x) => !x.price && x.files.length === 1 && x.files[0]!.url)).toBe(true);
    expect(msgs.some((x) => x.massMessageId)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/messages/total-unread-messages', headers: fan })).json().data.total).toBeGreaterThanOrEqual(3);
    const creator = await login('creator@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/messages/lists', headers: creator })).json().data).toEqual([expect.objectContaining({ name: 'VIP', total: 1 })]);
    // The newest is the calendar's scheduled one (demo-calendar.ts); the one sent to the fan before it.
    const mass = (await t.app.inject({ method: 'GET', url: '/messages/broadcast-message', headers: creator })).json().data.data as Array<{ status: string }>;
    expect(mass.find((m) => m.status === 'sent')).toMatchObject({ status: 'sent', recipients: 1 });
    expect(mass[0]).toMatchObject({ status: 'scheduled' });
    expect((await t.app.inject({ method: 'GET', url: '/vault/folders', headers: creator })).json().data).toEqual([expect.objectContaining({ name: 'Backstage', total: 1 })]);
  });

  it('gives Luna a paid welcome message and a "we miss you" message, with figures (demo-auto-messages.ts)', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'creator@example.com', password: DEMO_PASSWORD } });
    const auto = (await t.app.inject({ method: 'GET', url: '/messages/auto', headers: { authorization: `Bearer ${login.json().data.token}` } })).json().data as Array<{ kind: string; enabled: boolean; price: number | null; files: unknown[]; afterDays: number; figures: { sent: number; read: number; bought: number; revenue: number } }>;
    expect(auto.map((a) => [a.kind, a.enabled])).toEqual([['welcome', true], ['miss-you', true]]);
    expect(auto[0]).toMatchObject({ price: 3.99, files: [expect.anything()], figures: { bought: 1, revenue: 3.99 } });
    expect(auto[0]!.figures.sent).toBeGreaterThanOrEqual(2);
    expect(auto[0]!.figures.read).toBeGreaterThanOrEqual(1);
    expect(auto[1]).toMatchObject({ afterDays: 5, price: null });
  });

  it('gives Luna videos (free, for subscribers, for sale), Iris a gallery of each kind, Luna a shop, and the fan a shipped order', async () => {
    const login = async (email: string) =>
      ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: DEMO_PASSWORD } })).json().data.token}` });
    const fan = await login('fan@example.com');
    const luna = await byEmail('creator@example.com');
    const iris = await byEmail('iris@example.com');
    const vids = (await t.app.inject({ method: 'GET', url: `/performer-assets/videos/search?performerId=${luna.id}`, headers: fan })).json().data.data as Array<{ access: string }>;
    expect(vids.map((v) => v.access).sort()).toEqual(['free', 'sale', 'sale', 'subscribers']); // a sale: the replay of Luna's stream (demo-live.ts)
    const gals = (await t.app.inject({ method: 'GET', url: `/performer-assets/galleries/search?performerId=${iris.id}`, headers: fan })).json().data.data as Array<{ access: string }>;
    expect(gals.map((g) => g.access).sort()).toEqual(['free', 'sale', 'subscribers']);
    const prods = (await t.app.inject({ method: 'GET', url: `/performer-assets/products/search?performerId=${luna.id}`, headers: fan })).json().data.data as Array<{ type: string }>;
    expect(prods.map((p) => p.type).sort()).toEqual(['digital', 'physical']);
    const mine = (await t.app.inject({ method: 'GET', url: '/orders/users/search', headers: fan })).json().data.data as Array<{ deliveryStatus: string; trackingCode: string | null }>;
    expect(mine).toEqual([expect.objectContaining({ deliveryStatus: 'shipping', trackingCode: expect.any(String) })]);
    const marks = (await t.app.inject({ method: 'GET', url: '/reactions/videos/bookmark', headers: fan })).json().data;
    expect(marks.total).toBe(1);
  });

  it('gives the operator console something to show: footer pages, a running promo, an open report, a contact message', async () => {
    const footer = (await t.app.inject({ method: 'GET', url: '/posts/search?footer=true' })).json().data.data as Array<{ title: string }>;
    expect(footer.map((p) => p.title)).toEqual(['Terms of service', 'Privacy policy', 'FAQ', 'Copyright and takedown policy']);
    const promos = (await t.app.inject({ method: 'GET', url: '/site-promo/search?position=sidebar' })).json().data.data as Array<{ imageUrl: string | null }>;
    expect(promos).toEqual([expect.objectContaining({ imageUrl: expect.stringMatching(/^http/) })]);
    const step = Math.floor(Date.now() / 30_000);
    const challenge = (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'admin@example.com', password: DEMO_PASSWORD } })).json().data.challenge;
    const session = await t.app.inject({ method: 'POST', url: '/auth/login/2fa', payload: { challenge, code: await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: (step + 1) * 30 }) } });
    expect(session.statusCode, session.body).toBe(200);
    const admin = { authorization: `Bearer ${session.json().data.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/admin/reports', headers: admin })).json().data.total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/admin/contact', headers: admin })).json().data.data).toEqual([expect.objectContaining({ name: 'Sam Visitor' })]);
    // Upload screening: one blocklist entry, and none of the demo's own pictures and videos matched it.
    expect((await t.app.inject({ method: 'GET', url: '/admin/screening/blocklist', headers: admin })).json().data.data).toEqual([expect.objectContaining({ label: DEMO_BLOCKLIST_LABEL, source: 'import' })]);
    expect((await t.app.inject({ method: 'GET', url: '/admin/screening/quarantine', headers: admin })).json().data.total).toBe(0);
    // Takedowns: one open notice in the queue, naming one of Luna's posts (shown with its preview).
    const takedowns = (await t.app.inject({ method: 'GET', url: '/admin/takedowns', headers: admin })).json().data;
    expect(takedowns.data).toEqual([expect.objectContaining({ status: 'open', name: 'Northlight Photo Agency', items: [expect.objectContaining({ kind: 'feed', preview: expect.objectContaining({ owner: expect.objectContaining({ username: 'luna' }) }) })] })]);
  });

  it("gives Luna an approved co-performer release named on her soundcheck post, and one pending in the console's queue", async () => {
    const luna = await byEmail('creator@example.com');
    const { data } = await t.ctx.releases.list(luna, { offset: 0, limit: 10, sort: 'desc' });
    expect(data.map((r) => [r.stageName, r.status, r.usedOn, r.files.idFront && r.files.consent]).sort()).toEqual([['Maya Lind', 'approved', 1, true], ['Theo B', 'pending', 0, true]]);
    const queue = await t.ctx.releases.queue({ offset: 0, limit: 10, sort: 'desc', status: 'pending' });
    expect(queue.data.map((r) => r.owner.username)).toEqual(['luna']);
    const [post] = await t.ctx.db.select().from(feeds).where(eq(feeds.text, RELEASE_DEMO_POST));
    expect((await t.ctx.coPerformers.itemGet(luna, 'feed', post!.id)).cleared).toBe(true);
  });

  it('publishes version 1 of the terms and privacy policy, accepted by every demo account (no one is stopped by the terms gate)', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/legal/documents' })).json().data;
    expect(docs.documents.map((d: { kind: string; version: number; slug: string }) => [d.kind, d.version, d.slug])).toEqual([['terms', 1, 'terms-of-service'], ['privacy', 1, 'privacy-policy']]);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'fan@example.com', password: DEMO_PASSWORD } });
    const fan = { authorization: `Bearer ${login.json().data.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/users/me', headers: fan })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/legal/documents', headers: fan })).json().data.pending).toEqual({ kinds: [], age: false });
  });

  it('lists the UK for age verification, marks Iris adult, and leaves Gwen (UK) pending in the age verification queue', async () => {
    expect(await t.ctx.settings.get('ageVerificationPlaces')).toEqual(['GB']);
    expect((await byEmail('iris@example.com')).adultContent).toBe(true);
    const queue = await t.ctx.ageReview.queue({ offset: 0, limit: 10, sort: 'asc', sortBy: 'submittedAt' });
    expect(queue.data.map((r) => [r.username, r.status, Boolean(r.idPhoto && r.selfie)])).toEqual([['gwen', 'pending', true]]);
    expect((await byEmail('gwen@example.com')).ageStatus).toBe('pending');
  });

  it('gives Luna private shows and a past ticketed stream with chat and a tip, on her earnings page and in her notifications', async () => {
    const login = async (email: string) =>
      ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: email, password: DEMO_PASSWORD } })).json().data.token}` });
    const luna = await byEmail('creator@example.com');
    const fan = await byEmail('fan@example.com');
    const creator = await login('creator@example.com');
    expect((await t.app.inject({ method: 'GET', url: `/streaming/private-offer/${luna.id}` })).json().data).toEqual({ privateRate: 2.99 });
    expect((await t.app.inject({ method: 'GET', url: '/streaming/settings', headers: creator })).json().data).toEqual({ privateRate: 2.99, groupPrice: 4.99, publicAccess: 'followers' });
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.performerId, luna.id));
    const stream = (await t.app.inject({ method: 'GET', url: `/streaming/live/${row!.id}`, headers: creator })).json().data;
    expect(stream).toMatchObject({ title: DEMO_STREAM_TITLE, type: 'group', price: 4.99, status: 'ended', endReason: 'creator', tipsTotal: 10 });
    expect(new Date(stream.endedAt).getTime() - new Date(stream.startedAt).getTime()).toBeGreaterThan(30 * 60_000);
    // Nothing is live, and no follower was told of a stream that is already over.
    expect((await t.app.inject({ method: 'GET', url: '/streaming/user/search' })).json().data.total).toBe(0);
    const msgs = await t.ctx.db.select().from(streamMessages).where(eq(streamMessages.streamId, row!.id)).orderBy(asc(streamMessages.createdAt), asc(streamMessages.id));
    expect(msgs.map((m) => [m.senderId === fan.id ? 'fan' : m.senderId === luna.id ? 'luna' : '?', m.type, m.amount])).toEqual([
      ['luna', 'text', null], ['fan', 'text', null], ['fan', 'tip', 1000], ['luna', 'text', null], ['fan', 'text', null],
    ]);
    expect(msgs[2]!.text).toBe('Play Wonderwall!');
    const sales = (await t.app.inject({ method: 'GET', url: '/performer/earning/search?limit=50', headers: creator })).json().data.data as Array<{ type: string; gross: number; description: string }>;
    expect(sales).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'stream', gross: 4.99, description: `Ticket: ${DEMO_STREAM_TITLE}` }),
      expect.objectContaining({ type: 'tip', gross: 10, description: 'Tip in live stream: Play Wonderwall!' }),
    ]));
    const told = (await t.app.inject({ method: 'GET', url: '/notification?limit=50', headers: creator })).json().data.data as Array<{ type: string; text: string }>;
    expect(told.filter((n) => n.type === 'purchase' && n.text.includes('a ticket')).map((n) => n.text)).toEqual([`Frankie Fan bought a ticket to your stream “${DEMO_STREAM_TITLE}” for $4.99`]);
    expect(told.some((n) => n.type === 'tip' && n.text.includes('tipped you $10.00: “Play Wonderwall!”'))).toBe(true);

    // Its replay (issue 27 §2): a video Luna sells for the ticket price, in her vault; the fan held a ticket, so watches it free.
    expect(stream).toMatchObject({ record: true, replayStatus: 'ready', replayVideoId: expect.any(String) });
    expect(told.some((n) => n.type === 'stream' && n.text === `Your replay of ${DEMO_STREAM_TITLE} is ready`)).toBe(true);
    const fanAuth = await login('fan@example.com');
    const replay = (await t.app.inject({ method: 'GET', url: `/performer-assets/videos/${stream.replayVideoId}`, headers: fanAuth })).json().data;
    expect(replay).toMatchObject({ title: expect.stringMatching(new RegExp(`^Replay of ${DEMO_STREAM_TITLE} \\(`)), access: 'sale', price: 4.99, canView: true, isBought: false });
    // Streamed as encrypted HLS (media README "HLS"): the fan gets a playlist signed for them, never the MP4.
    expect(replay.video.hls).toMatch(/\/media\/hls\/.+\/master\.m3u8\?v=/);
    expect(JSON.stringify(replay)).not.toMatch(/\.mp4/);
    const vault = (await t.app.inject({ method: 'GET', url: '/vault?type=video&limit=50', headers: creator })).json().data.data as Array<{ file: { _id: string } }>;
    const own = (await t.app.inject({ method: 'GET', url: `/performer/performer-assets/videos/${stream.replayVideoId}/view`, headers: creator })).json().data;
    expect(vault.map((v) => v.file._id)).toContain(own.video._id);
    // Packaged with the forensic A/B variants (media README "Forensic A/B variants"), like every demo video.
    const [replayFile] = await t.ctx.db.select().from(files).where(eq(files.id, own.video._id));
    expect(replayFile!.hls).toMatchObject({ variants: 1 });
    const unpackaged = await t.ctx.db.select({ id: files.id }).from(files).where(and(eq(files.mediaType, 'video'), eq(files.visibility, 'private'), eq(files.status, 'ready'), sql`(${files.hls}->>'variants') is null`));
    expect(unpackaged).toEqual([]);

    // The operator watched it after a report (issue 28 §6): the audited read with its reason, Luna its subject, and the grant (spent: the stream ended).
    const admin = await byEmail('admin@example.com');
    const [watch] = await t.ctx.db.select().from(operatorStreamWatches).where(eq(operatorStreamWatches.streamId, row!.id));
    expect(watch).toMatchObject({ operatorId: admin.id, reason: DEMO_WATCH_REASON });
    const [read] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, watch!.auditId));
    expect(read).toMatchObject({ actorId: admin.id, action: 'stream.read', targetType: 'stream', targetId: row!.id, reason: DEMO_WATCH_REASON, subjectIds: [luna.id] });
  });

  it("shows an open dispute (Dana's subscription to Marco), a lost one (Rory's top-up) and a refund to the card, made through the sandbox", async () => {
    const list = await t.ctx.disputesAdmin.list(adminDisputeSearchSchema.parse({ limit: 10 }));
    const byFan = Object.fromEntries(list.data.map((d) => [d.fan?.username, d]));
    expect(list.total).toBe(2);
    expect(byFan.dana).toMatchObject({ status: 'needs_response', open: true, reason: 'subscription_canceled', performer: { username: 'marco' }, hold: { fromEarnings: expect.any(Number), commission: expect.any(Number) } });
    expect(byFan.rory).toMatchObject({ status: 'lost', open: false, outcome: 'lost', hold: { fromWallet: 30, atStake: 10 } });
    // Dana paid from her phone: the evidence holds the purchase's address and browser.
    const detail = await t.ctx.disputesAdmin.detail(byFan.dana!._id, null);
    expect(detail.purchaseClient).toEqual({ ip: DEMO_DANA_CLIENT.ip, device: DEMO_DANA_CLIENT.userAgent });
    expect(detail.suggestedEvidence.customerPurchaseIp).toBe(DEMO_DANA_CLIENT.ip);
    const refunds = await t.ctx.db.select().from(paymentRefunds);
    expect(refunds.map((r) => [r.amount, r.status, r.reason])).toEqual([[500, 'succeeded', 'Charged twice by mistake']]);
  });

  it("reconciles the demo's period on the sandbox with 0 mismatches (the console's Reconciliation page)", async () => {
    const runs = await t.ctx.reconciliation.list(reconciliationRunSearchSchema.parse({ limit: 10 }));
    expect(runs.total).toBe(1);
    expect(runs.data[0]).toMatchObject({ gateway: 'sandbox', status: 'completed', trigger: 'operator', mismatches: 0, current: true, startedBy: { username: 'operator' } });
    expect(runs.data[0]!.totals!.matched).toBeGreaterThanOrEqual(5);
    expect(runs.data[0]!.totals!.gatewayItems).toBe(runs.data[0]!.totals!.matched);
  });

  it('has sales tax rules and a taxed fan (Carla, California) whose tip and subscription carry tax, so the tax report has figures', async () => {
    const rules = await t.ctx.salesTax.list({ offset: 0, limit: 10, sort: 'asc', sortBy: 'country' });
    expect(rules.data.map((r) => [r.country, r.region, r.rateBps, r.inclusive])).toEqual([['DE', null, 1900, true], ['US', 'CA', 725, false]]);
    const month = new Date().toISOString().slice(0, 7);
    const report = await t.ctx.salesTax.report({ from: month, to: month });
    // $10 tip + 7.25% = $0.73; Iris's monthly price + 7.25%.
    expect(report.rows.find((r) => r.country === 'US' && r.region === 'CA')?.collected).toBeGreaterThan(0.73);
    const [carla] = await t.ctx.db.select().from(users).where(eq(users.username, 'carla'));
    expect(await t.ctx.salesTax.mine(carla!.id, null)).toMatchObject({ place: { country: 'US', region: 'CA', source: 'stated' }, tax: { label: 'Sales tax', rateBps: 725 } });
  });

  it("gives the demo creators tax details (sealed, answered masked) and Luna a statement of this year's sales", async () => {
    for (const [username, form, masked] of [['luna', 'w9', '•••• 6789'], ['iris', 'w8ben', '•••• 0123'], ['marco', 'w9', '•••• 6789']] as const) {
      const [u] = await t.ctx.db.select().from(users).where(eq(users.username, username));
      const view = await t.ctx.taxDetails.get(u!.id);
      expect(view, username).toMatchObject({ form });
      expect(view!.form === 'w9' ? view!.tin : view!.foreignTaxId).toBe(masked);
    }
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const { statement } = await t.ctx.statements.build(luna!.id, String(new Date().getUTCFullYear()));
    expect(statement.sales.map((l) => l.type)).toEqual(expect.arrayContaining(['subscription', 'tip']));
    expect(statement.closingBalance).toBeGreaterThan(0);
  });

  it("gives Luna, Iris and Marco three tiers each, fans on each of Luna's, and Luna tier-locked posts (locked to the fan on her lowest tier)", async () => {
    for (const username of ['luna', 'iris', 'marco']) {
      const tiers = (await t.app.inject({ method: 'GET', url: `/subscription-tiers/performer/${username}` })).json().data as Array<{ name: string; position: number }>;
      expect(tiers.map((x) => x.position), username).toEqual([1, 2, 3]);
    }
    const luna = await byEmail('creator@example.com');
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.performerId, luna.id));
    const views = await t.ctx.subscriptions.search({ performerId: luna.id }, { limit: 50, offset: 0, sort: 'desc', sortBy: 'updatedAt' } as never);
    expect(new Set(views.data.map((v) => v.tier?.name))).toEqual(new Set(['Fan club', 'Backstage', 'Inner circle']));
    expect(rows.length).toBe(views.total);
    const fanLogin = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'fan@example.com', password: DEMO_PASSWORD } });
    const [locked] = await t.ctx.db.select().from(feeds).where(and(eq(feeds.performerId, luna.id), sql`${feeds.minTierId} is not null`)).limit(1);
    const seen = await t.app.inject({ method: 'GET', url: `/user/feeds/${locked!.id}`, headers: { authorization: `Bearer ${fanLogin.json().data.token}` } });
    expect(seen.json().data).toMatchObject({ isSubscribed: true, isLocked: true });
  });

  it("shows Luna's bundles, and Nora holding a 12-month one paid once", async () => {
    const tiers = (await t.app.inject({ method: 'GET', url: '/subscription-tiers/performer/luna' })).json().data as Array<{ name: string; bundles: Array<{ months: number; discountPercent: number }> }>;
    expect(tiers.find((x) => x.name === 'Fan club')!.bundles.map((b) => [b.months, b.discountPercent])).toEqual([[3, 10], [6, 15], [12, 25]]);
    expect(tiers.find((x) => x.name === 'Backstage')!.bundles.map((b) => b.months)).toEqual([3, 12]);
    const nora = await byEmail('nora@example.com');
    const mine = await t.ctx.subscriptions.search({ userId: nora.id }, { limit: 10, offset: 0, sort: 'desc', sortBy: 'updatedAt' } as never);
    expect(mine.data).toEqual([expect.objectContaining({ isActive: true, renewAs: 'bundle', bundle: expect.objectContaining({ months: 12, discountPercent: 25 }), tier: expect.objectContaining({ name: 'Fan club' }) })]);
    const pays = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, mine.data[0]!._id));
    expect(pays.map((x) => [x.amount, x.status])).toEqual([[Math.round(mine.data[0]!.bundle!.price * 100), 'succeeded']]);
  });

  it("shows a referral: Marco joined through Luna's link, and his tips paid Luna her share", async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const mine = await t.ctx.referrals.mine(luna!, { offset: 0, limit: 10 });
    expect(mine.data).toEqual([expect.objectContaining({ referred: expect.objectContaining({ username: 'marco' }), status: 'active' })]);
    expect(mine.data[0]!.earned).toBeGreaterThan(0);
    expect(mine.earned).toBe(mine.data[0]!.earned);
  });

  it('gives Luna three tracking links with 45 days of clicks, and two fans who signed up through her Twitter link (one subscribed)', async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const list = await t.ctx.tracking.list(luna!, { offset: 0, limit: 10, status: 'live' });
    expect(list.data.map((l) => l.name).sort()).toEqual(['Instagram story', 'Reddit r/acousticmusic', 'Twitter bio']);
    const twitter = list.data.find((l) => l.name === 'Twitter bio')!;
    expect(twitter.totals.clicks).toBeGreaterThan(300);
    expect(twitter.totals.visitors).toBeGreaterThan(0);
    expect(twitter.totals.visitors).toBeLessThan(twitter.totals.clicks);
    // The two fans' sign-ups, follows and one subscription (counted by the event handlers).
    expect(twitter.totals).toMatchObject({ signups: 2, follows: 2, subscriptions: 1 });
    expect(twitter.totals.revenue).toBeGreaterThan(0);
    const detail = await t.ctx.tracking.detail(luna!, twitter._id, 90);
    expect(detail.series.filter((d) => d.clicks > 0).length).toBeGreaterThanOrEqual(45);
  });

  it("gives Luna a fan list with totals by channel from the seed's sales, and her notes and custom names for two fans", async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const page = await t.ctx.fans.list(luna!, { sort: 'spent', order: 'desc', filter: 'all', limit: 100 });
    expect(page.total).toBeGreaterThan(3);
    expect(page.data[0]!.spent).toBeGreaterThan(0);
    const sam = page.data.find((f) => f.user.username === 'fan');
    expect(sam).toMatchObject({ customName: 'Front-row Sam', subscriptionStatus: 'active' });
    expect(sam!.spent).toBeGreaterThan(0);
    expect(sam!.spentBy.subscription).toBeGreaterThan(0);
    expect(page.data.find((f) => f.user.username === 'tessalink')).toMatchObject({ customName: 'Tessa (Twitter)' });
  });

  it('shows a running promotion on Luna\'s profile, claimed once at the promoted price, and her trial link', async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const shown = (await t.app.inject({ method: 'GET', url: `/promotions/performer/${luna!.id}` })).json().data;
    expect(shown).toEqual([expect.objectContaining({ kind: 'discount', percentage: 50, months: 3, left: 19 })]);
    const mine = await t.ctx.promotions.mine(luna!, { offset: 0, limit: 10 });
    expect(mine.data.find((p) => p.kind === 'discount')).toMatchObject({ claimed: 1, paying: 1, revenue: 4.97 });
    const link = mine.data.find((p) => p.kind === 'trial_link')!;
    expect((await t.app.inject({ method: 'GET', url: `/promotions/trial/${link.code}` })).json().data).toMatchObject({ days: 7, left: 10 });
  });

  it("pins three of Luna's posts first on her profile, labels her posts, videos and galleries, and has one post expiring", async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/user/feeds/search/luna?limit=4' })).json().data.data as Array<{ pinnedAt: string | null }>;
    expect(list.map((f) => Boolean(f.pinnedAt))).toEqual([true, true, true, false]);
    const chips = (await t.app.inject({ method: 'GET', url: '/labels/creator/luna' })).json().data as Array<{ name: string; counts: { feed: number; video: number; gallery: number } }>;
    expect(chips.map((c) => c.name)).toEqual(['Behind the scenes', 'Q&A', 'Tour']);
    const bts = chips.find((c) => c.name === 'Behind the scenes')!.counts;
    expect(bts.feed > 0 && bts.video > 0 && bts.gallery > 0).toBe(true);
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    expect((await t.ctx.db.select().from(feeds).where(and(eq(feeds.performerId, luna!.id), sql`${feeds.expiresAt} is not null`))).length).toBe(1);
  });

  it('gives Luna a planned week on her calendar: scheduled posts over the next 7 days, a mass message and a planned stream on her profile', async () => {
    const luna = await byEmail('creator@example.com');
    const from = new Date();
    const cal = await t.ctx.calendar.read(luna, { from: from.toISOString(), to: new Date(from.getTime() + 8 * 86_400_000).toISOString() });
    const kinds = cal.items.filter((i) => i.movable).map((i) => i.kind);
    expect(kinds.filter((k) => k === 'post').length).toBeGreaterThanOrEqual(5);
    expect(kinds).toContain('mass_message');
    expect(kinds).toContain('stream');
    const upcoming = await t.ctx.plannedStreams.upcoming(null, luna.id);
    expect(upcoming.map((p) => p.title)).toEqual([DEMO_PLANNED_STREAM]);
  });

  it("gives Luna 90 days of statistics that match her earnings rows to the cent", async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const s = await t.ctx.statistics.earnings(luna!.id, { from, to: today });
    const [rows] = (await t.ctx.db.execute(sql`select coalesce(sum(net), 0)::text as net, coalesce(sum(gross), 0)::text as gross from earnings where performer_id = ${luna!.id} and created_at >= ${`${from}T00:00:00Z`}::timestamptz`)).rows as Array<{ net: string; gross: string }>;
    expect(Math.round(s.total.net * 100)).toBe(Number(rows!.net));
    expect(Math.round(s.total.gross * 100)).toBe(Number(rows!.gross));
    expect(s.series.filter((d) => d.net > 0).length).toBeGreaterThanOrEqual(15);
    expect(s.series.slice(0, 30).some((d) => d.net > 0)).toBe(true);
  });

  it('gives Luna 90 days of audience and content history: growth and churn, cohorts, views, likes, comments, unlocks, best times', async () => {
    const [luna] = await t.ctx.db.select().from(users).where(eq(users.username, 'luna'));
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const au = await t.ctx.statistics.audience(luna!.id, { from, to: today });
    expect(au.followers.gained).toBeGreaterThanOrEqual(40);
    expect(au.followers.lost).toBeGreaterThan(0);
    expect(au.subscribers.new).toBeGreaterThanOrEqual(30);
    expect(au.subscribers.churned).toBeGreaterThan(0);
    // Followers grew over the period (first month against today), day by day.
    expect(au.series.at(-1)!.followers).toBeGreaterThan(au.series[30]!.followers);
    expect(au.series.filter((d) => d.new > 0).length).toBeGreaterThanOrEqual(15);
    const cohorts = JSON.stringify(au.cohorts.map((c) => [c.month, c.retention.length]));
    expect(au.cohorts.length, cohorts).toBeGreaterThanOrEqual(3);
    expect(au.cohorts[0]!.retention.length, cohorts).toBeGreaterThanOrEqual(3);
    // The subscribers at the end are the subscriptions that still run (the rollups agree with the rows).
    const [running] = (await t.ctx.db.execute(sql`select count(*)::int as n from subscriptions where performer_id = ${luna!.id} and status <> 'expired'`)).rows as Array<{ n: number }>;
    expect(au.subscribers.end).toBe(running!.n);
    // Her fan list holds everyone who follows, subscribed or paid her (the history's listeners too).
    const [fans] = (await t.ctx.db.execute(sql`select (select count(*)::int from creator_fans where performer_id = ${luna!.id}) as listed,
      (select count(*)::int from (select follower_id from follows where following_id = ${luna!.id} union select user_id from subscriptions where performer_id = ${luna!.id}) x) as known`)).rows as Array<{ listed: number; known: number }>;
    expect(fans!.known).toBeGreaterThanOrEqual(40);
    expect(fans!.listed).toBeGreaterThanOrEqual(fans!.known);

    const ct = await t.ctx.statistics.content(luna!.id, { from, to: today, sortBy: 'views', sort: 'desc', offset: 0, limit: 100 });
    const posts = ct.items.filter((i) => i.kind === 'feed');
    expect(posts.length).toBeGreaterThanOrEqual(12);
    expect(posts.every((p) => p.views > 0)).toBe(true);
    expect(posts.reduce((n, p) => n + p.likes, 0)).toBeGreaterThanOrEqual(100);
    expect(posts.reduce((n, p) => n + p.comments, 0)).toBeGreaterThan(5);
    expect(posts.filter((p) => p.unlocks > 0).length).toBeGreaterThanOrEqual(2);
    expect(posts.find((p) => p.unlocks > 0)!.conversion).toBeGreaterThan(0);
    // Likes counted per post in the rollups equal the reactions rows (and the posts' counters).
    const [likes] = (await t.ctx.db.execute(sql`select count(*)::int as n, (select coalesce(sum(total_like), 0)::int from feeds where performer_id = ${luna!.id}) as counters from reactions r join feeds f on f.id = r.object_id where r.object_type = 'feed' and r.action = 'like' and f.performer_id = ${luna!.id}`)).rows as Array<{ n: number; counters: number }>;
    expect(posts.reduce((n, p) => n + p.likes, 0)).toBe(likes!.n);
    expect(likes!.counters).toBe(likes!.n);
    // Views, likes and unlocks reach back over the 90 days.
    const daily = (await t.ctx.db.execute(sql`select min(day)::text as first from stats_content_daily where performer_id = ${luna!.id} and views > 0`)).rows as Array<{ first: string }>;
    expect(daily[0]!.first <= new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    // Best times: the evening hours (18–22 UTC) lead — more engagement than any five hours of the
    // day outside them (the rest of the demo's engagement happened at the hour the seed ran).
    const byHour = Array.from({ length: 24 }, (_, h) => ct.bestTimes.filter((c) => c.hour === h).reduce((n, c) => n + c.engagement, 0));
    const hours = (from: number) => byHour.slice(from, from + 5).reduce((n, v) => n + v, 0);
    // Windows holding the hour the seed ran (or the one before: a run across the hour) are left out:
    // the seed's own activity of today lands there (at 12 UTC one such window outweighed the evening).
    const seeded = new Date().getUTCHours();
    const holdsSeedHour = (from: number) => [seeded, (seeded + 23) % 24].some((x) => x >= from && x < from + 5);
    for (let h = 0; h <= 13; h++) if (!holdsSeedHour(h)) expect(hours(18), JSON.stringify(byHour)).toBeGreaterThan(hours(h));
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(t);
    const fanBefore = await byEmail('fan@example.com');
    await seedDemo(t.ctx, undefined, { media: { tiny: true } });
    expect(await snapshot(t)).toEqual(before);
    expect((await byEmail('fan@example.com')).updatedAt).toEqual(fanBefore.updatedAt);
  });
});
