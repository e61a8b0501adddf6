// Over 300 lines: tracking links end to end against one app — CRUD and access, the live limit under concurrency, clicks (daily dedup, bots, own and archived links), attribution at sign-up (fan and creator forms, first touch, the 30-day window) and by a signed-in click, and the conversions the event handlers count (exactly once, never for another creator).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_LIVE_TRACKING_LINKS, TRACKING_CODE_ALPHABET as A, trackingLinkDetailSchema, trackingLinksSchema, type TrackingFigures, type TrackingLink } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, multipart, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { trackingAttributions, trackingClicks, trackingLinks } from './tracking.tables';

let t: TestApp;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  t.ctx.clock.now = realNow;
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const req = requester(() => t);
let seq = 0;
const visitor = () => `visitor-${Date.now().toString(36)}-${(seq++).toString(36)}-abcdef`;

async function makeLink(creator: Made, name = 'Twitter bio'): Promise<TrackingLink> {
  const r = await req('POST', '/tracking/links', creator, { name });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data;
}
async function click(code: string, visitorId: string, o: { who?: Made; ua?: string | null } = {}) {
  // null: no User-Agent at all (inject would send its own, so an empty one).
  const headers: Record<string, string> = { 'user-agent': o.ua === null ? '' : (o.ua ?? BROWSER) };
  return req('POST', '/tracking/clicks', o.who ?? null, { code, visitorId }, headers);
}
async function totals(creator: Made, linkId: string): Promise<TrackingFigures> {
  const r = await req('GET', `/tracking/links/${linkId}?days=30`, creator);
  expect(r.statusCode, r.body).toBe(200);
  return trackingLinkDetailSchema.strict().parse(r.json().data).link.totals;
}
async function registerFan(touches: unknown, who = `tf${Date.now().toString(36)}${seq++}`) {
  const r = await req('POST', '/auth/users/register', null, {
    firstName: 'Tia', lastName: 'Fan', username: who, email: `${who}@x.test`, password: 'good-pass-1', ageConfirmed: true, acceptTerms: true, trackingTouches: touches,
  });
  expect(r.statusCode, r.body).toBe(201);
  const login = await req('POST', '/auth/login', null, { username: who, password: 'good-pass-1' });
  expect(login.statusCode, login.body).toBe(200);
  const userId = r.json().data.user._id as string;
  return { userId, auth: { authorization: `Bearer ${login.json().data.token}` } } as unknown as Made & { userId: string };
}
const asMade = (f: { userId: string; auth: { authorization: string } }) => ({ ...f, user: { id: f.userId } }) as unknown as Made;
const attributionOf = async (userId: string, performerId: string) =>
  (await t.ctx.db.select().from(trackingAttributions).where(and(eq(trackingAttributions.userId, userId), eq(trackingAttributions.performerId, performerId))))[0];

