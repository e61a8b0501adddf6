/**
 * One camera → WebRTC viewers on two Janus servers + simulated HLS viewers, all through the API
 * (issue 27 §3, "Figures"). bench/README.md's live section explains the method; in short:
 *
 * - Two Janus instances started by the project's scripts (scripts/lib/janus.mjs,
 *   startJanusInstances), the API as its own process on the bench's PostgreSQL database with both
 *   in JANUS_URL, the operator's `liveWebrtcViewersPerServer` set through the admin route (the
 *   settings CLI) to half the WebRTC audience.
 * - Luna (demo data) goes live, public, for followers; a werift camera process publishes real VP8
 *   (ffmpeg's test pattern) through the API's relay (bench/lib/live-camera.mts: it keeps the send
 *   wall time of every frame).
 * - BENCH_LIVE_SCALE_WEBRTC accounts (written straight to the database: users, sessions, follows)
 *   join → watch → answer → start, in werift viewer processes (bench/lib/live-viewers.mts, one per
 *   50); the origin's server fills to its limit, then the API spreads the rest to an edge room on
 *   the other server. Where each landed: the API's own record (stream_viewers.media_server).
 * - BENCH_LIVE_SCALE_HLS more accounts join once both servers are full — join must answer `hls` —
 *   and play like players (bench/lib/live-hls-viewers.mts) in BENCH_LIVE_SCALE_HLS_PROCS processes.
 * - A window of BENCH_LIVE_SCALE_SECONDS with everything on: packets per WebRTC viewer, segments
 *   per HLS viewer, request rates and times, CPU (/proc/<pid>/stat) and RSS of both Janus, the
 *   API, the packager's ffmpeg; glass-to-glass latency of both paths.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import pg from 'pg';
import { freeJanusPorts, janusEnv, startJanusInstances } from '../../scripts/lib/janus.mjs';
import type { Jsep } from '../../apps/api/src/platform/live/provider';
import { hashToken } from '../../apps/api/src/platform/auth';
import { ROOT, processTree, startApi } from './api-process.mts';
import { postgresReachable, withBenchDatabase } from './bench-db.mts';
import { spawnCamera } from './live-camera.mts';
import { firstVideoPts, forkHlsViewers, type HlsReport, type HlsViewerProcess } from './live-hls-viewers.mts';
import { forkViewers, type ViewerProcess } from './live-viewers.mts';
import { fmt, mb, percentile, rssOf, type BenchRow } from './report.mts';

const env = (name: string, def: number, max: number) => Math.max(0, Math.min(Number(process.env[name] ?? def), max));
const WEBRTC = env('BENCH_LIVE_SCALE_WEBRTC', 200, 1000);
const HLS = env('BENCH_LIVE_SCALE_HLS', 1000, 10_000);
/** The operator's liveWebrtcViewersPerServer: half the WebRTC audience, so it fills both servers. */
const PER_SERVER = Math.max(1, env('BENCH_LIVE_SCALE_PER_SERVER', Math.ceil(WEBRTC / 2), 5000));
const SECONDS = Math.max(5, env('BENCH_LIVE_SCALE_SECONDS', 30, 600));
const FPS = 30;
/** The camera's VP8 bitrate (ffmpeg's test pattern, 320×240, libvpx in real time). */
const KBPS = Math.max(100, env('BENCH_LIVE_SCALE_KBPS', 1000, 8000));
const WEBRTC_PROCS = Math.max(1, Math.min(Number(process.env.BENCH_LIVE_PROCS ?? Math.ceil(WEBRTC / 50)), 16));
const HLS_PROCS = Math.max(1, env('BENCH_LIVE_SCALE_HLS_PROCS', 2, 16));
const DB = 'stagepass_bench_live_scale';
const PASSWORD = 'stagepass-demo';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wall = () => performance.timeOrigin + performance.now();
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** CPU seconds a process has used so far (utime + stime, /proc/<pid>/stat); 0 when it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const commOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Users with a session each, following `creatorId`, accepting what the demo fan accepted (the terms gate). */
async function seedAudience(url: string, creatorUsername: string, count: number): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [creatorUsername]);
    const creatorId = rows[0]!.id;
    const fans = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url'), i }));
    await c.query(
      `INSERT INTO users (id, username, email, name, roles, verified_email, legal_accepted)
       SELECT id, 'scalefan' || n, 'scalefan' || n || '@bench.test', 'Fan ' || n, '["user"]', true, (SELECT legal_accepted FROM users WHERE username = 'fan')
       FROM unnest($1::uuid[], $2::int[]) AS t(id, n)`,
      [fans.map((f) => f.id), fans.map((f) => f.i)],
    );
    await c.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at) SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`,
      [fans.map((f) => f.id), fans.map((f) => hashToken(f.token))],
    );
    await c.query(`INSERT INTO follows (follower_id, following_id) SELECT u, $2 FROM unnest($1::uuid[]) AS t(u)`, [fans.map((f) => f.id), creatorId]);
    await c.query('ANALYZE');
    return fans.map((f) => f.token);
  } finally {
    await c.end();
  }
}

export async function measureScale(log: (m: string) => void): Promise<BenchRow[]> {
  const title = `1 camera → ${WEBRTC} WebRTC viewers (2 Janus, ${PER_SERVER} per server) + ${HLS} HLS viewers, through the API`;
  if (!(await postgresReachable())) {
    log('scale: PostgreSQL is not reachable (BENCH_DATABASE_URL): skipped');
    return [{ suite: 'live', figure: title, value: 'skipped: no PostgreSQL (the bench writes the audience to the database)', target: 'reported', met: null }];
  }
  return withBenchDatabase(DB, (dbUrl) => run(dbUrl, title, log));
}

async function run(dbUrl: string, title: string, log: (m: string) => void): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-janus-scale-'));
  // Each instance: free ports, a media range with room for its viewers and the forwards.
  const janus = await startJanusInstances({
    dataDir,
    count: 2,
    logLevel: Number(process.env.BENCH_LIVE_JANUS_LOG ?? 1),
    log: (l: string, i: number) => log(`janus-${i + 1}: ${l}`),
    ports: async () => {
      const p = await freeJanusPorts();
      const first = Number(p.rtpPorts.split('-')[0]);
      return { ...p, rtpPorts: `${first}-${first + Math.max(199, PER_SERVER * 2 + 40)}` };
    },
  });
  const serverName = new Map(janus.map((j, i) => [j.url, `janus-${i + 1}`]));
  const webrtcProcs: ViewerProcess[] = [];
  const hlsProcs: HlsViewerProcess[] = [];
  let camera: Awaited<ReturnType<typeof spawnCamera>> | null = null;
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  let db: pg.Client | null = null;
  let heartbeats: NodeJS.Timeout | null = null;
  try {
    const t0 = Date.now();
    api = await startApi({ seedDemo: true, env: { DATABASE_URL: dbUrl, ...janusEnv(janus) } });
    log(`scale: API up on ${janus.length} Janus in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    const base = api.url;
    const call = async <T,>(method: string, p: string, token: string | null, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T; message?: string };
      if (!res.ok) throw Object.assign(new Error(`${method} ${p}: ${res.status} ${json.message ?? ''}`), { status: res.status });
      return json.data;
    };
    // The operator's setting, through the admin route (the settings CLI signs in as the demo operator).
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/settings.ts', 'set', 'liveWebrtcViewersPerServer', String(PER_SERVER)], {
      cwd: ROOT,
      env: { ...process.env, API_URL: base, NODE_ENV: 'development' },
    });
    const tokens = await seedAudience(dbUrl, 'luna', WEBRTC + HLS);
    const rtcTokens = tokens.slice(0, WEBRTC);
    const hlsTokens = tokens.slice(WEBRTC);
    const luna = (await call<{ token: string }>('POST', '/auth/login', null, { username: 'luna', password: PASSWORD })).token;
    const stream = await call<{ _id: string }>('POST', '/streaming/live', luna, { type: 'public', access: 'followers', title: 'Scale' });
    const streamId = stream._id;
    camera = await spawnCamera(
      async (offer: Jsep) => {
        const join = await call<{ credential: { token: string } }>('GET', `/streaming/join/${streamId}`, luna);
        return (await call<{ jsep: Jsep }>('POST', `/streaming/janus/${streamId}/publish`, luna, { token: join.credential.token, jsep: offer })).jsep;
      },
      { fps: FPS, kbps: KBPS },
    );
    for (let i = 0; ; i++) {
      if ((await call<{ publishing: boolean }>('GET', `/streaming/live/${streamId}`, luna)).publishing) break;
      if (i > 100) throw new Error('the camera never came on air');
      await sleep(100);
    }

    // WebRTC viewers: join → watch → werift answer → start, through the API; then a heartbeat every
    // 15 s as the web player sends (without it the presence — the server's load — lapses after 45 s).
    const tokenOfPeer = new Map<string, string>();
    const watching = new Set<string>();
    heartbeats = setInterval(() => {
      let i = 0;
      for (const token of watching) setTimeout(() => void call('PUT', '/streaming/set-duration', token, { streamId }).catch(() => {}), (i++ * 15_000) / Math.max(1, watching.size));
    }, 15_000);
    const signalling = {
      subscribe: async (userId: string) => {
        const token = rtcTokens[Number(userId.slice('fan-'.length))]!;
        const join = await call<{ credential: { token: string } | null; hls: unknown }>('GET', `/streaming/join/${streamId}`, token);
        if (!join.credential || join.hls) throw new Error('join sent a WebRTC viewer to HLS');
        const w = await call<{ peerId: string; jsep: Jsep }>('POST', `/streaming/janus/${streamId}/watch`, token, { token: join.credential.token });
        tokenOfPeer.set(w.peerId, token);
        return { peerId: w.peerId, offer: w.jsep };
      },
      start: async (peerId: string, answer: Jsep) => {
        await call('POST', `/streaming/janus/${streamId}/start`, tokenOfPeer.get(peerId)!, { peerId, jsep: answer });
        watching.add(tokenOfPeer.get(peerId)!);
      },
    };
    const tw = Date.now();
    for (let p = 0; p < WEBRTC_PROCS; p++) webrtcProcs.push(forkViewers(signalling));
    const per = Math.ceil(WEBRTC / WEBRTC_PROCS);
    const ups = await Promise.all(webrtcProcs.map((p, i) => p.create(i * per, Math.max(0, Math.min(per, WEBRTC - i * per)))));
    const rtcUp = ups.reduce((a, b) => a + b, 0);
    db = new pg.Client({ connectionString: dbUrl });
    db.on('error', () => {});
    await db.connect();
    const placement = async (c: pg.Client) => {
      const { rows } = await c.query<{ server: string | null; path: string; n: number }>(
        `SELECT media_server AS server, path, count(*)::int AS n FROM stream_viewers WHERE stream_id = $1 AND left_at IS NULL GROUP BY 1, 2 ORDER BY 1`,
        [streamId],
      );
      return rows;
    };
    const landed = (await placement(db)).filter((r) => r.path === 'webrtc');
    const landedText = janus.map((j) => `${serverName.get(j.url)} ${landed.find((r) => r.server === j.url)?.n ?? 0}`).join(' + ');
    log(`scale: ${rtcUp}/${WEBRTC} WebRTC viewers connected in ${fmt((Date.now() - tw) / 1000, 1)} s (${WEBRTC_PROCS} processes): ${landedText}`);

    // HLS: the packager starts with the first HLS viewer's join, ffmpeg at the key frame the relay
    // holds — the anchor of the HLS latency.
    let anchorFrame = -1;
    let hlsDefault = false;
    let pts0 = -1;
    let hlsUp = { hls: 0, notHls: 0, failed: 0, errors: [] as string[] };
    if (HLS > 0) {
      // The join answers once Janus forwards to the packager; its relay drops what comes before a key
      // frame and holds from the first one (then none for 10 s, longer than ffmpeg takes to start).
      let first = await call<{ hls: { playlistUrl: string } | null }>('GET', `/streaming/join/${streamId}`, hlsTokens[0]!);
      if (!first.hls) {
        // A server has WebRTC room left (viewers that did not connect, or concurrent watches that
        // overshot one server's limit): the operator's HLS default sends the rest to HLS anyway.
        log(`scale: the first HLS viewer was offered WebRTC (${landedText}): liveHlsDefault on`);
        hlsDefault = true;
        await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/settings.ts', 'set', 'liveHlsDefault', 'true'], { cwd: ROOT, env: { ...process.env, API_URL: base, NODE_ENV: 'development' } });
        first = await call<{ hls: { playlistUrl: string } | null }>('GET', `/streaming/join/${streamId}`, hlsTokens[0]!);
        if (!first.hls) throw new Error('the first HLS viewer was not sent to HLS');
      }
      anchorFrame = await camera.nextKey();
      let s0: string | null = null;
      let last = '';
      for (let i = 0; i < 60 && !s0; i++) {
        const r = await fetch(first.hls.playlistUrl);
        const text = await r.text();
        last = `${r.status} ${text.slice(0, 200)}`;
        if (r.ok) s0 = text.split('\n').find((l) => l && !l.startsWith('#')) ?? null;
        if (!s0) await sleep(500);
      }
      if (!s0) throw new Error(`the HLS playlist never had a segment: ${last}; ${JSON.stringify((await db.query('SELECT hls_status FROM streams WHERE id = $1', [streamId])).rows)}`);
      const bytes = new Uint8Array(await (await fetch(new URL(s0, first.hls.playlistUrl))).arrayBuffer());
      pts0 = firstVideoPts(bytes) ?? -1;
      log(`scale: HLS packager on, first segment ${s0.split('?')[0]} starts at frame ${anchorFrame} (PTS ${pts0})`);
      const th = Date.now();
      for (let p = 0; p < HLS_PROCS; p++) hlsProcs.push(forkHlsViewers());
      const perH = Math.ceil(HLS / HLS_PROCS);
      const joined = await Promise.all(hlsProcs.map((p, i) => p.start(base, streamId, hlsTokens.slice(i * perH, (i + 1) * perH))));
      hlsUp = joined.reduce((a, b) => ({ hls: a.hls + b.hls, notHls: a.notHls + b.notHls, failed: a.failed + b.failed, errors: [...a.errors, ...b.errors] }), hlsUp);
      log(`scale: ${HLS} HLS joins in ${fmt((Date.now() - th) / 1000, 1)} s: ${hlsUp.hls} hls, ${hlsUp.notHls} not hls, ${hlsUp.failed} failed ${hlsUp.errors.slice(0, 3).join('; ')}`);
      await sleep(5000); // every player through its start (three segments behind the edge) and a heartbeat
    }

    // The window.
    const ffmpegPid = () => processTree(api!.pid).find((p) => p !== api!.pid && commOf(p) === 'ffmpeg') ?? 0;
    const ffPid = ffmpegPid();
    const pids = { janus1: janus[0]!.pid, janus2: janus[1]!.pid, api: api.pid, ffmpeg: ffPid, camera: camera.pid };
    const cpu = (): Record<string, number> => ({
      ...Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSecondsOf(pid)])),
      webrtc: webrtcProcs.reduce((a, p) => a + cpuSecondsOf(p.pid), 0),
      hls: hlsProcs.reduce((a, p) => a + cpuSecondsOf(p.pid), 0),
    });
    const peak: Record<string, number> = {};
    const sample = () => {
      for (const [k, pid] of Object.entries(pids)) peak[k] = Math.max(peak[k] ?? 0, rssOf(pid));
      peak.webrtc = Math.max(peak.webrtc ?? 0, webrtcProcs.reduce((a, p) => a + rssOf(p.pid), 0));
      peak.hls = Math.max(peak.hls ?? 0, hlsProcs.reduce((a, p) => a + rssOf(p.pid), 0));
    };
    const counts = async () => (await Promise.all(webrtcProcs.map((p) => p.counts()))).flat();
    const load0 = os.loadavg();
    const before = await counts();
    const sent0 = await camera.sent();
    const cpu0 = cpu();
    for (const p of hlsProcs) p.window(true);
    const w0 = wall();
    sample();
    const sampler = setInterval(sample, 500);
    log(`scale: measuring for ${SECONDS} s (load average ${load0.map((x) => fmt(x, 2)).join(' ')})`);
    await sleep(SECONDS * 1000);
    for (const p of hlsProcs) p.window(false);
    const w1 = wall();
    const sent1 = await camera.sent();
    const after = await counts();
    const cpu1 = cpu();
    clearInterval(sampler);
    const load1 = os.loadavg();
    const secs = (w1 - w0) / 1000;
    const pct = (k: string) => ((cpu1[k]! - cpu0[k]!) / secs) * 100;
    await sleep(3000); // segments of the window still being downloaded

    // WebRTC: delivery and latency.
    const sent = sent1.packets - sent0.packets;
    const received = after.map((n, i) => n - before[i]!);
    const ratio = received.map((r) => Math.min(1, r / sent));
    // Each arrival of a frame's first packet (by picture ID, which comes back every 128 frames) is
    // the most recent frame of that ID sent before it.
    const sendTimes = await camera.times(sent0.frames, sent1.frames - 1);
    const idMod = 128;
    const framesOfId = new Map<number, number[]>();
    sendTimes.forEach((_, i) => {
      const id = (sent0.firstId + sent0.frames + i) % idMod;
      framesOfId.set(id, [...(framesOfId.get(id) ?? []), i]);
    });
    const rtcLat: number[] = [];
    let rtcMissing = 0;
    for (const p of webrtcProcs) {
      for (const viewer of await p.arrivals(w0)) {
        const got = new Set<number>();
        for (const [id, t] of viewer) {
          const cands = (framesOfId.get(id % idMod) ?? []).filter((i) => sendTimes[i]! >= 0 && sendTimes[i]! <= t);
          if (!cands.length) continue;
          const i = cands[cands.length - 1]!;
          if (got.has(i)) continue;
          got.add(i);
          rtcLat.push(t - sendTimes[i]!);
        }
        rtcMissing += sendTimes.length - got.size;
      }
    }
    const rtcL = sorted(rtcLat);

    // HLS: segments per viewer, latency, requests.
    const reports: HlsReport[] = await Promise.all(hlsProcs.map((p) => p.report()));
    const pts: Record<number, number> = Object.assign({}, ...reports.map((r) => r.pts));
    const viewers = reports.flatMap((r) => r.segments).filter((s) => s.length > 0);
    const firstSeen = new Map<number, number>();
    for (const v of viewers) for (const [seq, at] of v) firstSeen.set(seq, Math.min(firstSeen.get(seq) ?? Infinity, at));
    const published = [...firstSeen].filter(([, at]) => at >= w0 && at <= w1).map(([seq]) => seq);
    const windowSeqs = new Set(published);
    const segRatio = viewers.map((v) => new Set(v.map(([s]) => s).filter((s) => windowSeqs.has(s))).size / Math.max(1, windowSeqs.size));
    const hlsJoinedButSilent = hlsUp.hls - viewers.length;
    for (let i = 0; i < hlsJoinedButSilent; i++) segRatio.push(0);
    // The frame each segment starts with: the anchor + its PTS distance from the first segment's.
    const frameOfSeq = (seq: number) => (pts[seq] === undefined || pts0 < 0 ? null : anchorFrame + Math.round(((pts[seq]! - pts0) * FPS) / 90000));
    const frames = published.map(frameOfSeq).filter((f): f is number => f !== null);
    const hlsLat: number[] = [];
    if (frames.length) {
      const lo = Math.min(...frames);
      const times = await camera.times(lo, Math.max(...frames));
      for (const v of viewers) {
        for (const [seq, at] of v) {
          const f = windowSeqs.has(seq) ? frameOfSeq(seq) : null;
          if (f === null || times[f - lo]! < 0) continue;
          hlsLat.push(at - times[f - lo]!);
        }
      }
    }
    const hlsL = sorted(hlsLat);
    const all = <K extends 'playlistMs' | 'segmentMs' | 'joinMs' | 'heartbeatMs'>(k: K) => sorted(reports.flatMap((r) => r[k]));
    const [plMs, segMs, joinMs, hbMs] = [all('playlistMs'), all('segmentMs'), all('joinMs'), all('heartbeatMs')];
    const errors: Record<string, number> = {};
    for (const r of reports) for (const [k, n] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + n;
    const errText = Object.entries(errors).map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
    log(`scale: WebRTC ${fmt(sent)} packets sent; per viewer min ${fmt(Math.min(...received))}, median ${fmt(median(received))}; latency p50 ${fmt(percentile(rtcL, 50))} ms, p99 ${fmt(percentile(rtcL, 99))} ms (${rtcMissing} frames never arrived)`);
    log(`scale: HLS ${windowSeqs.size} segments published in the window; ${viewers.length} players; latency p50 ${fmt(percentile(hlsL, 50) / 1000, 2)} s p99 ${fmt(percentile(hlsL, 99) / 1000, 2)} s; errors ${errText}`);
    log(`scale: CPU % janus-1 ${fmt(pct('janus1'), 1)}, janus-2 ${fmt(pct('janus2'), 1)}, API ${fmt(pct('api'), 1)}, ffmpeg ${fmt(pct('ffmpeg'), 1)}, camera ${fmt(pct('camera'), 1)}, werift viewers ${fmt(pct('webrtc'), 1)}, HLS players ${fmt(pct('hls'), 1)}; load ${load1.map((x) => fmt(x, 2)).join(' ')}`);

    const placementAfter = (await placement(db)).map((r) => `${r.path === 'hls' ? 'hls' : (serverName.get(r.server ?? '') ?? r.server)} ${r.n}`).join(', ');
    const ms = (xs: number[], p: number) => `${fmt(percentile(xs, p))} ms`;
    const loadText = `load average ${fmt(load0[0]!, 1)} → ${fmt(load1[0]!, 1)} on ${os.cpus().length} cores`;
    const minR = ratio.length ? Math.min(...ratio) : 0;
    const minS = segRatio.length ? Math.min(...segRatio) : 0;
    return [
      { suite: 'live', figure: `${title}, ${SECONDS} s window (${loadText}): WebRTC viewers connected, where they landed`, value: `${rtcUp} / ${WEBRTC}: ${landedText}`, target: `all; ${PER_SERVER} per server`, met: rtcUp === WEBRTC && landed.every((r) => r.n <= PER_SERVER) && landed.length === 2 },
      { suite: 'live', figure: `WebRTC packets received per viewer of ${fmt(sent)} sent: min / median`, value: `${fmt(minR * 100, 1)} % / ${fmt(median(ratio) * 100, 1)} %`, target: '≥ 99 % to every viewer', met: minR >= 0.99 },
      { suite: 'live', figure: `WebRTC glass-to-glass (camera send → viewer receive, first packet of each frame): p50 / p99`, value: `${ms(rtcL, 50)} / ${ms(rtcL, 99)} (${fmt(rtcLat.length)} frames)`, target: '< 500 ms p99', met: rtcL.length > 0 && percentile(rtcL, 99) < 500 },
      { suite: 'live', figure: `HLS viewers: join answered hls / other / failed${hlsDefault ? ' (liveHlsDefault turned on: a WebRTC server had room left)' : ''}`, value: `${hlsUp.hls} / ${hlsUp.notHls} / ${hlsUp.failed}`, target: `all ${HLS} hls`, met: hlsUp.hls === HLS },
      { suite: 'live', figure: `HLS segments received per viewer of ${windowSeqs.size} published in the window: min / median`, value: `${fmt(minS * 100, 1)} % / ${fmt(median(segRatio) * 100, 1)} %`, target: '≥ 99 % to every viewer', met: segRatio.length > 0 && minS >= 0.99 },
      { suite: 'live', figure: `HLS requests: playlist / segment rate; response p50 / p99`, value: `${fmt(plMs.length / secs)} / ${fmt(segMs.length / secs)} req/s; playlist ${ms(plMs, 50)} / ${ms(plMs, 99)}, segment ${ms(segMs, 50)} / ${ms(segMs, 99)}; join ${ms(joinMs, 50)} / ${ms(joinMs, 99)} (${joinMs.length}), heartbeat ${ms(hbMs, 50)} / ${ms(hbMs, 99)}; errors ${errText}`, target: 'reported', met: null },
      { suite: 'live', figure: `HLS glass-to-glass (camera send of a segment's first frame → segment downloaded): p50 / p99`, value: `${fmt(percentile(hlsL, 50) / 1000, 2)} s / ${fmt(percentile(hlsL, 99) / 1000, 2)} s (${fmt(hlsLat.length)} downloads)`, target: '< 6 s', met: hlsL.length > 0 && percentile(hlsL, 99) < 6000 },
      { suite: 'live', figure: `CPU (% of one core) / RSS peak: janus-1, janus-2`, value: `${fmt(pct('janus1'), 1)} %, ${mb(peak.janus1 ?? 0)}; ${fmt(pct('janus2'), 1)} %, ${mb(peak.janus2 ?? 0)}`, target: 'reported', met: null },
      { suite: 'live', figure: `CPU / RSS peak: API process; packager ffmpeg`, value: `${fmt(pct('api'), 1)} %, ${mb(peak.api ?? 0)}; ${ffPid ? `${fmt(pct('ffmpeg'), 1)} %, ${mb(peak.ffmpeg ?? 0)}` : 'not found'}`, target: 'reported', met: null },
      { suite: 'live', figure: `bench: camera / ${WEBRTC_PROCS} werift viewer processes / ${HLS_PROCS} HLS player processes: CPU, RSS peak`, value: `${fmt(pct('camera'), 1)} %, ${mb(peak.camera ?? 0)} / ${fmt(pct('webrtc'), 1)} %, ${mb(peak.webrtc ?? 0)} / ${fmt(pct('hls'), 1)} %, ${mb(peak.hls ?? 0)}`, target: 'reported', met: null },
      { suite: 'live', figure: `the API's count after the window (open presences by path / server)`, value: placementAfter, target: 'reported', met: null },
    ];
  } catch (err) {
    log(`scale: failed: ${(err as Error).stack ?? String(err)}`);
    throw err;
  } finally {
    if (heartbeats) clearInterval(heartbeats);
    await db?.end().catch(() => {});
    await Promise.allSettled([...webrtcProcs.map((p) => p.close()), ...hlsProcs.map((p) => p.stop())]);
    camera?.kill();
    await api?.stop();
    await Promise.allSettled(janus.map((j) => j.stop()));
    for (let i = 0; i < janus.length; i++) fs.rmSync(i === 0 ? dataDir : `${dataDir}-${i + 1}`, { recursive: true, force: true });
  }
}
