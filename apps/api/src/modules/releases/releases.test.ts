import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { RELEASE_MESSAGES, encodeAccessReason } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/videos';
import { auditLog } from '../../platform/audit.tables';
import { feeds } from '../feeds/feeds.tables';
import { galleries } from '../galleries/galleries.tables';
import { notifications } from '../notifications/notifications.tables';
import { videos } from '../videos/videos.tables';
import { streams } from '../streaming/streaming.tables';
import { agoraOn, goLive } from '../../../test/streams';
import { coperformerReleases } from './releases.tables';

/** Issue 28 §2 co-performer consent records (README.md): records, the publish gate, tags, the operators' audited views and the export. */
let t: TestApp;
let admin: Made;
let png: Buffer;
let backPng: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#336699' } }).png().toBuffer();
  backPng = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#996633' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, who?: Made | null, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload ? { payload } : {}) });
const reason = (text = 'Reviewing the record for the queue') => ({ 'x-access-reason': encodeAccessReason(text) });

const FIELDS = { legalName: 'Jane Quincy Example', dateOfBirth: '1994-06-15', stageName: 'Jade Moon', signedAt: '2026-01-10' };
async function upload(who: Made, fields: Record<string, string> = FIELDS, files = [
  { field: 'idFront', filename: 'front.png', content: png, type: 'image/png' },
  { field: 'idBack', filename: 'back.png', content: backPng, type: 'image/png' },
  { field: 'consent', filename: 'consent.pdf', content: pdf, type: 'application/pdf' },
]) {
  const mp = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/releases', headers: { ...who.auth, ...mp.headers }, payload: mp.payload });
}
async function release(who: Made): Promise<string> {
  const res = await upload(who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}
async function approve(id: string) {
  const res = await inject('POST', `/admin/releases/${id}/approve`, admin);
  expect(res.statusCode, res.body).toBe(200);
}
async function draftGallery(who: Made, extra: object = {}) {
  const res = await inject('POST', '/performer/performer-assets/galleries', who, { title: 'Beach day', status: 'draft', ...extra });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data._id as string;
}
const publishGallery = (who: Made, id: string) => inject('PUT', `/performer/performer-assets/galleries/${id}`, who, { status: 'active' });
async function download(url: string) {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search });
}
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('a creator adds a release', () => {
  it('stores it encrypted: the columns and the bytes on disk hold no plaintext; the owner reads it back', async () => {
    const creator = await createCreator(t);
    const res = await upload(creator);
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({ status: 'pending', legalName: FIELDS.legalName, dateOfBirth: FIELDS.dateOfBirth, stageName: 'Jade Moon', signedAt: '2026-01-10', files: { idFront: true, idBack: true, consent: true }, usedOn: 0 });
    expect(JSON.stringify(r)).not.toContain('http');

    const [row] = await t.ctx.db.select().from(coperformerReleases).where(eq(coperformerReleases.id, r._id));
    expect(row!.legalNameEnc).not.toContain('Jane');
    expect(row!.dateOfBirthEnc).not.toContain('1994');
    const onDisk = await fs.readFile(path.join(t.config.filesDir, row!.files.idFront!.key));
    expect(onDisk.equals(png)).toBe(false);
    expect(onDisk.includes(png.subarray(0, 16))).toBe(false);
    const pdfOnDisk = await fs.readFile(path.join(t.config.filesDir, row!.files.consent!.key));
    expect(pdfOnDisk.includes(Buffer.from('%PDF'))).toBe(false);

    const list = await inject('GET', '/releases', creator);
    expect(list.json().data).toMatchObject({ total: 1, data: [{ _id: r._id, legalName: FIELDS.legalName }] });
    expect(list.body).not.toContain('/releases/download');
    const link = await inject('GET', `/releases/${r._id}/files/idFront`, creator);
    expect(link.statusCode).toBe(200);
    const bytes = await download(link.json().data.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['cache-control']).toBe('private, no-store');
    expect(bytes.rawPayload.equals(png)).toBe(true);
    // No audit row for the owner's own reads.
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, r._id))).toEqual([]);
  });

  it('400 with field errors: under 18 on the signing day, impossible dates, missing or wrong files', async () => {
    const creator = await createCreator(t);
    const minor = await upload(creator, { ...FIELDS, dateOfBirth: '2008-01-11', signedAt: '2026-01-10' });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().details).toEqual([{ field: 'dateOfBirth', message: RELEASE_MESSAGES.underage }]);
    const bad = await upload(creator, { ...FIELDS, dateOfBirth: '1990-02-30', signedAt: '2999-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['dateOfBirth', 'signedAt']);
    const noFiles = await upload(creator, FIELDS, [{ field: 'idBack', filename: 'b.png', content: png, type: 'image/png' }]);
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json().details).toEqual([{ field: 'idFront', message: RELEASE_MESSAGES.idFrontRequired }, { field: 'consent', message: RELEASE_MESSAGES.consentRequired }]);
    const pdfAsId = await upload(creator, FIELDS, [{ field: 'idFront', filename: 'id.pdf', content: pdf, type: 'application/pdf' }, { field: 'consent', filename: 'c.pdf', content: pdf, type: 'application/pdf' }]);
    expect(pdfAsId.statusCode).toBeGreaterThanOrEqual(400);
    expect(pdfAsId.statusCode).toBeLessThan(500);
    const missingName = await upload(creator, { dateOfBirth: '1990-01-01', signedAt: '2026-01-01' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().details[0].field).toBe('legalName');
    expect(await t.ctx.db.select().from(coperformerReleases).where(eq(coperformerReleases.ownerId, creator.user.id))).toEqual([]);
  });

  it('only the owner and operators: another creator 404, a fan 403, anonymous 401', async () => {
    const owner = await createCreator(t);
    const id = await release(owner);
    const other = await createCreator(t);
    expect((await inject('GET', `/releases/${id}`, other)).statusCode).toBe(404);
    expect((await inject('GET', `/releases/${id}/files/consent`, other)).statusCode).toBe(404);
    expect((await inject('DELETE', `/releases/${id}`, other)).statusCode).toBe(404);
    expect((await inject('GET', '/releases', other)).json().data.total).toBe(0);
    const fan = await createFan(t);
    expect((await inject('GET', `/releases/${id}`, fan)).statusCode).toBe(403);
    expect((await inject('GET', `/admin/releases/${id}`, fan, undefined, reason())).statusCode).toBe(403);
    expect((await inject('GET', `/admin/releases/${id}`, other, undefined, reason())).statusCode).toBe(403);
    expect((await inject('GET', `/releases/${id}`, null)).statusCode).toBe(401);
    expect((await inject('GET', '/releases/download?t=abcdefghijkl.xyz', null)).statusCode).toBe(403);
  });

  it("the creator's own data export lists their releases' metadata, not the co-performer's identity", async () => {
    const creator = await createCreator(t);
    const id = await release(creator);
    const area = t.ctx.privacy.exportAreas(creator.user.id).find((a) => a.file === 'releases.json')!;
    const rows = await area.page(null);
    expect(rows).toEqual([expect.objectContaining({ id, status: 'pending', stageName: 'Jade Moon', signedAt: '2026-01-10' })]);
    expect([...(rows[0]!.files as string[])].sort()).toEqual(['consent', 'idBack', 'idFront']);
    expect(JSON.stringify(rows)).not.toContain(FIELDS.legalName);
    expect(JSON.stringify(rows)).not.toContain(FIELDS.dateOfBirth);
  });

  it('deletion: a pending unused one goes (files too); approved → 409; named on an item → 409', async () => {
    const creator = await createCreator(t);
    const gone = await release(creator);
    const [row] = await t.ctx.db.select().from(coperformerReleases).where(eq(coperformerReleases.id, gone));
    expect((await inject('DELETE', `/releases/${gone}`, creator)).statusCode).toBe(200);
    await expect(fs.stat(path.join(t.config.filesDir, row!.files.idFront!.key))).rejects.toThrow();
    const used = await release(creator);
    const g = await draftGallery(creator, { coPerformers: { releases: [used] } });
    expect(g).toBeTruthy();
    expect((await inject('DELETE', `/releases/${used}`, creator)).json().message).toBe(RELEASE_MESSAGES.releaseInUse);
    const kept = await release(creator);
    await approve(kept);
    const res = await inject('DELETE', `/releases/${kept}`, creator);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RELEASE_MESSAGES.releaseApprovedKept);
  });
});