describe('links: create, list, rename, archive, access', () => {
  it('a creator makes, renames, archives and brings back a link; the list shows all-time figures', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna, '  Reddit r/x  ');
    expect(link).toMatchObject({ name: 'Reddit r/x', archivedAt: null, totals: { clicks: 0, visitors: 0, signups: 0, follows: 0, subscriptions: 0, revenue: 0 } });
    expect(link.code).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
    const list = trackingLinksSchema.strict().parse((await req('GET', '/tracking/links', luna)).json().data);
    expect(list).toMatchObject({ total: 1, live: 1, max: MAX_LIVE_TRACKING_LINKS });
    expect(list.data[0]!._id).toBe(link._id);

    const renamed = await req('PATCH', `/tracking/links/${link._id}`, luna, { name: 'Twitter bio' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Twitter bio');
    const archived = await req('PATCH', `/tracking/links/${link._id}`, luna, { archived: true });
    expect(archived.json().data.archivedAt).not.toBeNull();
    expect((await req('GET', '/tracking/links', luna)).json().data).toMatchObject({ total: 0, live: 0 });
    expect((await req('GET', '/tracking/links?status=archived', luna)).json().data).toMatchObject({ total: 1, live: 0 });
    expect((await req('GET', `/tracking/code/${link.code}`)).json().data).toEqual({ username: luna.user.username, live: false });
    const back = await req('PATCH', `/tracking/links/${link._id}`, luna, { archived: false });
    expect(back.json().data.archivedAt).toBeNull();
    expect((await req('GET', `/tracking/code/${link.code.toUpperCase()}`)).json().data).toEqual({ username: luna.user.username, live: true });
  });

  it('bad input → 400 with field errors; unknown code → 404', async () => {
    const luna = await createCreator(t);
    const empty = await req('POST', '/tracking/links', luna, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await req('POST', '/tracking/links', luna, { name: 'x'.repeat(81) })).statusCode).toBe(400);
    const link = await makeLink(luna);
    expect((await req('PATCH', `/tracking/links/${link._id}`, luna, {})).statusCode).toBe(400);
    expect((await req('GET', `/tracking/links/${link._id}?days=7`, luna)).statusCode).toBe(400);
    expect((await req('GET', '/tracking/links/not-an-id', luna)).statusCode).toBe(400);
    expect((await click('short', visitor())).statusCode).toBe(400);
    expect((await click(link.code, 'bad id!')).statusCode).toBe(400);
    expect((await click('zzzzzzzz', visitor())).statusCode).toBe(404);
    expect((await req('GET', '/tracking/code/zzzzzzzz')).statusCode).toBe(404);
  });

  it('who may call: anonymous 401, a fan 403, another creator 404', async () => {
    const luna = await createCreator(t);
    const bob = await createCreator(t);
    const fan = await createFan(t);
    const link = await makeLink(luna);
    expect((await req('GET', '/tracking/links')).statusCode).toBe(401);
    expect((await req('POST', '/tracking/links', null, { name: 'x' })).statusCode).toBe(401);
    expect((await req('GET', '/tracking/links', fan)).statusCode).toBe(403);
    expect((await req('POST', '/tracking/links', fan, { name: 'x' })).statusCode).toBe(403);
    expect((await req('GET', `/tracking/links/${link._id}`, fan)).statusCode).toBe(403);
    expect((await req('GET', `/tracking/links/${link._id}`, bob)).statusCode).toBe(404);
    expect((await req('PATCH', `/tracking/links/${link._id}`, bob, { name: 'mine now' })).statusCode).toBe(404);
    expect((await req('GET', '/tracking/links', bob)).json().data.total).toBe(0);
    expect((await req('GET', `/tracking/links/${link._id}`, luna)).json().data.link.name).toBe('Twitter bio');
  });

  it(`at most ${MAX_LIVE_TRACKING_LINKS} live links: racing creates past the limit make exactly one`, async () => {
    const luna = await createCreator(t);
    await t.ctx.db.insert(trackingLinks).values(Array.from({ length: MAX_LIVE_TRACKING_LINKS - 1 }, (_, i) => ({ performerId: luna.user.id, name: `Link ${i}`, code: `qqqq${A[Math.floor(i / A.length)]}${A[i % A.length]}qq` })));
    const racing = await Promise.all([1, 2, 3].map((i) => req('POST', '/tracking/links', luna, { name: `Racer ${i}` })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect((await req('GET', '/tracking/links', luna)).json().data.live).toBe(MAX_LIVE_TRACKING_LINKS);
    // Archive one, make one; bringing the archived one back is refused while full.
    const first = (await req('GET', '/tracking/links?limit=1', luna)).json().data.data[0];
    await req('PATCH', `/tracking/links/${first._id}`, luna, { archived: true });
    await makeLink(luna, 'Another');
    expect((await req('PATCH', `/tracking/links/${first._id}`, luna, { archived: false })).statusCode).toBe(422);
  });
});

describe('clicks', () => {
  it('count once per visitor per UTC day; unique visitors once ever; the figures come per day', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna);
    const a = visitor();
    const b = visitor();
    const day1 = new Date('2026-03-10T23:30:00Z');
    t.ctx.clock.now = () => day1;
    expect((await click(link.code, a)).json().data).toEqual({ performerId: luna.user.id, counted: true, attributed: false });
    expect((await click(link.code, a)).json().data.counted).toBe(false);
    await Promise.all([click(link.code, b), click(link.code, b), click(link.code, b)]);
    t.ctx.clock.now = () => new Date('2026-03-11T00:10:00Z');
    expect((await click(link.code, a)).json().data.counted).toBe(true);
    const d = trackingLinkDetailSchema.strict().parse((await req('GET', `/tracking/links/${link._id}?days=30`, luna)).json().data);
    expect(d.link.totals).toMatchObject({ clicks: 3, visitors: 2 });
    expect(d.period).toMatchObject({ clicks: 3, visitors: 2 });
    expect(d).toMatchObject({ days: 30, from: '2026-02-10', to: '2026-03-11' });
    expect(d.series).toHaveLength(30);
    expect(d.series.at(-2)).toMatchObject({ day: '2026-03-10', clicks: 2, visitors: 2 });
    expect(d.series.at(-1)).toMatchObject({ day: '2026-03-11', clicks: 1, visitors: 0 });
    // A year later the 30-day period is empty, the totals stay.
    t.ctx.clock.now = () => new Date('2027-03-11T00:10:00Z');
    const later = (await req('GET', `/tracking/links/${link._id}?days=90`, luna)).json().data;
    expect(later.period.clicks).toBe(0);
    expect(later.link.totals.clicks).toBe(3);
    expect(later.series).toHaveLength(90);
  });

  it('bots, the creator\'s own clicks and archived links count nothing (no raw row either)', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna);
    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'curl/8.5.0', 'python-requests/2.31', null]) {
      const r = await click(link.code, visitor(), { ua });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.counted).toBe(false);
    }
    expect((await click(link.code, visitor(), { who: luna })).json().data).toMatchObject({ counted: false, attributed: false });
    await req('PATCH', `/tracking/links/${link._id}`, luna, { archived: true });
    expect((await click(link.code, visitor())).json().data.counted).toBe(false);
    expect(await t.ctx.db.select().from(trackingClicks).where(eq(trackingClicks.linkId, link._id))).toHaveLength(0);
    expect((await totals(luna, link._id)).clicks).toBe(0);
  });
});

