import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import sharp from 'sharp';
import { routePath, routes, type RouteEntry } from '@stagepass/shared/routes';
import { auditLog } from '../src/platform/audit.tables';
import { ageVerifications } from '../src/modules/legal/age.tables';
import { imageHash } from '../src/modules/media/screening.hash';
import { patternPng } from '../src/modules/media/screening.pictures';
import { screeningQuarantine } from '../src/modules/media/screening.tables';
import { SITE, wallet } from '../src/modules/ledger/ledger.service';
import { payoutRequests } from '../src/modules/payouts/payouts.tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions.tables';
import { createFeed, follow } from './factories';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from './harness';
import { createAddress, createProduct } from './shop';
import { topUp } from './money';
import { insertLiveStream } from './stream-rows';
import { agoraOn, goLive } from './streams';
import { BACKUP_JOB } from '../src/modules/system/system.service';

/**
 * Every operator action is audited (apps/api/README.md "Audit log"): this file walks every write an
 * operator may call — each `admin` / `performerOrAdmin` write of the route map, and each write of
 * another route where a service lets an operator act on someone else's record (`isAdmin(` in
 * apps/api/src) — makes it SUCCEED as an operator on another user's record, and checks that it left
 * an audit entry naming the action and the operator. A new admin write in the map fails the first
 * test until it is added to OPERATOR_ROUTES (or, with a reason, to NOT_AUDITED).
 */
let t: TestApp;
let admin: Made;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5b3df5' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