describe('the publish gate', () => {
  it('a post naming an unreleased co-performer → 422 and nothing saved; after approval it publishes', async () => {
    const creator = await createCreator(t);
    const id = await release(creator);
    const body = { text: 'With Jade on the beach', coPerformers: { releases: [id] } };
    const refused = await inject('POST', '/performer/feeds', creator, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RELEASE_MESSAGES.publishBlocked);
    const scheduled = await inject('POST', '/performer/feeds', creator, { ...body, scheduleAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.statusCode).toBe(422);
    expect(await t.ctx.db.select().from(feeds).where(eq(feeds.performerId, creator.user.id))).toEqual([]);
    await approve(id);
    const ok = await inject('POST', '/performer/feeds', creator, body);
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    const feedId = ok.json().data._id;
    const list = await inject('GET', `/releases/items/feed/${feedId}`, creator);
    expect(list.json().data).toMatchObject({ cleared: true, entries: [{ kind: 'release', releaseId: id, stageName: 'Jade Moon', status: 'approved' }] });
    expect(list.body).not.toContain(FIELDS.legalName);
    // A fan sees the post.
    const fan = await createFan(t);
    expect((await inject('GET', `/user/feeds/${feedId}`, fan)).statusCode).toBe(200);
  });

  it('drafts save; making a video active with a pending release → 422, then publishes once approved', async () => {
    const creator = await createCreator(t);
    const id = await release(creator);
    const video = await createVideo(t, creator.user.id, { status: 'draft' });
    const put = await inject('PUT', `/releases/items/video/${video.id}`, creator, { creators: [], releases: [id] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.cleared).toBe(false);
    const refused = await inject('PUT', `/performer/performer-assets/videos/edit/${video.id}`, creator, { status: 'active' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RELEASE_MESSAGES.publishBlocked);
    expect((await t.ctx.db.select().from(videos).where(eq(videos.id, video.id)))[0]!.status).toBe('draft');
    await approve(id);
    expect((await inject('PUT', `/performer/performer-assets/videos/edit/${video.id}`, creator, { status: 'active' })).statusCode).toBe(200);
    // Naming someone new on a public item needs them cleared already.
    const second = await release(creator);
    const late = await inject('PUT', `/releases/items/video/${video.id}`, creator, { releases: [id, second] });
    expect(late.statusCode).toBe(422);
    expect((await inject('GET', `/releases/items/video/${video.id}`, creator)).json().data.entries).toHaveLength(1);
  });

  it('going live naming an unreleased co-performer → 422 and no stream; approved → live', async () => {
    await agoraOn(t);
    const creator = await createCreator(t);
    const id = await release(creator);
    const body = { type: 'public', title: 'Duet night', coPerformers: { releases: [id] } };
    const refused = await inject('POST', '/streaming/live', creator, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RELEASE_MESSAGES.publishBlocked);
    expect(await t.ctx.db.select().from(streams).where(eq(streams.performerId, creator.user.id))).toEqual([]);
    await approve(id);
    const live = await goLive(t, creator, body);
    expect((await inject('GET', `/releases/items/stream/${live._id}`, creator)).json().data).toMatchObject({ cleared: true, entries: [{ releaseId: id }] });
  });

  it("the list's rules: own releases only, no rejected one, no one else's item", async () => {
    const creator = await createCreator(t);
    const other = await createCreator(t);
    const theirs = await release(other);
    const g = await draftGallery(creator);
    const res = await inject('PUT', `/releases/items/gallery/${g}`, creator, { releases: [theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'releases.0', message: RELEASE_MESSAGES.releaseUnknown }]);
    const rejected = await release(creator);
    expect((await inject('POST', `/admin/releases/${rejected}/reject`, admin, { reason: 'The ID is unreadable' })).statusCode).toBe(200);
    const rej = await inject('POST', '/performer/performer-assets/galleries', creator, { title: 'x', coPerformers: { releases: [rejected] } });
    expect(rej.statusCode).toBe(400);
    expect(rej.json().details).toEqual([{ field: 'coPerformers.releases.0', message: RELEASE_MESSAGES.releaseRejected }]);
    expect((await inject('GET', `/releases/items/gallery/${g}`, other)).statusCode).toBe(404);
    expect((await inject('PUT', `/releases/items/gallery/${g}`, other, { releases: [] })).statusCode).toBe(404);
  });
});

describe('tags of verified creators', () => {
  it('accept → publishable; the tagged creator is notified; decline after publication hides it until they are removed', async () => {
    const owner = await createCreator(t);
    const partner = await createCreator(t);
    const g = await draftGallery(owner);
    const put = await inject('PUT', `/releases/items/gallery/${g}`, owner, { creators: [partner.user.id] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ cleared: false, entries: [{ kind: 'creator', performerId: partner.user.id, status: 'pending', performer: { _id: partner.user.id } }] });
    expect((await publishGallery(owner, g)).statusCode).toBe(422);

    await t.ctx.queue.drain();
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, partner.user.id), eq(notifications.type, 'coperformer')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.link).toBe('/creator/tags');
    const tags = await inject('GET', '/releases/tags?status=pending', partner);
    expect(tags.json().data).toMatchObject({ total: 1, data: [{ status: 'pending', item: { kind: 'gallery', id: g, title: 'Beach day', link: `/gallery/${g}` }, owner: { _id: owner.user.id } }] });
    const tagId = tags.json().data.data[0]._id;
    expect((await inject('POST', `/releases/tags/${tagId}/accept`, owner)).statusCode).toBe(404);
    expect((await inject('POST', `/releases/tags/${tagId}/accept`, partner)).json().data.status).toBe('accepted');
    expect((await inject('POST', `/releases/tags/${tagId}/accept`, partner)).statusCode).toBe(409);
    expect((await publishGallery(owner, g)).statusCode).toBe(200);

    const decline = await inject('POST', `/releases/tags/${tagId}/decline`, partner);
    expect(decline.json().data.status).toBe('declined');
    const [hidden] = await t.ctx.db.select().from(galleries).where(eq(galleries.id, g));
    expect(hidden!.hiddenAt).not.toBeNull();
    expect(hidden!.hiddenReason).toBe(RELEASE_MESSAGES.hiddenWithdrawn);
    await t.ctx.queue.drain();
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'coperformer')));
    expect(told.map((n) => n.text).join('\n')).toMatch(/declined your tag.*hidden/);
    // Removing them clears the list: the gallery shows again.
    expect((await inject('PUT', `/releases/items/gallery/${g}`, owner, { creators: [] })).json().data.cleared).toBe(true);
    expect((await t.ctx.db.select().from(galleries).where(eq(galleries.id, g)))[0]!.hiddenAt).toBeNull();
  });

  it('refused: yourself, a fan, an unverified creator, a blocked creator', async () => {
    const owner = await createCreator(t);
    const fan = await createFan(t);
    const pending = await createCreator(t, { verification: 'pending' });
    const blocked = await createCreator(t);
    expect((await inject('POST', '/block/users', blocked, { targetId: owner.user.id })).statusCode).toBeLessThan(300);
    const g = await draftGallery(owner);
    const res = await inject('PUT', `/releases/items/gallery/${g}`, owner, { creators: [owner.user.id, fan.user.id, pending.user.id, blocked.user.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'creators.0', message: RELEASE_MESSAGES.tagSelf },
      { field: 'creators.1', message: RELEASE_MESSAGES.tagNotVerified },
      { field: 'creators.2', message: RELEASE_MESSAGES.tagNotVerified },
      { field: 'creators.3', message: RELEASE_MESSAGES.tagBlocked },
    ]);
  });
});

