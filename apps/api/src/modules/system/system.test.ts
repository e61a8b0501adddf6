import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { routePath, routes } from '@stagepass/shared/routes';
import { auditLog } from '../../platform/audit.tables';
import { MIGRATIONS_DIR } from '../../db/client';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { connectClient, listen, type Client } from '../../../test/sockets';
import { AUTH_MAIL_JOB } from '../auth/auth.service';
import { BACKUP_JOB } from './system.service';
import { HEARTBEAT_SECONDS, MISSED_BEATS, NodeRegistry } from './system.nodes';
import { systemNodes } from './system.tables';

/**
 * The console's System section (README.md beside this file) on a real site: jobs that fail for
 * real (mail to an SMTP server that refuses the recipient; a backup whose folder cannot be made),
 * retried and discarded; mail failures resent; nodes by heartbeat on the injected clock; storage
 * use; backups run, listed and downloaded. Every write audited; every route refused to fans,
 * creators and operators without two-factor authentication.
 */
const BOUNCE = '@bounce.test';
let refusing = true;
const delivered: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (refusing && address.address.endsWith(BOUNCE)) return cb(Object.assign(new Error('550 5.1.1 Mailbox unavailable'), { responseCode: 550 }));
    cb();
  },
  onData(stream, session, cb) {
    stream.resume();
    stream.on('end', () => {
      delivered.push(...session.envelope.rcptTo.map((r) => r.address));
      cb();
    });
  },
});

let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
let noTwoFactor: Made;
const sockets: Client[] = [];

beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  [admin, fan, creator, noTwoFactor] = await Promise.all([createAdmin(t), createFan(t), createCreator(t), createAdminWithout2fa(t)]);
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const r = routes.system;
const SAMPLE_ID = '0190a1b2-0000-7000-8000-000000000001';
const req = (who: Made | null, method: 'GET' | 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: who?.auth ?? {} });
async function ok(method: 'GET' | 'POST' | 'DELETE', url: string) {
  const res = await req(admin, method, url);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}
async function audited(action: string, targetId: string) {
  const rows = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  expect(rows, `${action} on ${targetId}`).toHaveLength(1);
  expect(rows[0]!.actorId).toBe(admin.user.id);
  return rows[0]!;
}
/** A mail job that fails for real: the SMTP server refuses the recipient on every attempt (retries made due at once). */
async function failingMailJob(local: string): Promise<string> {
  // Someone tries to sign up with the address of an account: its owner is told by mail.
  await createFan(t, { email: `${local}${BOUNCE}` });
  await t.ctx.auth.enqueueMail({ kind: 'register-attempt', email: `${local}${BOUNCE}` });
  await t.ctx.queue.drain();
  const failed = (await ok('GET', `/admin/system/jobs/failed?queue=${AUTH_MAIL_JOB}&limit=100`)) as { data: Array<{ _id: string; summary: Record<string, unknown> }> };
  const job = failed.data.find((j) => j.summary.kind === 'register-attempt' && !seen.has(j._id));
  expect(job, 'the failed mail job').toBeTruthy();
  seen.add(job!._id);
  return job!._id;
}
const seen = new Set<string>();

