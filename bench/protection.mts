/**
 * bench/protection — per-viewer image marks and the leak tracer (issue 32, "Figures").
 *
 *   npm run bench:protection    BENCH_VIEWERS (default 60) viewers for the uncached figure,
 *                               BENCH_REQUESTS (default 300) requests for the cached and unmarked
 *                               figures, BENCH_LEAKS (default 100) transformed leaks for accuracy.
 *
 * In one process: the API app (Fastify, every route and service as `npm start` builds them) on an
 * in-memory PGlite database, requests through `app.inject` (no sockets: the figures are the
 * server's work). One creator's private 2,000 × 1,333 photo (WebP rendition, photo-like texture).
 *  - Unmarked path: GET of the plain signed URL (`/files/private/…`: signature check, storage read)
 *    — what owners and operators get, and what every viewer got before marks.
 *  - Marked, uncached: the first GET of each viewer's signed marked URL (decode, forensic embed,
 *    SVG overlay, JPEG encode, cache write; the viewer's code made too).
 *  - Marked, from cache: the same URLs again (signature, settings, cache read).
 *  - Tracer accuracy: BENCH_LEAKS leaks, each the marked copy of a different viewer (round robin
 *    over 20) put through one of: JPEG quality 70, resize to 50 % (JPEG 85), a 10 % crop (5 % off
 *    each side, JPEG 85), a screenshot-like PNG at 80 %, and 50 % + JPEG 70 together — then traced
 *    by the operator's tracer (hash lookup, alignment, decoding). Plus 10 unmarked copies and 10
 *    pictures that are not on the site: none may name anyone.
 * Targets (issue 32): p99 < 30 ms from cache, < 150 ms uncached; ≥ 95 % identified, 0 wrong.
 *
 * Videos (bench/protection-video.mts): the storage cost of the A/B variants and the video tracer's
 * accuracy over re-encoded clips. BENCH_PARTS=images|video runs one part (default: both).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildAppWithRoot } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/modules/users/users.tables';
import { files } from '../apps/api/src/modules/media/media.tables';
import { uuidv7 } from '../apps/api/src/db/columns';
import { photoLike } from '../apps/api/src/modules/protection/protection.pictures';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';
import { videoBench } from './protection-video.mts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 60);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const LEAKS = Number(process.env.BENCH_LEAKS ?? 100);
const log = (m: string) => console.log(`[protection] ${m}`);
const PARTS = (process.env.BENCH_PARTS ?? 'images,video').split(',');

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-bench-protection-'));
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: undefined, SMTP_URL: undefined }, { DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-0', WORKERS: 0 });
  const { app, root } = await buildAppWithRoot({ config, database, logger: false });
  await app.ready();
  try {
    const db = root.db;
    const [creator] = await db.insert(users).values({ username: 'benchcreator', email: 'c@bench.test', name: 'Bench Creator', isPerformer: true, roles: ['user', 'performer'] }).returning();
    const [admin] = await db.insert(users).values({ username: 'benchadmin', email: 'a@bench.test', name: 'Bench Admin', roles: ['user', 'admin'], twoFactorEnabled: true }).returning();
    const viewers = await db
      .insert(users)
      .values(Array.from({ length: Math.max(VIEWERS, 20) }, (_, i) => ({ username: `benchfan${i}`, email: `f${i}@bench.test`, name: `Fan ${i}` })))
      .returning();

    const rows: BenchRow[] = [];
    if (PARTS.includes('images')) rows.push(...(await imageBench()));
    if (PARTS.includes('video')) rows.push(...(await videoBench(root, config, creator!, admin!, viewers, dataDir)));
    report('protection', rows);

    async function imageBench(): Promise<BenchRow[]> {
    // The photo: a 2,000 px WebP rendition (the pipeline's `large`), 960 and 320 px beside it.
    const id = uuidv7();
    const base = `private/feed-photo/${id}`;
    const original = await photoLike(11, 2000, 1333);
    const variants: Record<string, string> = {};
    for (const [name, w] of [['thumb', 320], ['medium', 960], ['large', 2000]] as const) {
      variants[name] = `${base}/${name}.webp`;
      await root.storage.put(variants[name]!, await sharp(original).resize(w).webp({ quality: 82 }).toBuffer(), 'image/webp');
    }
    const [file] = await db
      .insert(files)
      .values({ id, ownerId: creator!.id, kind: 'feed-photo', visibility: 'private', mediaType: 'image', status: 'ready', originalName: 'bench.png', mimeType: 'image/webp', size: original.length, storageKey: variants.large!, variants, width: 2000, height: 1333, meta: { thumbnails: ['thumb', 'medium'] } })
      .returning();
    const cleanLarge = (await sharp(await (await import('node:stream/consumers')).buffer(await root.storage.get(variants.large!))).toBuffer());

    const time = async (url: string, expect: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: url.replace(config.PUBLIC_API_URL, '') });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      if (expect && res.headers['x-mark-cache'] !== expect) throw new Error(`expected cache ${expect}, got ${String(res.headers['x-mark-cache'])}`);
      return ms;
    };
    const stats = (ms: number[]) => {
      const s = [...ms].sort((a, b) => a - b);
      return { p50: percentile(s, 50), p99: percentile(s, 99), rps: (ms.length / ms.reduce((a, b) => a + b, 0)) * 1000 };
    };

    // Warm-up (JIT, sharp's first use), not counted.
    for (let i = 0; i < 5; i++) await time(root.media.signedUrl(variants.large!, 3600), '');
    const plain: number[] = [];
    for (let i = 0; i < REQUESTS; i++) plain.push(await time(root.media.signedUrl(variants.large!, 3600), ''));
    const urls = viewers.slice(0, VIEWERS).map((v) => root.media.markedUrl(id, 'large', v.id, 3600));
    const uncached: number[] = [];
    for (const u of urls) uncached.push(await time(u, 'miss'));
    const cached: number[] = [];
    for (let i = 0; i < REQUESTS; i++) cached.push(await time(urls[i % urls.length]!, 'hit'));
    const [p, u, c] = [stats(plain), stats(uncached), stats(cached)];
    log(`unmarked p50 ${fmt(p.p50, 1)} ms p99 ${fmt(p.p99, 1)} ms; marked uncached p50 ${fmt(u.p50, 1)} p99 ${fmt(u.p99, 1)}; cached p50 ${fmt(c.p50, 1)} p99 ${fmt(c.p99, 1)}`);

    // Tracer accuracy.
    await root.protection.indexFile(file!);
    const transforms: Array<[string, (b: Buffer) => Promise<Buffer>]> = [
      ['JPEG q70', (b) => sharp(b).jpeg({ quality: 70 }).toBuffer()],
      ['resize 50 %', (b) => sharp(b).resize(1000).jpeg({ quality: 85 }).toBuffer()],
      ['10 % crop', (b) => sharp(b).extract({ left: 100, top: 67, width: 1800, height: 1199 }).jpeg({ quality: 85 }).toBuffer()],
      ['PNG re-render 80 %', (b) => sharp(b).resize(1600).png().toBuffer()],
      ['50 % + JPEG q70', (b) => sharp(b).resize(1000).jpeg({ quality: 70 }).toBuffer()],
    ];
    const audit = { actorId: admin!.id, ip: null, userAgent: 'bench' };
    const tmp = path.join(dataDir, 'leak');
    const perKind = new Map<string, { right: number; wrong: number; none: number }>();
    let right = 0, wrong = 0, none = 0;
    const traceMs: number[] = [];
    for (let i = 0; i < LEAKS; i++) {
      const viewer = viewers[i % 20]!;
      const [name, fn] = transforms[i % transforms.length]!;
      const served = await app.inject({ method: 'GET', url: root.media.markedUrl(id, 'large', viewer.id, 3600).replace(config.PUBLIC_API_URL, '') });
      await fs.writeFile(tmp, await fn(served.rawPayload));
      const t0 = performance.now();
      const r = await root.tracer.traceFile(admin!, audit, tmp);
      traceMs.push(performance.now() - t0);
      const k = perKind.get(name) ?? { right: 0, wrong: 0, none: 0 };
      if (r.viewer?._id === viewer.id) { right++; k.right++; } else if (r.viewer) { wrong++; k.wrong++; } else { none++; k.none++; }
      perKind.set(name, k);
    }
    let falseIds = 0;
    for (let i = 0; i < 20; i++) {
      const pic = i < 10 ? await sharp(cleanLarge).resize(1000 + i * 50).jpeg({ quality: 80 }).toBuffer() : await sharp(await photoLike(100 + i, 1200, 800)).jpeg({ quality: 80 }).toBuffer();
      await fs.writeFile(tmp, pic);
      const r = await root.tracer.traceFile(admin!, audit, tmp);
      if (r.viewer) falseIds++;
    }
    for (const [name, k] of perKind) log(`${name}: ${k.right} right, ${k.wrong} wrong, ${k.none} not identified`);
    const t = stats(traceMs);
    log(`tracer: ${right}/${LEAKS} right, ${wrong} wrong, ${none} not identified; controls: ${falseIds}/20 named someone; trace p50 ${fmt(t.p50)} ms p99 ${fmt(t.p99)} ms`);

    return [
      { suite: 'protection', figure: 'image GET, per-viewer mark, from cache, p99 (2,000 px)', value: `${fmt(c.p99, 1)} ms (p50 ${fmt(c.p50, 1)}, ${fmt(c.rps)} req/s)`, floor: `unmarked p99 ${fmt(p.p99, 1)} ms (${fmt(p.rps)} req/s)`, target: '< 30 ms', met: c.p99 < 30 },
      { suite: 'protection', figure: 'image GET, per-viewer mark, uncached, p99 (2,000 px)', value: `${fmt(u.p99, 1)} ms (p50 ${fmt(u.p50, 1)}, ${fmt(u.rps, 1)} req/s)`, floor: `unmarked p99 ${fmt(p.p99, 1)} ms`, target: '< 150 ms', met: u.p99 < 150 },
      { suite: 'protection', figure: `tracer: right viewer over ${LEAKS} transformed leaks`, value: `${fmt((right / LEAKS) * 100, 1)} % (${wrong} wrong, ${none} unnamed)`, target: '≥ 95 %, 0 wrong', met: right / LEAKS >= 0.95 && wrong === 0 },
      { suite: 'protection', figure: 'tracer: unmarked copies and foreign pictures naming someone', value: `${falseIds} of 20`, target: '0', met: falseIds === 0 },
      { suite: 'protection', figure: 'tracer: time per trace, p99', value: `${fmt(t.p99)} ms (p50 ${fmt(t.p50)})`, target: 'reported', met: null },
    ];
    }
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
