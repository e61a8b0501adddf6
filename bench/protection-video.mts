/**
 * bench/protection — the video part (issue 32 "Figures": storage cost of the A/B variants, the
 * video tracer's accuracy). Called by bench/protection.mts with its app.
 *
 *   BENCH_VIDEO_LEAKS (default 100) transformed clips; BENCH_VIDEO_SECONDS (default 216) source length.
 *
 * One creator's private video (320×180 testsrc2 under a slow hue rotation, sound) goes through the
 * real pipeline (`MediaJobs.process`: MP4, then HLS with A/B variants and the burned-in mark).
 *  - Storage: bytes of the B segments against the A segments (one rendition set) → × one set.
 *  - Accuracy: each clip is one viewer's stream (round robin over 20 viewers; segments chosen by
 *    the same chooser the playlists use, decrypted as a player does), cut from a random start in
 *    the first 10 s to the end, re-encoded at one of the sizes × bitrates below — then traced by
 *    the operator's tracer (frame hashes, time alignment, A/B per segment). Controls: clips of the
 *    owner's all-A stream and videos not on the site; none may name anyone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { buildAppWithRoot } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { parseSegments } from '../apps/api/src/modules/media/hls.package';
import { variantOf, bSegmentName } from '../apps/api/src/modules/media/hls.variants';
import { hlsKeyAad, hlsKeyCipher, hlsStorageKeys } from '../apps/api/src/modules/media/media.hls';
import { mediaTools, runTool } from '../apps/api/src/modules/media/media.processing';
import type { UserRow } from '../apps/api/src/modules/users/users.tables';
import { fmt, percentile, type BenchRow } from './lib/report.mts';

const LEAKS = Number(process.env.BENCH_VIDEO_LEAKS ?? 100);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 216);
const log = (m: string) => console.log(`[protection/video] ${m}`);

type Root = Awaited<ReturnType<typeof buildAppWithRoot>>['root'];

/** Re-encodings a leaker might make: size × video bitrate. */
const TRANSFORMS: Array<{ name: string; size: string; bitrate: string }> = [
  { name: '256×144 at 150 kbit/s', size: '256:144', bitrate: '150k' },
  { name: '240×136 at 100 kbit/s', size: '240:136', bitrate: '100k' },
  { name: '426×240 at 250 kbit/s', size: '426:240', bitrate: '250k' },
  { name: '640×360 at 400 kbit/s (upscaled)', size: '640:360', bitrate: '400k' },
  { name: '320×180 at 120 kbit/s', size: '320:180', bitrate: '120k' },
];

