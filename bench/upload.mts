/**
 * bench/upload — a 1 GB video streamed through the API (issue 11 §5).
 *
 *   npm run bench:upload      BENCH_UPLOAD_MB (default 1024)
 *
 * Makes a real video of that size (raw frames in Matroska, by the ffmpeg the project ships), starts
 * the API as its own process with the demo data, waits until the seed's
 * media jobs are done, signs in as the demo creator and streams the file as multipart to
 * POST /performer/feeds/video/upload, then waits for the processing job (ffmpeg transcode) to finish.
 * On PostgreSQL (a database of its own) when reachable, else on the embedded database.
 * The API process's RSS is sampled throughout: idle before, peak during the upload (target
 * < 300 MB), peak during processing; the process tree's peak (ffmpeg included) is reported too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { fmt, mb, report, rssOf, type BenchRow } from './lib/report.mts';
import { login, processTree, startApi } from './lib/api-process.mts';
import { waitIdle } from './lib/idle.mts';
import { postgresReachable, withBenchDatabase } from './lib/bench-db.mts';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const log = (m: string) => console.log(`[upload] ${m}`);
const FRAME = 1280 * 720 * 1.5; // one yuv420p frame

function makeVideo(file: string) {
  const frames = Math.ceil((MB * 1024 * 1024) / FRAME);
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-frames:v', String(frames), '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', file]);
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  return fs.statSync(file).size;
}

/** Streams the file as a multipart body (fixed length, never in memory). */
function upload(apiUrl: string, token: string, file: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----stagepass${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const u = new URL(`${apiUrl}/performer/feeds/video/upload`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('error', reject);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
}

async function main(dbUrl: string | null) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-upload-'));
  const file = path.join(work, 'bench.mkv');
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    const t0 = Date.now();
    const size = makeVideo(file);
    log(`made a ${mb(size)} video in ${Date.now() - t0} ms`);
    api = await startApi({ seedDemo: true, env: dbUrl ? { DATABASE_URL: dbUrl } : {} });
    log('API ready; waiting for the demo media jobs to finish');
    const settled = await waitIdle(api.pid);
    const idle = rssOf(api.pid);
    log(`API ${settled ? 'idle' : 'still busy after 4 min'}, RSS ${mb(idle)}`);
    const token = await login(api.url, 'creator@example.com');

    let phase: 'upload' | 'processing' = 'upload';
    const peak = { upload: 0, processing: 0, tree: 0 };
    const sample = () => {
      peak[phase] = Math.max(peak[phase], rssOf(api!.pid));
      peak.tree = Math.max(peak.tree, processTree(api!.pid).reduce((s, p) => s + rssOf(p), 0));
    };
    const timer = setInterval(sample, 100);
    const t1 = Date.now();
    const res = await upload(api.url, token, file, size);
    const uploadMs = Date.now() - t1;
    sample();
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 500)}`);
    const fileId = (JSON.parse(res.body) as { data: { _id: string } }).data._id;
    log(`uploaded in ${fmt(uploadMs / 1000, 1)} s (${fmt(size / 1024 / 1024 / (uploadMs / 1000))} MB/s); file ${fileId}; processing…`);
    phase = 'processing';
    const t2 = Date.now();
    let status = '';
    while (Date.now() - t2 < 20 * 60_000) {
      const r = await fetch(`${api.url}/files/${fileId}/status`, { headers: { authorization: `Bearer ${token}` } });
      status = ((await r.json()) as { data: { status: string } }).data.status;
      if (status === 'ready' || status === 'failed') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    clearInterval(timer);
    const processingMs = Date.now() - t2;
    log(`processing ${status} after ${fmt(processingMs / 1000, 1)} s`);
    if (status !== 'ready') throw new Error(`the processing job ended ${status || 'nowhere'}`);

    const rows: BenchRow[] = [
      { suite: 'upload', figure: `API RSS while a ${mb(size)} video streams in (${fmt(size / 1024 / 1024 / (uploadMs / 1000))} MB/s)`, value: `${mb(peak.upload)} peak`, floor: `idle ${mb(idle)}`, target: '< 300 MB', met: peak.upload < 300 * 1024 * 1024 },
      { suite: 'upload', figure: `API RSS while the job transcodes it (${fmt(processingMs / 1000)} s)`, value: `${mb(peak.processing)} peak`, target: 'reported', met: null },
      { suite: 'upload', figure: 'API process tree RSS (ffmpeg included), peak', value: mb(peak.tree), target: 'reported', met: null },
    ];
    report('upload', rows);
  } finally {
    await api?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// On PostgreSQL when it is reachable: the figure is the API's own memory while it streams, not the
// embedded database's, which lives in the API process (the embedded suite measures that).
if (await postgresReachable()) await withBenchDatabase('stagepass_bench_upload', main);
else await main(null);
