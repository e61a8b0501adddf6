/**
 * bench/live — one creator's camera → 50 viewers through Janus on this machine (issue 15).
 *
 *   npm run bench:live     BENCH_LIVE_VIEWERS (default 50), BENCH_LIVE_SECONDS (default 15),
 *                          BENCH_LIVE_FPS (default 30), BENCH_LIVE_PACKETS (RTP packets of ~1,000
 *                          bytes per frame, default 4: ~1 Mbit/s, a 640×480 camera),
 *                          BENCH_LIVE_PROCS (viewer processes, default one per 50 viewers)
 *
 * Janus is started the way `npm start` starts it (scripts/lib/janus.mjs, a throwaway data
 * directory, free ports). The bench drives it through JanusMedia, as the API does: a room, one
 * werift publisher sending generated VP8 RTP, then the viewers subscribe and start one by one —
 * werift peers in viewer processes of their own (bench/lib/live-viewers.mts: werift's SRTP is
 * JavaScript, and a few hundred viewers in one event loop would measure the bench, not Janus).
 * Once all are connected, the camera runs for BENCH_LIVE_SECONDS and stops; each viewer counts
 * the publisher's packets it received. Delivery = received / sent per viewer (min and median).
 * CPU over the window from /proc/<pid>/stat (Janus, viewer processes) and process.cpuUsage()
 * (the publisher's process); RSS from /proc/<pid>/status. Skipped (one row saying so) when Janus
 * is not installed.
 *
 * Then the creator vanishes (bench/lib/live-vanish.mts, issue 27 §1): the API as its own process
 * on the same Janus, a camera process SIGKILLed, BENCH_LIVE_VANISH_VIEWERS (default 20) sockets of
 * a subscriber timing "connection dropped" and "ended" (about a minute: the default grace).
 *
 * Last, audiences larger than one server (bench/lib/live-scale.mts, issue 27 §3): two Janus, the
 * API on PostgreSQL, BENCH_LIVE_SCALE_WEBRTC (default 200) WebRTC viewers spread over both servers
 * and BENCH_LIVE_SCALE_HLS (default 1,000) simulated HLS players, all through the API, for
 * BENCH_LIVE_SCALE_SECONDS (default 30); delivery, glass-to-glass latency, CPU and RSS.
 *
 * BENCH_LIVE_PARTS (default "viewers,vanish,scale") runs some of the three parts only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeJanusPorts, janusPath, startJanus } from '../scripts/lib/janus.mjs';
import { JanusMedia } from '../apps/api/src/platform/live/janus';
import type { Jsep } from '../apps/api/src/platform/live/provider';
import { createPublisher } from '../apps/api/test/live-peers';
import { forkViewers, type ViewerProcess } from './lib/live-viewers.mts';
import { measureVanish } from './lib/live-vanish.mts';
import { measureScale } from './lib/live-scale.mts';
import { fmt, mb, report, rssOf, type BenchRow } from './lib/report.mts';

const VIEWERS = Math.min(Number(process.env.BENCH_LIVE_VIEWERS ?? 50), 500);
const SECONDS = Math.min(Number(process.env.BENCH_LIVE_SECONDS ?? 15), 300);
const FPS = Math.min(Number(process.env.BENCH_LIVE_FPS ?? 30), 60);
const PACKETS = Math.min(Number(process.env.BENCH_LIVE_PACKETS ?? 4), 20);
/** Processes holding the viewers (werift's SRTP is JavaScript): one per 50 viewers by default. */
const PROCS = Math.max(1, Math.min(Number(process.env.BENCH_LIVE_PROCS ?? Math.ceil(VIEWERS / 50)), 16));
/** Sockets of a subscribed fan in the room when the creator vanishes. */
const VANISH_VIEWERS = Math.min(Number(process.env.BENCH_LIVE_VANISH_VIEWERS ?? 20), 500);
const PARTS = new Set((process.env.BENCH_LIVE_PARTS ?? 'viewers,vanish,scale').split(',').map((p) => p.trim()));
const log = (m: string) => console.log(`[live] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds a process has used so far (utime + stime, /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of the whole line
  return ticks / 100; // USER_HZ is 100 on Linux
}
const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

async function main() {
  if (!janusPath()) {
    log('Janus is not installed (node scripts/ensure-janus.mjs): skipped');
    report('live', [{ suite: 'live', figure: `1 publisher → ${VIEWERS} viewers through Janus`, value: 'skipped: Janus not installed', target: 'all delivered', met: null }]);
    return;
  }
  if (!PARTS.has('viewers') && !PARTS.has('vanish')) {
    report('live', PARTS.has('scale') ? await measureScale(log) : []);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-janus-'));
  const ports = await freeJanusPorts();
  // One UDP port per peer connection (bundled, rtcp-mux) per host address: room for every viewer.
  const first = Number(ports.rtpPorts.split('-')[0]);
  ports.rtpPorts = `${first}-${first + Math.max(199, VIEWERS * 2 + 20)}`;
  const janus = await startJanus({ dataDir, ...ports, logLevel: Number(process.env.BENCH_LIVE_JANUS_LOG ?? 1), log: (l) => log(`janus: ${l}`) });
  const quiet = { info: () => {}, warn: (m: unknown) => log(String(m)), error: (m: unknown) => log(String(m)) };
  const media = new JanusMedia({ url: janus.url, apiSecret: janus.apiSecret, adminKey: janus.adminKey, log: quiet as never });
  const procs: ViewerProcess[] = [];
  let publisher: Awaited<ReturnType<typeof createPublisher>> | null = null;
  try {
    await media.connect();
    const janusIdle = rssOf(janus.pid);
    const room = await media.createRoom({ streamId: 'bench', description: 'bench', maxViewers: VIEWERS });
    publisher = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'bench', offer })).answer);
    await publisher.connected();
    publisher.startCamera(FPS, PACKETS);

    const t0 = Date.now();
    const signalling = { subscribe: (userId: string) => media.subscribe(room, { userId }), start: (peerId: string, answer: Jsep) => media.start(peerId, answer) };
    for (let p = 0; p < PROCS; p++) procs.push(forkViewers(signalling));
    const per = Math.ceil(VIEWERS / PROCS);
    const ups = await Promise.all(procs.map((p, i) => p.create(i * per, Math.max(0, Math.min(per, VIEWERS - i * per)))));
    const up = ups.reduce((a, b) => a + b, 0);
    log(`${up}/${VIEWERS} viewers connected in ${fmt((Date.now() - t0) / 1000, 1)} s (${PROCS} viewer process${PROCS > 1 ? 'es' : ''}; ${media.peerCount()} peers relayed)`);
    await sleep(1000); // every viewer's first key frame

    // The measured window.
    const counts = async () => (await Promise.all(procs.map((p) => p.counts()))).flat();
    const cpu = () => ({ janus: cpuSecondsOf(janus.pid), viewers: procs.reduce((a, p) => a + cpuSecondsOf(p.pid), 0), own: ownCpuSeconds() });
    const before = await counts();
    const sent0 = publisher.packetsSent();
    const cpu0 = cpu();
    const w0 = Date.now();
    let janusPeak = rssOf(janus.pid);
    let viewersPeak = 0;
    let ownPeak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      janusPeak = Math.max(janusPeak, rssOf(janus.pid));
      viewersPeak = Math.max(viewersPeak, procs.reduce((a, p) => a + rssOf(p.pid), 0));
      ownPeak = Math.max(ownPeak, process.memoryUsage().rss);
    }, 250);
    await sleep(SECONDS * 1000);
    publisher.stopCamera();
    const sent = publisher.packetsSent() - sent0;
    const wall = (Date.now() - w0) / 1000;
    const cpu1 = cpu();
    const pct = (k: keyof typeof cpu0) => ((cpu1[k] - cpu0[k]) / wall) * 100;
    clearInterval(sampler);
    await sleep(1000); // packets still in flight when the camera stopped
    const after = await counts();
    const received = after.map((n, i) => n - before[i]!);
    const ratio = received.map((r) => Math.min(1, r / sent));
    const minR = Math.min(...ratio);
    const medR = median(ratio);
    const mbps = (sent * 1000 * 8) / wall / 1e6;
    log(`publisher: ${fmt(sent)} packets in ${fmt(wall, 1)} s (${fmt(mbps, 2)} Mbit/s); per viewer: min ${fmt(Math.min(...received))}, median ${fmt(median(received))}`);
    log(`Janus: CPU ${fmt(pct('janus'), 1)} % of one core, RSS ${mb(janusIdle)} idle → ${mb(janusPeak)} peak; viewer processes: CPU ${fmt(pct('viewers'), 1)} %, RSS ${mb(viewersPeak)}; bench process (publisher + JanusMedia): CPU ${fmt(pct('own'), 1)} %, RSS ${mb(ownPeak)}`);

    const rows: BenchRow[] = [
      {
        suite: 'live',
        figure: `1 publisher (${FPS} fps, ${fmt(mbps, 2)} Mbit/s VP8 RTP) → ${VIEWERS} viewers through Janus, ${SECONDS} s: viewers connected`,
        value: `${up} / ${VIEWERS}`,
        target: 'all',
        met: up === VIEWERS,
      },
      {
        suite: 'live',
        figure: `packets received per viewer of ${fmt(sent)} sent: min / median`,
        value: `${fmt(Math.min(...received))} / ${fmt(median(received))} (${fmt(minR * 100, 1)} % / ${fmt(medR * 100, 1)} %)`,
        target: '≥ 99 % to every viewer',
        met: minR >= 0.99,
      },
      {
        suite: 'live',
        figure: `Janus process: CPU (of one core) / RSS idle → peak, ${VIEWERS} viewers`,
        value: `${fmt(pct('janus'), 1)} % / ${mb(janusIdle)} → ${mb(janusPeak)}`,
        target: 'reported',
        met: null,
      },
      {
        suite: 'live',
        figure: `bench: ${PROCS} werift viewer process(es) / the publisher + JanusMedia process: CPU, RSS peak`,
        value: `${fmt(pct('viewers'), 1)} %, ${mb(viewersPeak)} / ${fmt(pct('own'), 1)} %, ${mb(ownPeak)}`,
        target: 'reported',
        met: null,
      },
    ];
    // The creator vanishing, through the API (its own process) on the same Janus, once the viewers are gone.
    await Promise.allSettled(procs.map((p) => p.close()));
    await publisher.close().catch(() => {});
    if (PARTS.has('vanish')) rows.push(...(await measureVanish(janus, VANISH_VIEWERS, log)));
    report('live', rows);
  } finally {
    await Promise.allSettled(procs.map((p) => p.close()));
    await publisher?.close().catch(() => {});
    await media.close();
    await janus.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Two Janus of its own, the API on PostgreSQL: after the single-server parts have let go of theirs.
  if (PARTS.has('scale')) report('live', await measureScale(log));
}

await main();
// werift keeps timers and sockets of closed peers alive for a while: the suite is done.
process.exit(0);
