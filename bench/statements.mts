/**
 * bench/statements — a creator's yearly earnings statement (issue 29 §4).
 *
 *   npm run bench:statements   BENCH_ENTRIES (default 100,000) ledger entries on the creator's
 *                              earnings account in the year, BENCH_RUNS (default 5) timed downloads
 *                              of each file; PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                              postgres://postgres@127.0.0.1:5432/test: a database
 *                              `stagepass_bench_stmt` is created next to it and dropped after), then
 *                              the embedded database (PGlite) in a throwaway DATA_DIR.
 *
 * The data is written straight to the database as the ledger writes it: one creator, last year's
 * BENCH_ENTRIES movements of their earnings account (card sales of tips and subscriptions — each
 * with its earnings row and 20% commission —, refunds to the card every 97th, a payout every 50th),
 * plus 1,000 sales the year before (the opening balance). The API runs as its own process (as
 * `npm start` runs it); the creator downloads GET /earnings/statements/<year>.pdf and .csv over
 * loopback, the whole body read, after one warm-up each; the CSV is checked to list every movement
 * and to end at the account's balance. Target: each file in < 2 s (the slowest run counts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { hashToken } from '../apps/api/src/platform/auth';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { fmt, percentile, type BenchRow } from './lib/report.mts';
import { reportOnBothDatabases } from './lib/both-databases.mts';

const ENTRIES = Math.min(Number(process.env.BENCH_ENTRIES ?? 100_000), 2_000_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 5), 50);
const YEAR = new Date().getUTCFullYear() - 1;
const TARGET_MS = 2000;
const log = (m: string) => console.log(`[statements] ${m}`);

/** The statements that write the data (the same on PostgreSQL and PGlite); ids and the token's hash inlined. */
function seedSql(creatorId: string, fanId: string, tokenHash: string): string[] {
  const ids = { earnings: crypto.randomUUID(), gateway: crypto.randomUUID(), commission: crypto.randomUUID(), payouts: crypto.randomUUID() };
  const secs = (365 * 86_400) / (ENTRIES + 1);
  return [
    `INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ('${creatorId}', 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true),
       ('${fanId}', 'benchfan', 'fan@bench.test', 'Bench Fan', false, '["user"]', true)`,
    `INSERT INTO performer_profiles (user_id, bio) VALUES ('${creatorId}', 'Bench creator')`,
    `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ('${crypto.randomUUID()}', '${creatorId}', '${tokenHash}', now() + interval '1 day')`,
    `INSERT INTO ledger_accounts (id, kind, owner_id, balance) VALUES ('${ids.earnings}', 'earnings', '${creatorId}', 0), ('${ids.gateway}', 'gateway', NULL, 0),
       ('${ids.commission}', 'commission', NULL, 0), ('${ids.payouts}', 'payouts', NULL, 0)`,
    // i ≤ 1000: the year before (opening balance); then ENTRIES movements spread over the year.
    `CREATE TABLE bench_mv AS
       SELECT i, gen_random_uuid() AS tx, gross, floor((gross * 2000 + 5000) / 10000)::bigint AS c,
              CASE WHEN i > 1000 AND i % 50 = 0 THEN 'payout' WHEN i > 1000 AND i % 97 = 0 THEN 'card_refund' WHEN i % 3 = 0 THEN 'subscription' ELSE 'tip' END AS kind,
              CASE WHEN i <= 1000 THEN timestamptz '${YEAR - 1}-12-01 00:00:00+00' + make_interval(mins => i)
                   ELSE timestamptz '${YEAR}-01-01 00:00:00+00' + make_interval(secs => (i - 1000) * ${secs}) END AS at
       FROM (SELECT i, (500 + (i * 37) % 4500)::bigint AS gross FROM generate_series(1, ${ENTRIES + 1000}) i) s`,
    `INSERT INTO ledger_transactions (id, type, reference, description, amount, user_id, performer_id, item_type, created_at)
       SELECT tx, kind, kind || ':bench-' || i, 'Bench ' || kind || ' ' || i, CASE WHEN kind = 'payout' THEN 5000 ELSE gross END,
              CASE WHEN kind = 'payout' THEN NULL ELSE '${fanId}'::uuid END, '${creatorId}',
              CASE kind WHEN 'payout' THEN NULL WHEN 'subscription' THEN 'subscription' ELSE 'tip' END, at
       FROM bench_mv`,
    `INSERT INTO ledger_entries (id, transaction_id, account_id, amount, created_at)
       SELECT gen_random_uuid(), m.tx, v.acc, v.amt, m.at FROM bench_mv m CROSS JOIN LATERAL (VALUES
         ('${ids.gateway}'::uuid, CASE m.kind WHEN 'payout' THEN NULL WHEN 'card_refund' THEN m.gross ELSE -m.gross END),
         ('${ids.earnings}'::uuid, CASE m.kind WHEN 'payout' THEN -5000 WHEN 'card_refund' THEN -(m.gross - m.c) ELSE m.gross - m.c END),
         ('${ids.commission}'::uuid, CASE m.kind WHEN 'payout' THEN NULL WHEN 'card_refund' THEN -m.c ELSE m.c END),
         ('${ids.payouts}'::uuid, CASE m.kind WHEN 'payout' THEN 5000 ELSE NULL END)
       ) AS v(acc, amt) WHERE v.amt IS NOT NULL`,
    `INSERT INTO earnings (id, performer_id, user_id, type, channel, source, gross, commission, net, commission_bps, description, ledger_transaction_id, created_at)
       SELECT gen_random_uuid(), '${creatorId}', '${fanId}', CASE kind WHEN 'subscription' THEN 'subscription' ELSE 'tip' END, CASE kind WHEN 'subscription' THEN 'subscription' ELSE 'tip' END,
              CASE WHEN kind = 'card_refund' THEN 'card_refund:' ELSE 'payment:' END || 'bench-' || i,
              CASE WHEN kind = 'card_refund' THEN -gross ELSE gross END, CASE WHEN kind = 'card_refund' THEN -c ELSE c END,
              CASE WHEN kind = 'card_refund' THEN -(gross - c) ELSE gross - c END, 2000, 'Bench ' || kind, tx, at
       FROM bench_mv WHERE kind <> 'payout'`,
    `UPDATE ledger_accounts SET balance = (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account_id = '${ids.earnings}') WHERE id = '${ids.earnings}'`,
    'DROP TABLE bench_mv',
    'ANALYZE',
  ];
}