describe('operators', () => {
  it('the queue has no personal fields; opening one needs a reason (400 reason_required, nothing written) and is audited', async () => {
    const owner = await createCreator(t);
    const id = await release(owner);
    const queue = await inject('GET', '/admin/releases?status=pending', admin);
    expect(queue.statusCode).toBe(200);
    const line = queue.json().data.data.find((x: { _id: string }) => x._id === id);
    expect(line).toMatchObject({ status: 'pending', stageName: 'Jade Moon', owner: { _id: owner.user.id } });
    expect(queue.body).not.toContain(FIELDS.legalName);
    expect(queue.body).not.toContain(FIELDS.dateOfBirth);

    const noReason = await inject('GET', `/admin/releases/${id}`, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('reason_required');
    expect((await inject('GET', `/admin/releases/${id}/files/idFront`, admin)).json().code).toBe('reason_required');
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);

    const open = await inject('GET', `/admin/releases/${id}`, admin, undefined, reason('Checking the ID matches'));
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ legalName: FIELDS.legalName, dateOfBirth: FIELDS.dateOfBirth, owner: { _id: owner.user.id }, items: [] });
    const file = await inject('GET', `/admin/releases/${id}/files/idBack`, admin, undefined, reason('Checking the ID matches'));
    expect((await download(file.json().data.url)).rawPayload.equals(backPng)).toBe(true);
    const reads = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'release.read')));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ actorId: admin.user.id, targetType: 'release', reason: 'Checking the ID matches', subjectIds: [owner.user.id] });

    await approve(id);
    expect((await inject('POST', `/admin/releases/${id}/approve`, admin)).statusCode).toBe(409);
    const approved = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'release.approve')));
    expect(approved).toHaveLength(1);
  });

  it('rejecting a release named on a published item hides it; the owner hears why', async () => {
    const owner = await createCreator(t);
    const id = await release(owner);
    await approve(id);
    const post = await inject('POST', '/performer/feeds', owner, { text: 'Duo', coPerformers: { releases: [id] } });
    const feedId = post.json().data._id;
    const res = await inject('POST', `/admin/releases/${id}/reject`, admin, { reason: 'The consent is not signed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'The consent is not signed' });
    const [f] = await t.ctx.db.select().from(feeds).where(eq(feeds.id, feedId));
    expect(f!.hiddenReason).toBe(RELEASE_MESSAGES.hiddenWithdrawn);
    const fan = await createFan(t);
    expect((await inject('GET', `/user/feeds/${feedId}`, fan)).statusCode).toBe(404);
    await t.ctx.queue.drain();
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'coperformer')));
    expect(told.map((n) => n.text).join('\n')).toContain('The consent is not signed');
  });

  it("the custodian's export: reason required, audited, a ZIP with index.csv and the decrypted files", async () => {
    const owner = await createCreator(t);
    const id = await release(owner);
    expect((await inject('POST', '/admin/releases/export', admin, {})).json().code).toBe('reason_required');
    const res = await inject('POST', '/admin/releases/export', admin, {}, reason('Annual custodian of records copy'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.count).toBeGreaterThan(0);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'release.export'), eq(auditLog.actorId, admin.user.id)));
    expect(entry!.reason).toContain('Annual custodian of records copy');
    expect(entry!.subjectIds).toContain(owner.user.id);
    const zip = await download(res.json().data.url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = await unzip(zip.rawPayload);
    const csv = files.get('index.csv')!.toString('utf8');
    expect(csv.split('\n')[0]).toContain('legal_name');
    expect(csv).toContain(`${id},pending,${FIELDS.legalName},${FIELDS.dateOfBirth}`);
    expect(files.get(`records/${id}/idFront.png`)!.equals(png)).toBe(true);
    expect(files.get(`records/${id}/consent.pdf`)!.equals(pdf)).toBe(true);
  });
});