/** One operator call, ready to send, and the audit entry it must leave. */
interface Prepared {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
  /** A multipart body instead of JSON. */
  upload?: { fields: Record<string, string>; files: Array<{ field: string; filename: string; content: Buffer; type?: string }> };
  /** Extra request headers (an operator read's `x-access-reason`). */
  headers?: Record<string, string>;
  action: string;
  targetType: string;
  /** The record's id, or how to read it from the answer's `data` (a record the call creates). */
  targetId: string | null | ((data: { _id: string }) => string);
}
type Case = () => Promise<Prepared>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
async function ok(method: Method, url: string, who: Made, payload?: object) {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

// ── Fixtures (each case makes its own, so the cases do not depend on each other) ─────────────────

/** A backup job that failed for real: DATA_DIR/backups is a file (PostgreSQL: backups are unsupported). */
async function failedBackupJob(): Promise<string> {
  await t.ctx.queue.drain();
  await fsp.rm(path.join(t.config.DATA_DIR, 'backups'), { recursive: true, force: true });
  await fsp.writeFile(path.join(t.config.DATA_DIR, 'backups'), 'not a folder');
  const id = (await t.ctx.queue.send(BACKUP_JOB, { requestedBy: admin.user.id }))!;
  await t.ctx.queue.drain();
  expect((await t.ctx.queue.job(BACKUP_JOB, id))?.state).toBe('failed');
  return id;
}
/** A mail the mailer failed to send, as its failure sink records it. */
async function failedMail(): Promise<string> {
  const to = `audit-${uuidv7()}@example.com`;
  await t.ctx.mailFailures.failed({ to, subject: 'Audit walk', text: 'Hello' }, new Error('421 try again later'));
  const list = await t.ctx.mailFailures.list({ status: 'failed', offset: 0, limit: 100 });
  return list.data.find((m) => m.to === to)!._id;
}

const newCoupon = async (): Promise<string> => (await ok('POST', '/admin/coupons', admin, { code: `AUD${uuidv7().slice(-8).toUpperCase()}`, percentage: 10 }))._id;
const newPage = async (): Promise<string> => (await ok('POST', '/admin/posts', admin, { title: `Page ${uuidv7()}` }))._id;
async function promoImage(): Promise<string> {
  const body = multipart({ kind: 'promo' }, [{ field: 'file', filename: 'banner.png', content: png, type: 'image/png' }]);
  const res = await t.app.inject({ method: 'POST', url: '/admin/site/images/upload', headers: { ...admin.auth, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}
async function newPromo(): Promise<string> {
  const now = t.ctx.clock.now().getTime();
  return (await ok('POST', '/admin/site-promo', admin, { title: 'Promo', imageId: await promoImage(), startAt: new Date(now - 3600_000).toISOString(), endAt: new Date(now + 3600_000).toISOString() }))._id;
}
async function contactMessage(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/contact', payload: { name: 'Ada Visitor', email: 'ada@example.com', message: `Hello ${uuidv7()}` }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  expect(res.statusCode, res.body).toBe(201);
  return (await ok('GET', '/admin/contact?limit=1', admin)).data[0]._id;
}
/** A creator awaiting review with both registration pictures. */
async function pendingCreator(): Promise<Made> {
  const c = await createCreator(t, { verification: 'pending' });
  for (const kind of ['documentVerification', 'idVerification']) {
    const body = multipart({ kind }, [{ field: 'file', filename: `${kind}.png`, content: png, type: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/performers/documents/upload', payload: body.payload, headers: { ...c.auth, ...body.headers } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return c;
}
/** A fan's wallet top-up by (sandbox) card: the card payment's id. */
async function cardTopUp(): Promise<string> {
  const fan = await createFan(t);
  return (await topUp(t, fan, 20, { card: true })).transaction._id;
}
/** A fan's running subscription to a creator. */
async function subscription(): Promise<string> {
  const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  const [row] = await t.ctx.db.insert(subscriptions).values({ userId: fan.user.id, performerId: creator.user.id, type: 'free', price: 995, expiresAt: new Date(Date.now() + 7 * 86_400_000) }).returning();
  return row!.id;
}
/** A fan's order of a creator's physical product (paid from the wallet). */
async function order(): Promise<string> {
  const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -10_000 }, { account: wallet(fan.user.id), amount: 10_000 }] }),
  );
  const product = await createProduct(t, creator.user.id, { name: 'Signed mug', price: 20, shippingFee: 3 });
  const data = await ok('POST', `/wallet/charges/product/${product.id}`, fan, { deliveryAddressId: (await createAddress(t, fan))._id });
  return data.order._id;
}
/** A creator's free post, and a fan's report of it. */
async function reportedFeed(): Promise<string> {
  const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  const feed = await createFeed(t, creator.user.id);
  await ok('POST', '/reports', fan, { target: 'feed', targetId: feed.id, reason: 'spam' });
  return feed.id;
}
/** A creator live (public, for followers) and a fan following them. */
async function liveScene() {
  const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  await follow(t, fan.user.id, creator.user.id);
  const stream = await insertLiveStream(t, creator.user.id);
  return { creator, fan, stream };
}

// ── Every admin / performerOrAdmin write of the route map ────────────────────────────────────────

let patternSeed = 40_000;
const uniqueHash = () => uuidv7().replace(/-/g, '').slice(-16);
/** A creator's picture that went through screening (its hash kept on the file). */
async function screenedFile(owner?: Made): Promise<string> {
  const creator = owner ?? (await createCreator(t));
  const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await pngUpload(await patternPng(patternSeed++)));
  await t.ctx.queue.drain();
  return f.id;
}
/** An upload held by screening: the hash of a fresh pattern on the list, then a creator uploads it. */
async function quarantined(): Promise<{ id: string; fileId: string }> {
  const pic = await patternPng(patternSeed++);
  await ok('POST', '/admin/screening/blocklist/import', admin, { text: `${(await imageHash(pic))!},Audit walk\n` });
  const creator = await createCreator(t);
  const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await pngUpload(pic));
  await t.ctx.queue.drain();
  const [q] = await t.ctx.db.select().from(screeningQuarantine).where(eq(screeningQuarantine.fileId, f.id));
  return { id: q!.id, fileId: f.id };
}
async function pngUpload(content: Buffer) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'audit-screen-'));
  const tmpPath = path.join(dir, 'p.png');
  await fsp.writeFile(tmpPath, content);
  return { field: 'file', tmpPath, mime: 'image/png', ext: 'png', size: content.length, originalName: 'p.png' };
}
/** Keyed `<module>.<route>` as in packages/shared/src/routes. */
/** A fan's pending age verification (modules/legal "Age assurance"), as the manual provider leaves it. */
async function pendingAgeCheck(): Promise<{ fan: string; request: string }> {
  const fan = await createFan(t);
  const [row] = await t.ctx.db.insert(ageVerifications).values({ userId: fan.user.id, provider: 'manual', status: 'pending', submittedAt: new Date() }).returning();
  return { fan: fan.user.id, request: row!.id };
}