describe('who may call the System section', () => {
  const calls: Array<[string, 'GET' | 'POST' | 'DELETE', string]> = [
    ['info', 'GET', routePath(r.info)],
    ['queues', 'GET', routePath(r.queues)],
    ['failedJobs', 'GET', routePath(r.failedJobs)],
    ['retryJob', 'POST', routePath(r.retryJob, { queue: AUTH_MAIL_JOB, id: SAMPLE_ID })],
    ['discardJob', 'DELETE', routePath(r.discardJob, { queue: AUTH_MAIL_JOB, id: SAMPLE_ID })],
    ['storage', 'GET', routePath(r.storage)],
    ['mailFailures', 'GET', routePath(r.mailFailures)],
    ['retryMail', 'POST', routePath(r.retryMail, { id: SAMPLE_ID })],
    ['discardMail', 'DELETE', routePath(r.discardMail, { id: SAMPLE_ID })],
    ['backups', 'GET', routePath(r.backups)],
    ['runBackup', 'POST', routePath(r.runBackup)],
    ['downloadBackup', 'GET', routePath(r.downloadBackup, { name: 'stagepass-backup-2026-01-01T00-00-00-000Z.tar.gz' })],
  ];
  it('every route of the map is in this list', () => {
    expect(calls.map(([k]) => k).sort()).toEqual(Object.keys(r).sort());
  });
  it.each(calls)('%s: 401 anonymous; 403 for a fan, a creator and an operator without 2FA', async (_k, method, url) => {
    expect((await req(null, method, url)).statusCode).toBe(401);
    for (const who of [fan, creator, noTwoFactor]) expect((await req(who, method, url)).statusCode, `${method} ${url}`).toBe(403);
  });
  it('bad input is a 400 with the field, never a 500', async () => {
    const bad = [
      ['POST', `/admin/system/queues/${AUTH_MAIL_JOB}/jobs/not-a-uuid/retry`, 'id'],
      ['DELETE', `/admin/system/queues/no%20spaces/jobs/${SAMPLE_ID}`, 'queue'],
      ['GET', '/admin/system/jobs/failed?limit=1000', 'limit'],
      ['GET', '/admin/system/mail-failures?status=lost', 'status'],
      ['POST', '/admin/system/mail-failures/nope/retry', 'id'],
      ['GET', '/admin/system/backups/..%2F..%2Fetc%2Fpasswd', 'name'],
    ] as const;
    for (const [method, url, field] of bad) {
      const res = await req(admin, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(JSON.stringify(res.json().details), url).toContain(field);
    }
  });
});

describe('version, migrations and nodes', () => {
  it('answers the version, Node, the migrations applied (the newest of the journal) and this node with its sockets', async () => {
    const url = await listen(t.app);
    sockets.push(await connectClient(url, admin.token, sockets));
    // The row keeps the count of the node's last beat (this node's entry answers its live count).
    await t.ctx.nodes.beat();
    expect((await t.ctx.db.select().from(systemNodes).where(eq(systemNodes.id, t.ctx.nodes.id)))[0]?.sockets).toBe(1);
    const info = await ok('GET', '/admin/system');
    const pkg = JSON.parse(await fs.readFile(path.resolve(MIGRATIONS_DIR, '../../../package.json'), 'utf8'));
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')).entries as Array<{ tag: string }>;
    expect(info).toMatchObject({ version: pkg.version, node: process.version, database: t.databaseUrl ? 'postgres' : 'pglite', storage: 'local', heartbeatSeconds: HEARTBEAT_SECONDS });
    expect(info.migrations).toMatchObject({ applied: journal.length, pending: [], newest: journal.at(-1)!.tag });
    expect(info.migrations.list[0]).toBe(journal.at(-1)!.tag);
    expect(info.migrations.list).toContain('0069_system_console');
    const me = info.nodes.find((n: { current: boolean }) => n.current);
    expect(me).toMatchObject({ _id: t.ctx.nodes.id, role: 'api', pid: process.pid, host: os.hostname(), version: pkg.version, sockets: 1 });
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('a node is listed while it beats, drops out after missing three beats (on the injected clock), and a clean stop removes it', async () => {
    const base = t.ctx.clock.now().getTime();
    const worker = new NodeRegistry({ db: t.ctx.db, clock: t.ctx.clock, log: t.ctx.log, role: 'worker', version: '9.9.9', commit: 'abc123', sockets: () => 0 });
    await worker.beat();
    const listed = async () => (await ok('GET', '/admin/system')).nodes.map((n: { _id: string }) => n._id) as string[];
    expect(await listed()).toContain(worker.id);
    try {
      // Three heartbeats later (and a moment), without a beat: gone from the list; this node beats again and stays.
      t.ctx.clock.now = () => new Date(base + MISSED_BEATS * HEARTBEAT_SECONDS * 1000 + 1000);
      await t.ctx.nodes.beat();
      const later = await listed();
      expect(later).not.toContain(worker.id);
      expect(later).toContain(t.ctx.nodes.id);
      // It beats again: back, last seen at the clock's time.
      await worker.beat();
      const info = await ok('GET', '/admin/system');
      expect(info.nodes.find((n: { _id: string }) => n._id === worker.id)).toMatchObject({ role: 'worker', version: '9.9.9', commit: 'abc123', lastSeenAt: t.ctx.clock.now().toISOString() });
    } finally {
      t.ctx.clock.now = () => new Date();
    }
    await worker.stop();
    expect(await t.ctx.db.select().from(systemNodes).where(eq(systemNodes.id, worker.id))).toEqual([]);
  });
});

describe('queues and failed jobs', () => {
  it('a waiting job shows in its queue\'s backlog with its age on the injected clock', async () => {
    await t.ctx.queue.pause(AUTH_MAIL_JOB);
    try {
      await t.ctx.auth.enqueueMail({ kind: 'register-attempt', email: `nobody-waiting${BOUNCE}` });
      const base = Date.now();
      t.ctx.clock.now = () => new Date(base + 90_000);
      const { queues } = await ok('GET', '/admin/system/queues');
      const q = queues.find((x: { name: string }) => x.name === AUTH_MAIL_JOB);
      expect(q).toMatchObject({ backlog: 1, active: 0 });
      expect(q.oldestAgeSeconds).toBeGreaterThanOrEqual(89);
      expect(queues.map((x: { name: string }) => x.name)).toContain(BACKUP_JOB);
    } finally {
      t.ctx.clock.now = () => new Date();
      await t.ctx.queue.resume(AUTH_MAIL_JOB);
    }
    await t.ctx.queue.drain();
  });

  it('a job that failed for good is listed without secrets; Retry runs it again (audited); it succeeds once the cause is gone', async () => {
    const id = await failingMailJob('retry-me');
    const { data } = await ok('GET', `/admin/system/jobs/failed?queue=${AUTH_MAIL_JOB}&limit=100`);
    const job = data.find((j: { _id: string }) => j._id === id);
    expect(job).toMatchObject({ queue: AUTH_MAIL_JOB, attempts: 6, summary: { kind: 'register-attempt', email: '[hidden]' } });
    expect(job.error).toMatch(/550|Mailbox unavailable/);
    expect(JSON.stringify(job)).not.toContain(BOUNCE);
    expect((await ok('GET', '/admin/system/queues')).queues.find((x: { name: string }) => x.name === AUTH_MAIL_JOB).failed).toBeGreaterThanOrEqual(1);

    refusing = false;
    try {
      const retried = await ok('POST', `/admin/system/queues/${AUTH_MAIL_JOB}/jobs/${id}/retry`);
      expect(retried._id).toBe(id);
      await t.ctx.queue.drain();
      expect(delivered).toContain(`retry-me${BOUNCE}`);
    } finally {
      refusing = true;
    }
    expect((await t.ctx.queue.job(AUTH_MAIL_JOB, id))?.state).toBe('completed');
    const entry = await audited('system.job-retry', id);
    expect(entry.targetType).toBe('job');
    expect(JSON.stringify(entry.before)).not.toContain(BOUNCE);
    // No longer failed: 404.
    expect((await req(admin, 'POST', `/admin/system/queues/${AUTH_MAIL_JOB}/jobs/${id}/retry`)).statusCode).toBe(404);
  });

  it('Discard deletes a failed job for good (audited); unknown ids and other queues answer 404', async () => {
    const id = await failingMailJob('discard-me');
    expect((await req(admin, 'DELETE', `/admin/system/queues/${BACKUP_JOB}/jobs/${id}`)).statusCode).toBe(404);
    expect((await req(admin, 'DELETE', `/admin/system/queues/unknown.queue/jobs/${id}`)).statusCode).toBe(404);
    await ok('DELETE', `/admin/system/queues/${AUTH_MAIL_JOB}/jobs/${id}`);
    expect(await t.ctx.queue.job(AUTH_MAIL_JOB, id)).toBeNull();
    await audited('system.job-discard', id);
    expect((await req(admin, 'DELETE', `/admin/system/queues/${AUTH_MAIL_JOB}/jobs/${id}`)).statusCode).toBe(404);
  });
});

describe('mail failures', () => {
  it('a mail the server refused is recorded once with its attempts; Retry sends it (audited) and closes it', async () => {
    await failingMailJob('mail-retry');
    const open = await ok('GET', '/admin/system/mail-failures?limit=100');
    const row = open.data.find((m: { to: string }) => m.to === `mail-retry${BOUNCE}`);
    expect(row).toMatchObject({ status: 'failed', attempts: 6, resolvedAt: null });
    expect(row.error).toMatch(/550/);
    expect(row.subject.length).toBeGreaterThan(0);

    refusing = false;
    try {
      const sent = await ok('POST', `/admin/system/mail-failures/${row._id}/retry`);
      expect(sent).toMatchObject({ _id: row._id, status: 'sent' });
      expect(delivered).toContain(`mail-retry${BOUNCE}`);
    } finally {
      refusing = true;
    }
    expect((await audited('system.mail-retry', row._id)).after).toMatchObject({ outcome: 'sent', status: 'sent' });
    expect((await req(admin, 'POST', `/admin/system/mail-failures/${row._id}/retry`)).statusCode).toBe(409);
    expect((await ok('GET', '/admin/system/mail-failures?status=sent&limit=100')).data.map((m: { _id: string }) => m._id)).toContain(row._id);
    expect((await ok('GET', '/admin/system/mail-failures?limit=100')).data.map((m: { _id: string }) => m._id)).not.toContain(row._id);
  });

  it('a Retry that fails again keeps it failed with one more attempt; Discard gives up on it (audited); unknown → 404', async () => {
    await failingMailJob('mail-discard');
    const row = (await ok('GET', '/admin/system/mail-failures?limit=100')).data.find((m: { to: string }) => m.to === `mail-discard${BOUNCE}`);
    const again = await ok('POST', `/admin/system/mail-failures/${row._id}/retry`);
    expect(again).toMatchObject({ status: 'failed', attempts: row.attempts + 1 });
    expect((await audited('system.mail-retry', row._id)).after).toMatchObject({ status: 'failed' });
    expect(await ok('DELETE', `/admin/system/mail-failures/${row._id}`)).toMatchObject({ status: 'discarded' });
    await audited('system.mail-discard', row._id);
    expect((await req(admin, 'DELETE', `/admin/system/mail-failures/${row._id}`)).statusCode).toBe(409);
    expect((await req(admin, 'DELETE', `/admin/system/mail-failures/${SAMPLE_ID}`)).statusCode).toBe(404);
    expect((await req(admin, 'POST', `/admin/system/mail-failures/${SAMPLE_ID}/retry`)).statusCode).toBe(404);
  });
});

describe('storage use', () => {
  it('counts stored files by kind and status, and the free space of DATA_DIR', async () => {
    const before = await ok('GET', '/admin/system/storage');
    const png = await import('sharp').then((s) => s.default({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer());
    const body = multipart({}, [{ field: 'avatar', filename: 'me.png', content: png, type: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: '/users/avatar/upload', headers: { ...fan.auth, ...body.headers }, payload: body.payload });
    expect(up.statusCode, up.body).toBe(200);
    const after = await ok('GET', '/admin/system/storage');
    expect(after.totals.count).toBe(before.totals.count + 1);
    expect(after.totals.bytes).toBeGreaterThan(before.totals.bytes);
    expect(after.totals.count).toBe(after.files.reduce((n: number, f: { count: number }) => n + f.count, 0));
    expect(after.backend).toMatchObject({ driver: 'local', path: path.resolve(t.config.DATA_DIR, 'files') });
    expect(after.backend.freeBytes).toBeGreaterThan(0);
    expect(after.backend.totalBytes).toBeGreaterThanOrEqual(after.backend.freeBytes);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('backups (embedded database)', () => {
  const backupsDir = () => path.join(t.config.DATA_DIR, 'backups');

  it('a backup that cannot be written fails for real; Retry after the cause is fixed writes it; it is listed and downloaded (audited)', async () => {
    // DATA_DIR/backups is a file: the folder cannot be made.
    await fs.writeFile(backupsDir(), 'not a folder');
    const run = await ok('POST', '/admin/system/backups');
    await audited('backup.run', run._id);
    await t.ctx.queue.drain();
    const failed = await ok('GET', '/admin/system/backups');
    expect(failed).toMatchObject({ supported: true, guidance: null, backups: [] });
    expect(failed.runs[0]).toMatchObject({ _id: run._id, state: 'failed' });
    expect(failed.runs[0].error).toMatch(/EEXIST|ENOTDIR|exists|not a directory/);

    await fs.rm(backupsDir());
    await ok('POST', `/admin/system/queues/${BACKUP_JOB}/jobs/${run._id}/retry`);
    await t.ctx.queue.drain();
    const listed = await ok('GET', '/admin/system/backups');
    expect(listed.runs.map((x: { _id: string }) => x._id)).not.toContain(run._id);
    expect(listed.backups).toHaveLength(1);
    const b = listed.backups[0];
    expect(b.name).toMatch(/^stagepass-backup-.*\.tar\.gz$/);
    expect(b.bytes).toBeGreaterThan(1000);

    const res = await req(admin, 'GET', `/admin/system/backups/${b.name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toContain(b.name);
    expect(res.rawPayload.length).toBe(b.bytes);
    const file = path.join(os.tmpdir(), `system-test-${process.pid}.tar.gz`);
    await fs.writeFile(file, res.rawPayload);
    const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' });
    await fs.rm(file);
    expect(entries).toContain('./manifest.json');
    expect(entries).toContain('./db.tar');
    await audited('backup.download', b.name);
    expect((await req(admin, 'GET', '/admin/system/backups/stagepass-backup-2020-01-01T00-00-00-000Z.tar.gz')).statusCode).toBe(404);
  }, 120_000);

  it('one backup at a time: a second run while one waits is a 409', async () => {
    await t.ctx.queue.pause(BACKUP_JOB);
    try {
      await ok('POST', '/admin/system/backups');
      expect((await req(admin, 'POST', '/admin/system/backups')).statusCode).toBe(409);
      const waiting = await ok('GET', '/admin/system/backups');
      expect(waiting.runs[0]).toMatchObject({ state: 'created', error: null });
    } finally {
      await t.ctx.queue.resume(BACKUP_JOB);
    }
    await t.ctx.queue.drain({ timeoutMs: 120_000 });
    expect((await ok('GET', '/admin/system/backups')).backups).toHaveLength(2);
  }, 150_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))('backups on PostgreSQL', () => {
  it('are not supported: the list says so with the pg_dump guidance, and a run is a 422', async () => {
    const b = await ok('GET', '/admin/system/backups');
    expect(b).toMatchObject({ supported: false, backups: [] });
    expect(b.guidance).toMatch(/pg_dump/);
    const res = await req(admin, 'POST', '/admin/system/backups');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/pg_dump/);
  });
});