export async function videoBench(root: Root, config: Config, creator: UserRow, admin: UserRow, viewers: UserRow[], dataDir: string): Promise<BenchRow[]> {
  const tools = mediaTools(process.env);
  const work = path.join(dataDir, 'video-bench');
  await fs.mkdir(work, { recursive: true });
  const ff = (args: string[]) => runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);
  const source = path.join(work, 'source.mp4');
  await ff(['-f', 'lavfi', '-i', `testsrc2=duration=${SECONDS}:size=320x180:rate=25,hue=H=t/40`, '-f', 'lavfi', '-i', `sine=frequency=330:duration=${SECONDS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source]);
  const size = (await fs.stat(source)).size;
  const stored = await root.media.storeUpload(creator.id, 'video', 'video', { field: 'file', tmpPath: source, mime: 'video/mp4', ext: 'mp4', size, originalName: 'bench.mp4' });
  const t0 = performance.now();
  await root.mediaJobs.process(stored.id, { isLastAttempt: true, expireInSeconds: 3600, signal: new AbortController().signal });
  const processSeconds = (performance.now() - t0) / 1000;
  const file = (await root.media.byId(stored.id))!;
  if (file.hlsStatus !== 'ready' || !file.hls?.variants) throw new Error(`the video was not packaged with variants: ${file.status} ${file.error ?? ''}`);
  const hls = file.hls;

  // Storage: A (one rendition set) against B.
  let a = 0, b = 0;
  for (const k of hlsStorageKeys(hls)) {
    const s = (await root.storage.stat(k))?.size ?? 0;
    if (/seg-\d{5}\.ts$/.test(k)) a += s;
    else if (/seg-\d{5}b\.ts$/.test(k)) b += s;
  }
  const ratio = (a + b) / a;
  log(`packaged in ${fmt(processSeconds, 1)} s (MP4 + HLS A/B); segments A ${fmt(a / 1024)} KB, B ${fmt(b / 1024)} KB → ${fmt(ratio, 3)}× one set`);

  // A viewer's stream as a player assembles it: the chooser's A/B, decrypted, joined.
  const rendition = hls.renditions![0]!.name;
  const playlist = (await buffer(await root.storage.get(`${hls.dir}/${rendition}/index.m3u8`))).toString('utf8');
  const iv = Buffer.from(/IV=0x([0-9a-fA-F]{32})/.exec(playlist)![1]!, 'hex');
  const key = hlsKeyCipher(config).open(Buffer.from(hls.key!, 'base64'), hlsKeyAad(file.id));
  const segs = parseSegments(playlist);
  const streamOf = async (viewerId: string) => {
    const bits = await root.videoProtection.bits(file, viewerId);
    const parts: Buffer[] = [];
    for (const [j, s] of segs.entries()) {
      const name = variantOf(bits, j) === 'b' ? bSegmentName(s.uri) : s.uri;
      const d = crypto.createDecipheriv('aes-128-cbc', key, iv);
      parts.push(Buffer.concat([d.update(await buffer(await root.storage.get(`${hls.dir}/${rendition}/${name}`))), d.final()]));
    }
    return Buffer.concat(parts);
  };
  await root.videoProtection.indexVideo(file);
  const audit = { actorId: admin.id, ip: null, userAgent: 'bench' };
  const ts = path.join(work, 'stream.ts');
  const clip = path.join(work, 'clip.mp4');
  const leak = async (stream: Buffer, t: (typeof TRANSFORMS)[number], start: number) => {
    await fs.writeFile(ts, stream);
    await ff(['-ss', start.toFixed(2), '-i', ts, '-vf', `scale=${t.size}`, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', t.bitrate, '-c:a', 'aac', '-b:a', '64k', '-max_muxing_queue_size', '4096', clip]);
  };
  const perKind = new Map<string, { right: number; wrong: number; none: number }>();
  let right = 0, wrong = 0, none = 0;
  const traceMs: number[] = [];
  let rnd = 7;
  const random = () => ((rnd = (rnd * 48271) % 2147483647) / 2147483647);
  const streams = new Map<string, Buffer>();
  for (let i = 0; i < LEAKS; i++) {
    const viewer = viewers[i % 20]!;
    const t = TRANSFORMS[i % TRANSFORMS.length]!;
    if (!streams.has(viewer.id)) streams.set(viewer.id, await streamOf(viewer.id));
    const from = random() * 10;
    await leak(streams.get(viewer.id)!, t, from);
    const start = performance.now();
    const r = await root.tracer.traceVideoFile(admin, audit, clip);
    traceMs.push(performance.now() - start);
    log(`clip ${i + 1} (${t.name}, from ${fmt(from, 2)} s): ${r.status}${r.viewer ? ` @${r.viewer.username}` : ''}, confidence ${fmt(r.confidence ?? 0, 4)}, ${r.video ? `${r.video.segments} segments, ${r.video.bitsRead}/48 bits, offset ${r.video.offsetSeconds} s` : 'nothing read'}`);
    const k = perKind.get(t.name) ?? { right: 0, wrong: 0, none: 0 };
    if (r.viewer?._id === viewer.id) { right++; k.right++; } else if (r.viewer) { wrong++; k.wrong++; } else { none++; k.none++; }
    perKind.set(t.name, k);
    if ((i + 1) % 10 === 0) log(`${i + 1}/${LEAKS}: ${right} right, ${wrong} wrong, ${none} unnamed`);
  }
  // Controls: the owner's all-A stream (3 clips) and 2 videos that are not on the site.
  let falseIds = 0;
  const owner = await streamOf(creator.id);
  for (let i = 0; i < 3; i++) {
    await leak(owner, TRANSFORMS[i]!, 2 + i * 3);
    if ((await root.tracer.traceVideoFile(admin, audit, clip)).viewer) falseIds++;
  }
  for (const src of ['mandelbrot=size=320x180:rate=25', 'life=size=320x180:rate=25:mold=10:ratio=0.1:death_color=#203040:life_color=#e0c080']) {
    await ff(['-f', 'lavfi', '-i', src, '-t', '30', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', clip]);
    if ((await root.tracer.traceVideoFile(admin, audit, clip)).viewer) falseIds++;
  }
  for (const [name, k] of perKind) log(`${name}: ${k.right} right, ${k.wrong} wrong, ${k.none} not identified`);
  const sorted = [...traceMs].sort((x, y) => x - y);
  log(`video tracer: ${right}/${LEAKS} right, ${wrong} wrong, ${none} not identified; controls: ${falseIds}/5 named someone; trace p50 ${fmt(percentile(sorted, 50))} ms`);
  return [
    { suite: 'protection', figure: 'video: storage of the A/B variants (× one rendition set)', value: `${fmt(ratio, 3)}×`, target: '≤ 2.2×', met: ratio <= 2.2 },
    { suite: 'protection', figure: `video tracer: right viewer over ${LEAKS} re-encoded clips (${SECONDS} s source, 320×180)`, value: `${fmt((right / LEAKS) * 100, 1)} % (${wrong} wrong, ${none} unnamed)`, target: '≥ 95 %, 0 wrong', met: right / LEAKS >= 0.95 && wrong === 0 },
    { suite: 'protection', figure: 'video tracer: unmarked clips and foreign videos naming someone', value: `${falseIds} of 5`, target: '0', met: falseIds === 0 },
    { suite: 'protection', figure: 'video tracer: time per trace, p50 (a ~3½-minute clip)', value: `${fmt(percentile(sorted, 50))} ms`, target: 'reported', met: null },
  ];
}
