/**
 * bench/hls — encrypted HLS against today's MP4 (issue 32, "Figures": video).
 *
 *   npm run bench:hls    BENCH_HLS_SECONDS (default 60) seconds of 1080p30 source (ffmpeg lavfi
 *                        testsrc2 + a tone, made on the spot); BENCH_HLS_RUNS (default 5) page loads
 *                        per player; BENCH_HLS_KBPS (default 4,000) the throttled downlink.
 *
 * 1. Packaging: the media pipeline's own functions on the source — `processVideo` (the H.264/AAC
 *    MP4 + poster, as before) and `packageHls` (the AES-128 HLS renditions, 360p/720p/1080p, from
 *    that MP4) — timed separately; per minute of 1080p source.
 * 2. Time to first frame in Chromium (the browser tests' Debian Chromium, headless) on a throttled
 *    profile: CDP Network.emulateNetworkConditions (BENCH_HLS_KBPS down, 40 ms latency), cache off.
 *    Each load opens a page that plays, muted and autoplaying, either the MP4 (`<video src>`, faststart)
 *    or the encrypted HLS package through hls.js (the web app's player library, same defaults as
 *    components/StreamVideo.tsx); the figure is navigation start → the first decoded frame
 *    (`requestVideoFrameCallback`). The files are served by a small static server on 127.0.0.1
 *    (the API's playlist rewriting and access check add a few ms per playlist/key and are measured by
 *    the API tests' timings, not here). Median and worst of BENCH_HLS_RUNS loads each.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { mediaTools, processVideo, runTool } from '../apps/api/src/modules/media/media.processing';
import { packageHls } from '../apps/api/src/modules/media/hls.package';
import { fmt, report, type BenchRow } from './lib/report.mts';

const require = createRequire(import.meta.url);
const { chromiumPath } = require('../scripts/lib/chromium-path.cjs') as { chromiumPath: () => string | null };

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_HLS_SECONDS ?? 60), 10), 600);
const RUNS = Math.min(Math.max(Number(process.env.BENCH_HLS_RUNS ?? 5), 1), 20);
const KBPS = Math.max(Number(process.env.BENCH_HLS_KBPS ?? 4000), 256);
const log = (m: string) => console.log(`[hls] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mp4': 'video/mp4', '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.bin': 'application/octet-stream' };

/** A static server of `root` on 127.0.0.1 with single byte ranges (what a player needs). */
function serve(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = path.join(root, rel);
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (m && (m[1] || m[2])) {
      const start = m[1] ? Number(m[1]) : size - Number(m[2]);
      const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
      fs.createReadStream(file, { start, end }).pipe(res);
      return;
    }
    if (file.endsWith('.js')) {
      // Scripts gzip'd, as the web app's server sends its chunks.
      const gz = zlib.gzipSync(fs.readFileSync(file));
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': gz.length });
      res.end(gz);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const page = (player: 'mp4' | 'hls') => `<!doctype html><html><body style="margin:0;background:#000">
<video id="v" muted autoplay playsinline style="width:640px;height:360px"></video>
${player === 'hls' ? '<script src="/hls.min.js"></script>' : ''}
<script>
  const v = document.getElementById('v');
  window.firstFrame = new Promise((resolve) => v.requestVideoFrameCallback(() => resolve(performance.now())));
  window.mediaStart = performance.now(); // after the player script (hls.js) has loaded
  ${player === 'hls'
    ? "const h = new Hls({ enableWorker: true, maxBufferLength: 30 }); h.attachMedia(v); h.loadSource('/pkg/master.m3u8');"
    : "v.src = '/video.mp4';"}
  v.play().catch(() => {});
</script></body></html>`;

async function main() {
  const tools = mediaTools(process.env);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-bench-hls-'));
  const rows: BenchRow[] = [];
  try {
    // ── The source: SECONDS of 1080p30 with a tone (generation not timed).
    const src = path.join(dir, 'source.mkv');
    log(`making ${SECONDS} s of 1080p30 source…`);
    await runTool(tools.ffmpeg, [
      '-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=330:duration=${SECONDS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src,
    ]);

    // ── Packaging, as the pipeline does it.
    const work = path.join(dir, 'work');
    await fsp.mkdir(work);
    let t0 = performance.now();
    const mp4 = await processVideo(src, { tools, workDir: work, sourceMime: 'video/matroska' });
    const mp4Seconds = (performance.now() - t0) / 1000;
    const main = mp4.outputs.find((o) => o.name === mp4.main)!;
    const key = crypto.randomBytes(16);
    t0 = performance.now();
    const pkg = await packageHls(main.path, { tools, workDir: work, sourceMime: 'video/mp4', key, width: mp4.width!, height: mp4.height! });
    const hlsSeconds = (performance.now() - t0) / 1000;
    const perMin = (s: number) => (s / SECONDS) * 60;
    const mp4Bytes = (await fsp.stat(main.path)).size;
    const hlsBytes = (await Promise.all(pkg.outputs.map((o) => fsp.stat(o.path)))).reduce((a, s) => a + s.size, 0);
    log(`MP4 ${fmt(mp4Seconds, 1)} s, HLS ${fmt(hlsSeconds, 1)} s (${pkg.renditions.map((r) => r.name).join(', ')}), MP4 ${fmt(mp4Bytes / 1e6, 1)} MB, HLS ${fmt(hlsBytes / 1e6, 1)} MB`);
    rows.push(
      { suite: 'hls', figure: 'HLS packaging (360p+720p+1080p, AES-128) per minute of 1080p source', value: `${fmt(perMin(hlsSeconds), 1)} s`, floor: `MP4 conversion ${fmt(perMin(mp4Seconds), 1)} s/min`, target: 'reported (libx264 veryfast, 2 cores)', met: null },
      { suite: 'hls', figure: 'Whole pipeline (MP4 + HLS) per minute of 1080p source', value: `${fmt(perMin(mp4Seconds + hlsSeconds), 1)} s`, target: 'reported', met: null },
      { suite: 'hls', figure: 'Storage: HLS renditions vs the MP4', value: `${fmt(hlsBytes / 1e6, 1)} MB`, floor: `MP4 ${fmt(mp4Bytes / 1e6, 1)} MB`, target: 'reported', met: null },
    );

    // ── The files the pages load.
    const site = path.join(dir, 'site');
    await fsp.mkdir(path.join(site, 'pkg'), { recursive: true });
    await fsp.copyFile(main.path, path.join(site, 'video.mp4'));
    await fsp.copyFile(require.resolve('hls.js/dist/hls.min.js'), path.join(site, 'hls.min.js'));
    for (const o of pkg.outputs) {
      const to = path.join(site, 'pkg', `${o.name}.${o.ext}`);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.copyFile(o.path, to);
    }
    // The key as a static file (the API serves it after the access check).
    for (const r of pkg.renditions) {
      const p = path.join(site, 'pkg', r.name, 'index.m3u8');
      await fsp.writeFile(p, (await fsp.readFile(p, 'utf8')).replace('URI="key.bin"', 'URI="/pkg/key.bin"'));
    }
    await fsp.writeFile(path.join(site, 'pkg', 'key.bin'), key);
    await fsp.writeFile(path.join(site, 'mp4.html'), page('mp4'));
    await fsp.writeFile(path.join(site, 'hls.html'), page('hls'));

    const server = await serve(site);
    const browser = await chromium.launch({ executablePath: chromiumPath() ?? '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });
    try {
      const ttff: Record<'mp4' | 'hls', number[]> = { mp4: [], hls: [] };
      const media: Record<'mp4' | 'hls', number[]> = { mp4: [], hls: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const player of ['mp4', 'hls'] as const) {
          const ctx = await browser.newContext();
          const p = await ctx.newPage();
          const cdp = await ctx.newCDPSession(p);
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (KBPS * 1000) / 8, uploadThroughput: (1000 * 1000) / 8 });
          await p.goto(`${server.url}/${player}.html`);
          const ms = await p.evaluate(() => Promise.race([(window as unknown as { firstFrame: Promise<number> }).firstFrame, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 60_000))]));
          if (!Number.isFinite(ms)) throw new Error(`${player}: no frame within 60 s`);
          const start = await p.evaluate(() => (window as unknown as { mediaStart: number }).mediaStart);
          ttff[player].push(ms);
          media[player].push(ms - start);
          log(`run ${i + 1} ${player}: first frame after ${fmt(ms)} ms from navigation, ${fmt(ms - start)} ms from the player's start`);
          await ctx.close();
        }
      }
      const net = `${fmt(KBPS / 1000, 1)} Mbit/s + 40 ms`;
      rows.push(
        {
          suite: 'hls',
          figure: `Time to first frame from the player's start, ${net}, encrypted HLS (hls.js loaded), median of ${RUNS}`,
          value: `${fmt(median(media.hls))} ms (worst ${fmt(Math.max(...media.hls))})`,
          floor: `MP4 ${fmt(median(media.mp4))} ms (worst ${fmt(Math.max(...media.mp4))})`,
          target: 'faster than the MP4',
          met: median(media.hls) < median(media.mp4),
        },
        {
          suite: 'hls',
          figure: `Time to first frame from navigation, ${net}, the page's first video (hls.js downloaded, ${fmt(zlib.gzipSync(fs.readFileSync(path.join(site, 'hls.min.js'))).length / 1024)} kB gzip)`,
          value: `${fmt(median(ttff.hls))} ms (worst ${fmt(Math.max(...ttff.hls))})`,
          floor: `MP4 ${fmt(median(ttff.mp4))} ms (worst ${fmt(Math.max(...ttff.mp4))})`,
          target: 'reported',
          met: null,
        },
      );
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  report('hls', rows);
}

await main();