/** A pending co-performer release of a fresh creator (modules/releases), uploaded through its route. */
async function pendingRelease(): Promise<string> {
  const creator = await createCreator(t);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const mp = multipart({ legalName: 'Jane Example', dateOfBirth: '1990-01-01', signedAt: '2026-01-01' }, [
    { field: 'idFront', filename: 'id.png', content: png, type: 'image/png' },
    { field: 'consent', filename: 'consent.pdf', content: pdf, type: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/releases', headers: { ...creator.auth, ...mp.headers }, payload: mp.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A takedown notice (public form) naming a fresh post; `countered`: hidden, then the owner's counter-notice waits. */
async function takedownNotice(o: { countered?: boolean } = {}): Promise<string> {
  const creator = await createCreator(t);
  const feed = await createFeed(t, creator.user.id, { text: 'a sunset post', publishAt: new Date(Date.now() - 1000) });
  const n = await ok('POST', '/takedowns', admin, {
    name: 'Rights Holder', email: `claimant.${uuidv7()}@example.com`, work: 'My photograph', urls: [`/post/${feed.id}`], goodFaith: true, accurate: true, signature: 'Rights Holder',
  });
  if (o.countered) {
    await ok('POST', `/admin/takedowns/${n._id}/hide`, admin);
    await ok('POST', `/takedowns/${n._id}/counter`, creator, { statement: 'This is my own photograph.', consent: true, signature: 'Creator' });
  }
  return n._id as string;
}

const OPERATOR_ROUTES: Record<string, Case> = {
  'coupons.adminCreate': async () => ({ body: { code: `NEW${uuidv7().slice(-8).toUpperCase()}`, percentage: 15 }, action: 'coupon.create', targetType: 'coupon', targetId: (d) => d._id }),
  'coupons.adminUpdate': async () => {
    const id = await newCoupon();
    return { params: { id }, body: { name: 'Renamed' }, action: 'coupon.update', targetType: 'coupon', targetId: id };
  },
  'coupons.adminRemove': async () => {
    const id = await newCoupon();
    return { params: { id }, action: 'coupon.delete', targetType: 'coupon', targetId: id };
  },
  'orders.update': async () => {
    const id = await order();
    return { params: { id }, body: { deliveryStatus: 'shipping', trackingCode: 'TRACK-1' }, action: 'order.update', targetType: 'order', targetId: id };
  },
  'payouts.adminReview': async () => {
    const creator = await createCreator(t);
    const [row] = await t.ctx.db.insert(payoutRequests).values({ performerId: creator.user.id, amount: 5000 }).returning();
    return { params: { id: row!.id }, body: { status: 'approved', adminNote: 'OK' }, action: 'payout.approve', targetType: 'payout', targetId: row!.id };
  },
  'age.adminApprove': async () => {
    const id = await pendingAgeCheck();
    return { params: { id: id.request }, action: 'age.approve', targetType: 'user', targetId: id.fan };
  },
  'age.adminReject': async () => {
    const id = await pendingAgeCheck();
    return { params: { id: id.request }, body: { reason: 'Unreadable' }, action: 'age.reject', targetType: 'user', targetId: id.fan };
  },
  'performers.approveVerification': async () => {
    const c = await pendingCreator();
    return { params: { id: c.user.id }, body: {}, action: 'kyc.approve', targetType: 'performer', targetId: c.user.id };
  },
  'performers.rejectVerification': async () => {
    const c = await pendingCreator();
    return { params: { id: c.user.id }, body: { reason: 'Blurry' }, action: 'kyc.reject', targetType: 'performer', targetId: c.user.id };
  },
  'reports.adminAct': async () => {
    const id = await reportedFeed();
    return { params: { target: 'feed', targetId: id }, body: { action: 'dismiss' }, action: 'report.dismiss', targetType: 'feed', targetId: id };
  },
  'reports.adminHide': async () => {
    const feed = await createFeed(t, (await createCreator(t)).user.id);
    return { params: { kind: 'feed', id: feed.id }, body: { reason: 'Breaks rule 4' }, action: 'content.hide', targetType: 'feed', targetId: feed.id };
  },
  'reports.adminUnhide': async () => {
    const feed = await createFeed(t, (await createCreator(t)).user.id);
    await ok('POST', `/admin/content/feed/${feed.id}/hide`, admin, { reason: 'Breaks rule 4' });
    return { params: { kind: 'feed', id: feed.id }, action: 'content.unhide', targetType: 'feed', targetId: feed.id };
  },
  'settings.adminUpdate': async () => ({ params: { key: 'siteName' }, body: { value: 'Audited site' }, action: 'setting.update', targetType: 'setting', targetId: 'siteName' }),
  // A new version of the privacy policy (accounts made later by the factories accept it at sign-up; the operator is exempt from the gate).
  'legal.adminPublish': async () => {
    const page = await ok('POST', '/admin/posts', admin, { title: `Privacy ${uuidv7()}`, status: 'published' });
    return { body: { kind: 'privacy', slug: page.slug }, action: 'legal.publish', targetType: 'legal_document', targetId: (d) => d._id };
  },
  // Upload screening (media README "Upload screening"): the list has no record of its own to name; a file or an item where there is one.
  'screening.importBlocklist': async () => ({ body: { text: `${uniqueHash()},Audited import\n` }, action: 'screening.import', targetType: 'screening-blocklist', targetId: null }),
  'screening.blockFiles': async () => ({ body: { fileIds: [await screenedFile()] }, action: 'screening.block-files', targetType: 'screening-blocklist', targetId: null }),
  'screening.blockContent': async () => {
    const creator = await createCreator(t);
    const feed = await createFeed(t, creator.user.id, { fileIds: [await screenedFile(creator)] });
    return { params: { kind: 'feed', id: feed.id }, body: {}, action: 'screening.block-files', targetType: 'feed', targetId: feed.id };
  },
  'screening.removeEntry': async () => {
    await ok('POST', '/admin/screening/blocklist/import', admin, { text: `${uniqueHash()},To delete\n` });
    const entryId = (await ok('GET', '/admin/screening/blocklist?q=To%20delete&limit=1', admin)).data[0]._id;
    return { params: { entryId }, action: 'screening.remove', targetType: 'screening-blocklist', targetId: entryId };
  },
  'screening.release': async () => {
    const q = await quarantined();
    return { params: { id: q.id }, body: { note: 'false positive' }, action: 'screening.release', targetType: 'file', targetId: q.fileId };
  },
  'screening.confirm': async () => {
    const q = await quarantined();
    return { params: { id: q.id }, body: {}, action: 'screening.confirm', targetType: 'file', targetId: q.fileId };
  },
  // Personal data (modules/privacy): an export asked for on the user's behalf, an account deleted on request.
  'privacy.adminExport': async () => {
    const fan = await createFan(t);
    return { params: { id: fan.user.id }, body: { reason: 'The user asked by e-mail' }, action: 'privacy.export', targetType: 'user', targetId: fan.user.id };
  },
  'privacy.adminDelete': async () => {
    const fan = await createFan(t);
    return { params: { id: fan.user.id }, body: { reason: 'The user asked by e-mail' }, action: 'privacy.delete', targetType: 'user', targetId: fan.user.id };
  },
  // Co-performer releases (modules/releases): a creator's pending record, decided by the operator;
  // the custodian's export (an operator read of every record, with its reason).
  'releases.releaseApprove': async () => {
    const id = await pendingRelease();
    return { params: { id }, action: 'release.approve', targetType: 'release', targetId: id };
  },
  'releases.releaseReject': async () => {
    const id = await pendingRelease();
    return { params: { id }, body: { reason: 'The ID picture is unreadable' }, action: 'release.reject', targetType: 'release', targetId: id };
  },
  'releases.releaseExport': async () => {
    await pendingRelease();
    return { body: {}, headers: { 'x-access-reason': 'Custodian of records copy' }, action: 'release.export', targetType: 'release', targetId: null };
  },
  // Takedowns (modules/takedowns): a notice naming a fresh post, decided by the operator.
  'takedowns.takedownHide': async () => {
    const id = await takedownNotice();
    return { params: { id }, action: 'takedown.hide', targetType: 'takedown', targetId: id };
  },
  'takedowns.takedownReject': async () => {
    const id = await takedownNotice();
    return { params: { id }, body: { reason: 'Not a work of the claimant' }, action: 'takedown.reject', targetType: 'takedown', targetId: id };
  },
  'takedowns.takedownRequestInfo': async () => {
    const id = await takedownNotice();
    return { params: { id }, body: { message: 'Which photograph is yours?' }, action: 'takedown.request_info', targetType: 'takedown', targetId: id };
  },
  'takedowns.takedownClaimantAnswered': async () => {
    const id = await takedownNotice({ countered: true });
    return { params: { id }, body: { reason: 'Case 24-cv-1 filed' }, action: 'takedown.claimant_answered', targetType: 'takedown', targetId: id };
  },
  'site.adminPageCreate': async () => ({ body: { title: 'Terms' }, action: 'page.create', targetType: 'page', targetId: (d) => d._id }),
  'site.adminPageUpdate': async () => {
    const id = await newPage();
    return { params: { id }, body: { title: 'Renamed' }, action: 'page.update', targetType: 'page', targetId: id };
  },
  'site.adminPageRemove': async () => {
    const id = await newPage();
    return { params: { id }, action: 'page.delete', targetType: 'page', targetId: id };
  },
  'site.adminPromoCreate': async () => {
    const now = t.ctx.clock.now().getTime();
    const body = { title: 'Summer sale', imageId: await promoImage(), startAt: new Date(now).toISOString(), endAt: new Date(now + 3600_000).toISOString() };
    return { body, action: 'promo.create', targetType: 'promo', targetId: (d) => d._id };
  },
  'site.adminPromoUpdate': async () => {
    const id = await newPromo();
    return { params: { id }, body: { title: 'Renamed' }, action: 'promo.update', targetType: 'promo', targetId: id };
  },
  'site.adminPromoRemove': async () => {
    const id = await newPromo();
    return { params: { id }, action: 'promo.delete', targetType: 'promo', targetId: id };
  },
  'site.adminImageUpload': async () => ({
    upload: { fields: { kind: 'logo' }, files: [{ field: 'file', filename: 'logo.png', content: png, type: 'image/png' }] },
    action: 'site-image.upload', targetType: 'file', targetId: (d) => d._id,
  }),
  'site.adminContactRead': async () => {
    const id = await contactMessage();
    return { params: { id }, body: { read: true }, action: 'contact.read', targetType: 'contact', targetId: id };
  },
  'site.adminContactAnswer': async () => {
    const id = await contactMessage();
    return { params: { id }, body: { answer: 'Sign up at /auth/register/creator.' }, action: 'contact.answer', targetType: 'contact', targetId: id };
  },
  'disputes.sandboxDispute': async () => ({ body: { paymentId: await cardTopUp() }, action: 'dispute.simulate', targetType: 'dispute', targetId: (d) => d._id }),
  'disputes.submitEvidence': async () => {
    const id = (await ok('POST', '/admin/sandbox/disputes', admin, { paymentId: await cardTopUp() }))._id;
    return { params: { id }, body: { uncategorizedText: 'The fan used what they bought' }, action: 'dispute.evidence', targetType: 'dispute', targetId: id };
  },
  'salesTax.adminCreateRule': async () => ({
    body: { country: 'FR', label: 'TVA', rateBps: 2000, inclusive: true, kinds: ['tip'] },
    action: 'tax_rule.create', targetType: 'tax rule', targetId: (d) => d._id,
  }),
  'salesTax.adminUpdateRule': async () => {
    const r = await t.ctx.salesTax.create({ actorId: admin.user.id, ip: null, userAgent: 'test' }, { country: 'IT', label: 'IVA', rateBps: 2200, inclusive: true, kinds: ['tip'] });
    return { params: { id: r._id }, body: { rateBps: 2100 }, action: 'tax_rule.update', targetType: 'tax rule', targetId: r._id };
  },
  'salesTax.adminDeleteRule': async () => {
    const r = await t.ctx.salesTax.create({ actorId: admin.user.id, ip: null, userAgent: 'test' }, { country: 'ES', label: 'IVA', rateBps: 2100, inclusive: true, kinds: ['tip'] });
    return { params: { id: r._id }, action: 'tax_rule.delete', targetType: 'tax rule', targetId: r._id };
  },
  'referrals.adminVoid': async () => {
    const referrer = await createCreator(t);
    const referred = await createCreator(t);
    const code = await t.ctx.referrals.codeFor(referrer.user.id);
    await t.ctx.db.transaction((tx) => t.ctx.referrals.attach(tx, referred.user.id, code));
    const [row] = (await t.ctx.referrals.adminList({ offset: 0, limit: 50, sort: 'desc', sortBy: 'createdAt' } as never)).data.filter((x: { referred?: { _id?: string } }) => x.referred?._id === referred.user.id);
    return { params: { id: row!._id }, body: { reason: 'Self-referral through a second account' }, action: 'referral.void', targetType: 'referral', targetId: row!._id };
  },
  'refunds.refund': async () => {
    const id = await cardTopUp();
    return { params: { id }, body: { amount: 1, reason: 'Charged twice' }, action: 'payment.refund', targetType: 'payment', targetId: id };
  },
  'reconciliation.start': async () => {
    const day = t.ctx.clock.now().toISOString().slice(0, 10);
    return { body: { fromDate: day, toDate: day }, action: 'reconciliation.run', targetType: 'reconciliation_run', targetId: (d) => d._id };
  },
  'streaming.adminWatch': async () => {
    // An audited read that grants the operator a way in (streaming README "Operators watching").
    await agoraOn(t);
    const s = await goLive(t, await createCreator(t), { type: 'group', title: 'Ticketed', price: 5 });
    return { params: { id: s._id }, headers: { 'x-access-reason': 'Report #12: checking the show' }, action: 'stream.read', targetType: 'stream', targetId: s._id };
  },
  'subscriptions.adminCancel': async () => {
    const id = await subscription();
    return { params: { id }, action: 'subscription.cancel', targetType: 'subscription', targetId: id };
  },
  'subscriptions.adminCommission': async () => {
    const c = await createCreator(t);
    return { params: { id: c.user.id }, body: { percentage: 12.5, reason: 'Top creator' }, action: 'performer.commission', targetType: 'performer', targetId: c.user.id };
  },
  'users.adminSuspend': async () => {
    const fan = await createFan(t);
    return { params: { id: fan.user.id }, body: { reason: 'Spam' }, action: 'user.suspend', targetType: 'user', targetId: fan.user.id };
  },
  'users.adminReactivate': async () => {
    const fan = await createFan(t);
    await ok('POST', `/admin/users/${fan.user.id}/suspend`, admin, { reason: 'Spam' });
    return { params: { id: fan.user.id }, body: { reason: 'Appeal accepted' }, action: 'user.reactivate', targetType: 'user', targetId: fan.user.id };
  },
  'users.adminForcePasswordReset': async () => {
    const fan = await createFan(t);
    return { params: { id: fan.user.id }, body: { reason: 'Leaked password' }, action: 'user.force-password-reset', targetType: 'user', targetId: fan.user.id };
  },
  // The System section (modules/system): a backup job that fails for real (its folder is a file here; on PostgreSQL backups are unsupported), a mail the mailer recorded as failed.
  ...(process.env.DATABASE_URL ? {} : { 'system.runBackup': async () => {
    await t.ctx.queue.drain();
    return { action: 'backup.run', targetType: 'backup', targetId: (d: { _id: string }) => d._id };
  } }),
  'system.retryJob': async () => {
    const id = await failedBackupJob();
    return { params: { queue: BACKUP_JOB, id }, action: 'system.job-retry', targetType: 'job', targetId: id };
  },
  'system.discardJob': async () => {
    const id = await failedBackupJob();
    return { params: { queue: BACKUP_JOB, id }, action: 'system.job-discard', targetType: 'job', targetId: id };
  },
  'system.retryMail': async () => {
    const id = await failedMail();
    return { params: { id }, action: 'system.mail-retry', targetType: 'mail', targetId: id };
  },
  'system.discardMail': async () => {
    const id = await failedMail();
    return { params: { id }, action: 'system.mail-discard', targetType: 'mail', targetId: id };
  },
  'media.adminHlsRetry': async () => ({ body: {}, action: 'media.hls-retry', targetType: 'media', targetId: null }),
  'users.adminSetRole': async () => {
    const fan = await createFan(t);
    return { params: { id: fan.user.id }, body: { admin: true, reason: 'New colleague' }, action: 'user.grant-admin', targetType: 'user', targetId: fan.user.id };
  },
};

/**
 * Admin writes of the map that are not operator actions, each with its reason. Empty today: every
 * admin write changes the site or someone's record. (An operator's own profile, password and 2FA
 * are `user` routes, self-service, not in this list's scope.)
 */
const NOT_AUDITED: Record<string, string> = {
  ...(process.env.DATABASE_URL ? { 'system.runBackup': 'on PostgreSQL the console runs no backup (422 with the pg_dump guidance, system.test.ts); audited as backup.run on the embedded database, where this table walks it' } : {}),
  // The leak tracer (modules/protection): open to creators on their own content too, so its writes
  // are audited where they act, not by this table's per-route cases (which need a matched leak).
  'protection.traceUpload': 'audited as protection.trace on the traced file when the leak matches an item (protection.test.ts asserts the entry); an unmatched upload changes nothing',
  'protection.traceUrl': 'audited as protection.trace on the traced file when the leak matches an item (protection.test.ts); an unmatched address changes nothing',
  'protection.traceReport': 'opens a report in the caller\'s name through the reports module (its own record names the reporter), as any user\'s report does',
  'protection.traceSuspend': 'the suspension goes through the Users section\'s suspend, which records user.suspend (covered by its own case in this table)',
};

// ── Writes of other routes where a service exempts operators (`isAdmin(` in apps/api/src) ────────

/**
 * Not listed, because the operator acts on nothing of anyone else's: buying, tipping or following
 * past a block (wallet.service, follows.service: their own purchase or follow), a stream ban that
 * refuses to ban an operator (a rule about the target), a blocked user's refusal to block an operator.
 * Reads with an exemption (others' drafts, documents, orders, files' status, earnings, followers)
 * are not writes.
 */
const OPERATOR_EXEMPTIONS: Record<string, Case> = {
  'comments.remove': async () => {
    const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
    const feed = await createFeed(t, creator.user.id);
    const c = await ok('POST', '/comments', fan, { objectType: 'feed', objectId: feed.id, content: 'Buy followers at …' });
    return { params: { id: c._id }, action: 'comment.delete', targetType: 'comment', targetId: c._id };
  },
  'messages.remove': async () => {
    const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
    await follow(t, fan.user.id, creator.user.id);
    const conv = await ok('POST', '/conversations', fan, { source: 'performer', sourceId: creator.user.id });
    const m = await ok('POST', `/messages/conversations/${conv._id}`, fan, { text: 'Buy followers at …' });
    return { params: { id: m._id }, action: 'message.delete', targetType: 'message', targetId: m._id };
  },
  'streaming.end': async () => {
    await agoraOn(t);
    const s = await goLive(t, await createCreator(t));
    return { params: { id: s._id }, action: 'stream.end', targetType: 'stream', targetId: s._id };
  },
  'streaming.ban': async () => {
    const { fan, stream } = await liveScene();
    return { body: { userId: fan.user.id, streamId: stream.id, reason: 'spam' }, action: 'stream.ban', targetType: 'user', targetId: fan.user.id };
  },
  'streaming.unban': async () => {
    const { creator, fan, stream } = await liveScene();
    await ok('POST', '/streaming/bans', creator, { userId: fan.user.id, streamId: stream.id, reason: 'spam' });
    return { params: { userId: fan.user.id }, query: { performerId: creator.user.id }, action: 'stream.unban', targetType: 'user', targetId: fan.user.id };
  },
  'streamChat.updateConversation': async () => {
    const { stream } = await liveScene();
    return { params: { id: stream.id }, body: { slowModeSeconds: 10 }, action: 'stream.chat-settings', targetType: 'stream', targetId: stream.id };
  },
  'streamChat.clear': async () => {
    const { fan, stream } = await liveScene();
    await ok('POST', `/messages/stream/${stream.id}`, fan, { text: 'hello' });
    return { params: { id: stream.id }, action: 'stream.chat-clear', targetType: 'stream', targetId: stream.id };
  },
  'streamChat.remove': async () => {
    const { fan, stream } = await liveScene();
    const m = await ok('POST', `/messages/stream/${stream.id}`, fan, { text: 'Buy followers at …' });
    return { params: { id: m._id }, action: 'stream-message.delete', targetType: 'stream-message', targetId: m._id };
  },
  'subscriptions.cancel': async () => {
    const id = await subscription();
    return { params: { provider: 'sandbox', id }, action: 'subscription.cancel', targetType: 'subscription', targetId: id };
  },
  'users.uploadAvatarFor': async () => {
    const fan = await createFan(t);
    return {
      params: { id: fan.user.id }, upload: { fields: {}, files: [{ field: 'avatar', filename: 'me.png', content: png, type: 'image/png' }] },
      action: 'user.avatar', targetType: 'user', targetId: fan.user.id,
    };
  },
};

// ── The walk ─────────────────────────────────────────────────────────────────────────────────────

const entries = Object.entries(routes).flatMap(([module, defs]) => Object.entries(defs as Record<string, RouteEntry>).map(([name, def]) => ({ key: `${module}.${name}`, def })));
const defOf = (key: string): RouteEntry => {
  const e = entries.find((x) => x.key === key);
  if (!e) throw new Error(`${key} is not in the route map`);
  return e.def;
};
const isWrite = (d: RouteEntry) => d.method !== 'GET';

describe('the table of operator writes', () => {
  it('lists every admin and performerOrAdmin write of the route map (audited, or excluded with a reason), and only those', () => {
    const operatorWrites = entries.filter((e) => isWrite(e.def) && (e.def.access === 'admin' || e.def.access === 'performerOrAdmin')).map((e) => e.key);
    expect(operatorWrites.filter((k) => !(k in OPERATOR_ROUTES) && !(k in NOT_AUDITED))).toEqual([]);
    expect([...Object.keys(OPERATOR_ROUTES), ...Object.keys(NOT_AUDITED)].filter((k) => !operatorWrites.includes(k))).toEqual([]);
    expect(Object.keys(OPERATOR_ROUTES).filter((k) => k in NOT_AUDITED)).toEqual([]);
  });

  it('the exemption writes are writes of the map open to other users', () => {
    for (const key of Object.keys(OPERATOR_EXEMPTIONS)) {
      const def = defOf(key);
      expect(isWrite(def), key).toBe(true);
      expect(['user', 'performer'], key).toContain(def.access);
    }
  });
});

async function walk(key: string, prepare: Case) {
  const def = defOf(key);
  const p = await prepare();
  const before = new Set((await t.ctx.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
  const qs = p.query ? `?${new URLSearchParams(p.query).toString()}` : '';
  const url = routePath(def, p.params) + qs;
  const mp = p.upload ? multipart(p.upload.fields, p.upload.files) : null;
  const res = await t.app.inject({
    method: def.method, url, headers: { ...admin.auth, ...(mp?.headers ?? {}), ...(p.headers ?? {}) },
    ...(mp ? { payload: mp.payload } : p.body ? { payload: p.body } : {}),
  });
  expect(res.statusCode, `${def.method} ${url}: ${res.body}`).toBeLessThan(300);
  const targetId = typeof p.targetId === 'function' ? p.targetId(res.json().data) : p.targetId;
  const fresh = (await t.ctx.db.select().from(auditLog)).filter((r) => !before.has(r.id));
  expect(fresh.map((r) => ({ actorId: r.actorId, action: r.action, targetType: r.targetType, targetId: r.targetId })), `${key}: its audit entry`).toContainEqual({
    actorId: admin.user.id, action: p.action, targetType: p.targetType, targetId,
  });
  const entry = fresh.find((r) => r.action === p.action && r.targetId === targetId)!;
  expect(entry.ip, `${key}: the operator's address`).toBeTruthy();
}

describe('every operator write leaves an audit entry naming the action and the operator', () => {
  it.each(Object.entries(OPERATOR_ROUTES))('%s', async (key, prepare) => walk(key, prepare));
});

describe("every write where an operator acts on someone else's record leaves an audit entry", () => {
  it.each(Object.entries(OPERATOR_EXEMPTIONS))('%s', async (key, prepare) => walk(key, prepare));
});
