/**
 * Simulated HLS viewers in a process of their own (bench/lib/live-scale.mts): each one does what a
 * player does with the API's signed links — GET /streaming/join/{id} (must answer `hls`), then
 * fetches the playlist once per target duration, downloads every segment it has not downloaded
 * yet once (starting three segments behind the live edge, as hls.js does), renews the playlist
 * link through join when it is within a third of its life, and heartbeats
 * PUT /streaming/set-duration with path 'hls' every 15 s. Node's fetch (undici, keep-alive).
 *
 *   parent → child  { t: 'start', api, streamId, tokens }   → { t: 'joined', hls, notHls, failed, errors }
 *   parent → child  { t: 'window', on }                     requests timed while on
 *   parent → child  { t: 'report' }                         → { t: 'report', … } (see HlsReport)
 *   parent → child  { t: 'stop' }                           exits
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface HlsReport {
  /** Per viewer: [segment sequence, download completed (wall time, ms)] of each segment downloaded. */
  segments: Array<Array<[number, number]>>;
  /** Per segment sequence: the PTS (90 kHz) of its first video frame. */
  pts: Record<number, number>;
  /** Response times (ms) of the requests made while the window was on. */
  playlistMs: number[];
  segmentMs: number[];
  joinMs: number[];
  heartbeatMs: number[];
  /** Failed requests (status or network) while the window was on, by kind. */
  errors: Record<string, number>;
}

type ToChild = { t: 'start'; api: string; streamId: string; tokens: string[] } | { t: 'window'; on: boolean } | { t: 'report' } | { t: 'stop' };
type FromChild = { t: 'joined'; hls: number; notHls: number; failed: number; errors: string[] } | ({ t: 'report' } & HlsReport);

export interface HlsViewerProcess {
  pid: number;
  start(api: string, streamId: string, tokens: string[]): Promise<{ hls: number; notHls: number; failed: number; errors: string[] }>;
  window(on: boolean): void;
  report(): Promise<HlsReport>;
  stop(): Promise<void>;
}

export function forkHlsViewers(): HlsViewerProcess {
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (m: FromChild) => void>();
  child.on('message', (m: FromChild) => waiting.get(m.t)?.(m));
  const ask = <T extends FromChild['t']>(msg: ToChild, answer: T) =>
    new Promise<Extract<FromChild, { t: T }>>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`HLS viewer process exited (${code})`)));
      waiting.set(answer, (m) => resolve(m as Extract<FromChild, { t: T }>));
      child.send(msg);
    });
  return {
    pid: child.pid!,
    start: async (api, streamId, tokens) => {
      const m = await ask({ t: 'start', api, streamId, tokens }, 'joined');
      return { hls: m.hls, notHls: m.notHls, failed: m.failed, errors: m.errors };
    },
    window: (on) => child.send({ t: 'window', on } satisfies ToChild),
    report: async () => {
      const { t: _t, ...r } = await ask({ t: 'report' }, 'report');
      return r;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ t: 'stop' } satisfies ToChild);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
    },
  };
}

/** The PTS (90 kHz) of the first video PES of an MPEG-TS segment, or null. */
export function firstVideoPts(ts: Uint8Array): number | null {
  for (let o = 0; o + 188 <= ts.length; o += 188) {
    if (ts[o] !== 0x47) return null;
    const pusi = (ts[o + 1]! & 0x40) !== 0;
    if (!pusi) continue;
    const afc = (ts[o + 3]! >> 4) & 0x03;
    let p = o + 4;
    if (afc === 2) continue;
    if (afc === 3) p += 1 + ts[p]!;
    if (p + 14 > o + 188) continue;
    if (ts[p] !== 0 || ts[p + 1] !== 0 || ts[p + 2] !== 1) continue;
    const streamId = ts[p + 3]!;
    if (streamId < 0xe0 || streamId > 0xef) continue;
    if ((ts[p + 7]! & 0x80) === 0) continue; // no PTS
    const b = ts.subarray(p + 9, p + 14);
    return (b[0]! >> 1 & 0x07) * 2 ** 30 + ((b[1]! << 7) | (b[2]! >> 1)) * 2 ** 15 + ((b[3]! << 7) | (b[4]! >> 1));
  }
  return null;
}