interface Timed { ms: number[]; bytes: number; body: Buffer }

async function download(url: string, token: string): Promise<{ ms: number; body: Buffer }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  return { ms, body };
}

async function timeFiles(apiUrl: string, token: string): Promise<{ pdf: Timed; csv: Timed; json: number[] }> {
  const out: { pdf: Timed; csv: Timed; json: number[] } = { pdf: { ms: [], bytes: 0, body: Buffer.alloc(0) }, csv: { ms: [], bytes: 0, body: Buffer.alloc(0) }, json: [] };
  for (const f of ['pdf', 'csv'] as const) {
    await download(`${apiUrl}/earnings/statements/${YEAR}.${f}`, token); // warm-up
    for (let r = 0; r < RUNS; r++) {
      const { ms, body } = await download(`${apiUrl}/earnings/statements/${YEAR}.${f}`, token);
      out[f].ms.push(ms);
      out[f].bytes = body.length;
      out[f].body = body;
    }
  }
  for (let r = 0; r < RUNS; r++) out.json.push((await download(`${apiUrl}/earnings/statements?period=${YEAR}`, token)).ms);
  return out;
}

/** The CSV lists every movement of the year and its running balance ends at the closing balance. */
function check(csv: Buffer, pdf: Buffer, closing: number) {
  const lines = csv.toString('utf8').trim().split('\n');
  const movements = lines.filter((l) => l.startsWith('movement,'));
  if (movements.length !== ENTRIES) throw new Error(`the CSV lists ${movements.length} movements, not ${ENTRIES}`);
  const last = movements.at(-1)!.split(',').at(-1);
  if (Number(last) !== closing / 100) throw new Error(`the CSV ends at ${last}, the closing balance is ${closing / 100}`);
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the PDF is not a PDF');
}

const rowsOf = (where: string, r: Awaited<ReturnType<typeof timeFiles>>): BenchRow[] => {
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  const row = (f: 'pdf' | 'csv'): BenchRow => {
    const s = sorted(r[f].ms);
    return {
      suite: 'statements',
      figure: `${where}: yearly statement .${f}, ${fmt(ENTRIES)} ledger entries (${fmt(r[f].bytes / 1024)} kB; p50 of ${RUNS} ${fmt(percentile(s, 50))} ms)`,
      value: `${fmt(s.at(-1)!)} ms (slowest)`,
      target: '< 2 s',
      met: s.at(-1)! < TARGET_MS,
    };
  };
  const j = sorted(r.json);
  return [row('pdf'), row('csv'), { suite: 'statements', figure: `${where}: the statement's summary (JSON), same creator, p50 of ${RUNS}`, value: `${fmt(percentile(j, 50))} ms`, target: 'reported', met: null }];
};

async function onPostgres(): Promise<BenchRow[]> {
  return withBenchDatabase('stagepass_bench_stmt', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await runMigrations(database);
    await database.close();
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const t0 = Date.now();
    try {
      for (const q of seedSql(creatorId, crypto.randomUUID(), hashToken(token))) await c.query(q);
    } finally {
      await c.end();
    }
    log(`PostgreSQL: seeded ${fmt(ENTRIES)} movements in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    const closing = await balanceOf(url, creatorId);
    const api = await startApi({ env: { DATABASE_URL: url } });
    try {
      const r = await timeFiles(api.url, token);
      check(r.csv.body, r.pdf.body, closing);
      return rowsOf('PostgreSQL', r);
    } finally {
      await api.stop();
    }
  });
}

async function balanceOf(url: string, creatorId: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query(`SELECT balance FROM ledger_accounts WHERE kind = 'earnings' AND owner_id = $1`, [creatorId])).rows[0].balance);
  } finally {
    await c.end();
  }
}

async function onPglite(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-stmt-'));
  try {
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const database = await openDatabase({ dataDir });
    let closing = 0;
    try {
      await runMigrations(database);
      const t0 = Date.now();
      for (const q of seedSql(creatorId, crypto.randomUUID(), hashToken(token))) await database.db.execute(sql.raw(q));
      log(`PGlite: seeded ${fmt(ENTRIES)} movements in ${fmt((Date.now() - t0) / 1000, 1)} s`);
      const { rows } = await database.db.execute<{ balance: string }>(sql.raw(`SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'earnings' AND owner_id = '${creatorId}'`));
      closing = Number(rows[0]!.balance);
    } finally {
      await database.close();
    }
    const api = await startApi({ dataDir });
    try {
      const r = await timeFiles(api.url, token);
      check(r.csv.body, r.pdf.body, closing);
      return rowsOf('PGlite (embedded)', r);
    } finally {
      await api.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await reportOnBothDatabases('statements', { figure: 'PostgreSQL: yearly statement', target: '< 2 s' }, onPostgres, onPglite);