describe('attribution and conversions', () => {
  it('a fan who signed up through a link: sign-up, follow, subscription and revenue counted once each; another creator sees nothing', async () => {
    const luna = await createCreator(t);
    const bob = await createCreator(t);
    const link = await makeLink(luna);
    const bobLink = await makeLink(bob);
    const v = visitor();
    const touched = await click(link.code, v);
    expect(touched.json().data.counted).toBe(true);
    const fan = await registerFan([{ code: link.code, at: new Date().toISOString() }]);
    expect(await attributionOf(fan.userId, luna.user.id)).toMatchObject({ linkId: link._id, via: 'signup' });
    expect(await totals(luna, link._id)).toMatchObject({ clicks: 1, visitors: 1, signups: 1, follows: 0 });

    expect((await req('POST', `/follows/${luna.user.id}`, asMade(fan))).statusCode).toBe(200);
    expect((await req('POST', `/follows/${bob.user.id}`, asMade(fan))).statusCode).toBe(200);
    await t.ctx.queue.drain();
    expect(await totals(luna, link._id)).toMatchObject({ follows: 1, subscriptions: 0, revenue: 0 });

    expect((await req('PUT', '/performers/subscription-settings', luna, { monthlyPrice: 9.99, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    await addCard(t, asMade(fan));
    const sub = await req('POST', '/payment/subscribe/performers', asMade(fan), { performerId: luna.user.id, type: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    await topUp(t, asMade(fan), 30, { card: true });
    const tip = await req('POST', `/wallet/charges/tip/${luna.user.id}`, asMade(fan), { price: 10 });
    expect(tip.statusCode, tip.body).toBe(200);
    expect((await req('POST', `/wallet/charges/tip/${bob.user.id}`, asMade(fan), { price: 12 })).statusCode).toBe(200);
    await t.ctx.queue.drain();
    const luna1 = await totals(luna, link._id);
    // Subscribing makes a follower too, but this fan was counted once already.
    expect(luna1).toEqual({ clicks: 1, visitors: 1, signups: 1, follows: 1, subscriptions: 1, revenue: 19.99 });

    // Each handler runs once per event: a redelivered job changes nothing.
    const [subscribed] = await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'fan.subscribed'));
    await t.ctx.events.handle({ eventId: subscribed!.id, handler: 'tracking.subscription' });
    expect(await totals(luna, link._id)).toEqual(luna1);

    // Bob: the fan followed and tipped him too, but came through Luna's link — nothing of it shows for Bob.
    expect(await totals(bob, bobLink._id)).toEqual({ clicks: 0, visitors: 0, signups: 0, follows: 0, subscriptions: 0, revenue: 0 });
    // The creator's answers hold counts and sums only: no user ids, names or visitor ids anywhere.
    const body = (await req('GET', `/tracking/links/${link._id}?days=365`, luna)).body + (await req('GET', '/tracking/links', luna)).body;
    expect(body).not.toContain(fan.userId);
    expect(body).not.toContain(v);
  });

  it('first touch wins: the earliest touch of a creator\'s links within 30 days; later clicks do not move it', async () => {
    const luna = await createCreator(t);
    const early = await makeLink(luna, 'Early');
    const late = await makeLink(luna, 'Late');
    const now = Date.now();
    const fan = await registerFan([
      { code: late.code, at: new Date(now - 2 * 86_400_000).toISOString() },
      { code: early.code, at: new Date(now - 29 * 86_400_000).toISOString() },
      { code: 'zzzzzzzz', at: new Date(now - 40 * 86_400_000).toISOString() },
    ]);
    expect(await attributionOf(fan.userId, luna.user.id)).toMatchObject({ linkId: early._id });
    expect(await totals(luna, early._id)).toMatchObject({ signups: 1 });
    expect(await totals(luna, late._id)).toMatchObject({ signups: 0 });
    const again = await click(late.code, visitor(), { who: asMade(fan) });
    expect(again.json().data).toMatchObject({ counted: true, attributed: false });
    expect(await attributionOf(fan.userId, luna.user.id)).toMatchObject({ linkId: early._id });
  });

  it('a touch older than 30 days, in the future, or of an archived link attributes no one', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna);
    const gone = await makeLink(luna, 'Gone');
    await req('PATCH', `/tracking/links/${gone._id}`, luna, { archived: true });
    const now = new Date('2026-05-01T12:00:00Z');
    t.ctx.clock.now = () => now;
    const old = await registerFan([{ code: link.code, at: new Date(now.getTime() - 30 * 86_400_000 - 60_000).toISOString() }]);
    const future = await registerFan([{ code: link.code, at: new Date(now.getTime() + 3_600_000).toISOString() }]);
    const archived = await registerFan([{ code: gone.code, at: now.toISOString() }]);
    for (const f of [old, future, archived]) expect(await attributionOf(f.userId, luna.user.id)).toBeUndefined();
    // Exactly 30 days is still in.
    const edge = await registerFan([{ code: link.code, at: new Date(now.getTime() - 30 * 86_400_000).toISOString() }]);
    expect(await attributionOf(edge.userId, luna.user.id)).toMatchObject({ linkId: link._id });
    expect(await totals(luna, link._id)).toMatchObject({ signups: 1 });
    // A malformed touch list is the sign-up's 400, not a 500.
    const bad = await req('POST', '/auth/users/register', null, { firstName: 'A', lastName: 'B', username: 'badtouch1', email: 'badtouch1@x.test', password: 'good-pass-1', ageConfirmed: true, acceptTerms: true, trackingTouches: [{ code: 'nope', at: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('a signed-in fan who clicks is attributed directly (once per creator); their follow then counts', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna);
    const other = await makeLink(luna, 'Other');
    const fan = await createFan(t);
    expect((await click(link.code, visitor(), { who: fan })).json().data).toMatchObject({ counted: true, attributed: true });
    expect((await click(other.code, visitor(), { who: fan })).json().data).toMatchObject({ counted: true, attributed: false });
    expect(await attributionOf(fan.user.id, luna.user.id)).toMatchObject({ linkId: link._id, via: 'click' });
    expect((await req('POST', `/follows/${luna.user.id}`, fan)).statusCode).toBe(200);
    await t.ctx.queue.drain();
    expect(await totals(luna, link._id)).toMatchObject({ signups: 0, follows: 1 });
    expect(await totals(luna, other._id)).toMatchObject({ follows: 0 });
  });

  it('the creator sign-up form carries the touches too (a JSON field of the multipart form)', async () => {
    const luna = await createCreator(t);
    const link = await makeLink(luna);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const id = `tc${Date.now().toString(36)}`;
    const body = multipart(
      { firstName: 'Cora', lastName: 'Creator', username: id, email: `${id}@x.test`, password: 'stage-pass-77', dateOfBirth: '1995-04-03', ageConfirmed: 'true', acceptTerms: 'true', trackingTouches: JSON.stringify([{ code: link.code, at: new Date().toISOString() }]) },
      [{ field: 'idVerification', filename: 'id.png', content: png, type: 'image/png' }, { field: 'documentVerification', filename: 'doc.png', content: png, type: 'image/png' }],
    );
    const r = await t.app.inject({ method: 'POST', url: '/auth/performers/register', payload: body.payload, headers: body.headers });
    expect(r.statusCode, r.body).toBe(201);
    expect(await attributionOf(r.json().data.user._id, luna.user.id)).toMatchObject({ linkId: link._id, via: 'signup' });
    expect(await totals(luna, link._id)).toMatchObject({ signups: 1 });
  });
});