// ── the child ───────────────────────────────────────────────────────────────
if (process.send && process.argv[1] === import.meta.filename) {
  const now = () => performance.timeOrigin + performance.now();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let stopped = false;
  let windowOn = false;
  const report: HlsReport = { segments: [], pts: {}, playlistMs: [], segmentMs: [], joinMs: [], heartbeatMs: [], errors: {} };
  const failed = (kind: string) => {
    if (windowOn) report.errors[kind] = (report.errors[kind] ?? 0) + 1;
  };
  /** One request, its whole body read: the body, or null when it failed; timed (headers to last byte) while the window is on. */
  const timed = async (kind: 'playlistMs' | 'segmentMs' | 'joinMs' | 'heartbeatMs', url: string, init?: RequestInit): Promise<Uint8Array | null> => {
    const t0 = performance.now();
    try {
      const res = await fetch(url, init);
      const body = new Uint8Array(await res.arrayBuffer());
      if (!res.ok) {
        failed(`${kind.replace('Ms', '')} ${res.status}`);
        return null;
      }
      return body;
    } catch (err) {
      failed(`${kind.replace('Ms', '')} ${(err as Error).message}`);
      return null;
    } finally {
      if (windowOn) report[kind].push(performance.now() - t0);
    }
  };
  const text = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');

  async function player(api: string, streamId: string, token: string, index: number, first: { playlistUrl: string; expiresAt: string }) {
    const auth = { authorization: `Bearer ${token}` };
    const segs: Array<[number, number]> = [];
    report.segments[index] = segs;
    let link = first.playlistUrl;
    let expires = Date.parse(first.expiresAt);
    let last = -1;
    let target = 1;
    let nextBeat = 0;
    const life = 30_000;
    await sleep(Math.random() * 1000); // players do not tick together
    while (!stopped) {
      const tick = performance.now();
      if (Date.now() >= nextBeat) {
        nextBeat = Date.now() + 15_000;
        void timed('heartbeatMs', `${api}/streaming/set-duration`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ streamId, path: 'hls' }) });
      }
      if (expires - Date.now() < life / 3) {
        const res = await timed('joinMs', `${api}/streaming/join/${streamId}`, { headers: auth });
        const j = res ? (JSON.parse(text(res)) as { data: { hls: { playlistUrl: string; expiresAt: string } | null } }).data : null;
        if (j?.hls) {
          link = j.hls.playlistUrl;
          expires = Date.parse(j.hls.expiresAt);
        }
      }
      const res = await timed('playlistMs', link);
      if (res) {
        let seq = 0;
        const uris: Array<[number, string]> = [];
        for (const line of text(res).split('\n')) {
          if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) seq = Number(line.slice(22));
          else if (line.startsWith('#EXT-X-TARGETDURATION:')) target = Number(line.slice(22)) || 1;
          else if (line && !line.startsWith('#')) uris.push([seq++, line]);
        }
        if (last < 0 && uris.length) last = uris[Math.max(0, uris.length - 3)]![0] - 1; // three behind the edge
        for (const [s, uri] of uris) {
          if (s <= last || stopped) continue;
          const bytes = await timed('segmentMs', new URL(uri, link).toString());
          if (!bytes) break; // again at the next playlist
          segs.push([s, now()]);
          last = s;
          if (report.pts[s] === undefined) {
            const pts = firstVideoPts(bytes);
            if (pts !== null) report.pts[s] = pts;
          }
        }
      }
      await sleep(Math.max(50, target * 1000 - (performance.now() - tick)));
    }
  }

  process.on('message', async (m: ToChild) => {
    if (m.t === 'start') {
      const errors: string[] = [];
      let hls = 0;
      let notHls = 0;
      let bad = 0;
      // Joins a few at a time (a crowd arriving), then each viewer plays on its own.
      const queue = m.tokens.map((token, i) => ({ token, i }));
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (let job = queue.shift(); job; job = queue.shift()) {
            try {
              const res = await fetch(`${m.api}/streaming/join/${m.streamId}`, { headers: { authorization: `Bearer ${job.token}` } });
              const body = (await res.json()) as { data?: { hls: { playlistUrl: string; expiresAt: string } | null }; message?: string };
              if (!res.ok || !body.data) {
                bad += 1;
                if (errors.length < 5) errors.push(`${res.status} ${body.message ?? ''}`);
              } else if (!body.data.hls) {
                notHls += 1;
              } else {
                hls += 1;
                void player(m.api, m.streamId, job.token, job.i, body.data.hls);
              }
            } catch (err) {
              bad += 1;
              if (errors.length < 5) errors.push((err as Error).message);
            }
          }
        }),
      );
      process.send!({ t: 'joined', hls, notHls, failed: bad, errors } satisfies FromChild);
    } else if (m.t === 'window') {
      windowOn = m.on;
    } else if (m.t === 'report') {
      process.send!({ t: 'report', ...report, segments: [...report.segments].map((s) => s ?? []) } satisfies FromChild);
    } else if (m.t === 'stop') {
      stopped = true;
      process.exit(0);
    }
  });
}
