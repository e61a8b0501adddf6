/**
 * The HLS packager of a live stream (README.md beside this file, "HLS packager"): Janus forwards
 * the creator's camera (`rtp_forward`: plain VP8 + Opus RTP) to two UDP ports on this machine;
 * ffmpeg turns it into H.264 + AAC in short MPEG-TS segments; each finished segment and the
 * playlist are copied into the site's storage (`private/live-hls/<stream>/…`) and kept in memory
 * for this node's own answers; everything is deleted when the packager stops.
 *
 * The ports belong to a small relay in this process, not to ffmpeg: it learns the payload types
 * Janus forwards (the publisher's own), holds the packets since the last VP8 key frame until
 * ffmpeg listens (a decoder can only start at one), notices a new publisher (another SSRC: the
 * creator published again) and restarts ffmpeg then — the playlist goes on with a discontinuity —
 * and tells when media last arrived. The playlist is written here, not by ffmpeg: one media
 * sequence across ffmpeg restarts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage.types';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface HlsPackagerOptions {
  /** The ffmpeg binary (the media pipeline's: FFMPEG_PATH or @ffmpeg-installer's). */
  ffmpeg: string;
  storage: Storage;
  log: Log;
  /** Target segment length (HLS_SEGMENT_SECONDS, default 1). */
  segmentSeconds?: number;
  /** Segments in the playlist (default 6). */
  listSize?: number;
  /** Where ffmpeg writes before the copy (default the OS's temporary folder). */
  tmpDir?: string;
  /** The address the relay's ports listen on (Janus forwards there; default 127.0.0.1). */
  host?: string;
}

/** The storage key of a stream's HLS file (`index.m3u8`, `s<n>.ts`). */
export const hlsKey = (streamId: string, file: string) => `private/live-hls/${streamId}/${file}`;
/** The names a stream's HLS files have (anything else is not one). */
export const HLS_FILE_RE = /^(index\.m3u8|s\d{1,10}\.ts)$/;

export interface HlsSegment {
  name: string;
  seq: number;
  duration: number;
  at: Date | null;
  discontinuity: boolean;
}

const PLAYLIST = 'index.m3u8';
/** Packets held while ffmpeg starts (since the last key frame): a few seconds of a camera. */
const MAX_HELD = 4000;
/** Without audio by then after the first video packet, ffmpeg starts with video only. */
const AUDIO_WAIT_MS = 1500;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fsSync.existsSync(p)) ?? null;
/** Media back after this long without a packet starts a new ffmpeg (a discontinuity). */
const GAP_MS = 2000;

/** Builds packagers; one `HlsRun` per stream. */
export class HlsPackager {
  readonly segmentSeconds: number;
  readonly listSize: number;
  constructor(readonly opts: HlsPackagerOptions) {
    this.segmentSeconds = opts.segmentSeconds ?? 1;
    this.listSize = opts.listSize ?? 6;
  }

  /** Opens the stream's two UDP ports (video, audio); ffmpeg starts when media arrives. */
  async start(streamId: string): Promise<HlsRun> {
    const run = new HlsRun(this, streamId);
    await run.open();
    return run;
  }
}

interface Held {
  video: Buffer[];
  audio: Buffer[];
}

/** One stream's packager: the relay's ports, ffmpeg, the segments stored so far. */
export class HlsRun {
  videoPort = 0;
  audioPort = 0;
  /** When an RTP packet last arrived (ms since the epoch; 0: never). */
  lastPacketAt = 0;
  stopped = false;
  private lastVideoAt = 0;
  /** Resolves when the first segment is stored; rejects when ffmpeg fails before it. */
  readonly ready: Promise<void>;
  private resolveReady!: () => void;
  private rejectReady!: (e: Error) => void;
  private isReady = false;
  private sockets: { video: dgram.Socket; audio: dgram.Socket } | null = null;
  private out: { video: number; audio: number } | null = null;
  private pt: { video: number | null; audio: number | null } = { video: null, audio: null };
  private ssrc: number | null = null;
  private withAudio = false;
  private held: Held | null = { video: [], audio: [] };
  private ffmpeg: ChildProcess | null = null;
  private starting = false;
  private flushing = false;
  private firstVideoAt = 0;
  private dir = '';
  private generation = 0;
  private stderrTail: string[] = [];
  private poll: NodeJS.Timeout | null = null;
  private polling = false;
  private seen = new Set<string>();
  private nextSeq = 0;
  private discontinuities = 0;
  private pendingDiscontinuity = false;
  private segments: HlsSegment[] = [];
  private bytes = new Map<string, Buffer>();
  private stored = new Set<string>();
  private playlistText: string | null = null;
  private restarts: number[] = [];

  constructor(
    private packager: HlsPackager,
    readonly streamId: string,
  ) {
    this.ready = new Promise<void>((res, rej) => {
      this.resolveReady = res;
      this.rejectReady = rej;
    });
    this.ready.catch(() => {});
  }

  private get log() {
    return this.packager.opts.log;
  }

  /** The current playlist (segment names relative), null before the first segment. */
  playlist(): string | null {
    return this.playlistText;
  }

  /** A segment still listed (or just dropped), from memory. */
  segment(name: string): Buffer | null {
    return this.bytes.get(name) ?? null;
  }

  /** The segments listed now. */
  listed(): HlsSegment[] {
    return [...this.segments];
  }

  async open(): Promise<void> {
    this.dir = await fs.mkdtemp(path.join(this.packager.opts.tmpDir ?? os.tmpdir(), `stagepass-hls-${this.streamId.slice(0, 8)}-`));
    const host = this.packager.opts.host ?? '127.0.0.1';
    const bind = (kind: 'video' | 'audio') =>
      new Promise<dgram.Socket>((resolve, reject) => {
        const s = dgram.createSocket('udp4');
        s.once('error', reject);
        s.bind(0, host, () => {
          s.off('error', reject);
          s.on('error', (err) => this.log.warn({ err, streamId: this.streamId }, 'hls: relay socket error'));
          s.on('message', (msg) => this.onPacket(kind, msg));
          resolve(s);
        });
      });
    const video = await bind('video');
    const audio = await bind('audio').catch(async (e: unknown) => {
      video.close();
      throw e;
    });
    this.sockets = { video, audio };
    this.videoPort = video.address().port;
    this.audioPort = audio.address().port;
    this.poll = setInterval(() => void this.collect(), 200);
  }

  private onPacket(kind: 'video' | 'audio', msg: Buffer): void {
    if (this.stopped || msg.length < 12 || msg[0]! >> 6 !== 2) return;
    const pt = msg[1]! & 0x7f;
    if (pt >= 72 && pt <= 79) return; // RTCP on the RTP port
    const now = Date.now();
    this.lastPacketAt = now;
    if (kind === 'video') {
      const gap = this.lastVideoAt > 0 && now - this.lastVideoAt > GAP_MS;
      this.lastVideoAt = now;
      const ssrc = msg.readUInt32BE(8);
      if (this.ssrc !== null && ssrc !== this.ssrc) {
        // Another publisher (the creator published again): a new ffmpeg, from its next key frame.
        this.ssrc = ssrc;
        this.pt.video = pt;
        this.restart('a new publisher');
      } else if (gap && !this.held) {
        // The camera is back after a drop: a new ffmpeg (its clock would otherwise make one long, empty segment of the gap).
        this.restart('media resumed after a gap');
      }
      this.ssrc = ssrc;
      this.pt.video ??= pt;
      if (!this.firstVideoAt) this.firstVideoAt = Date.now();
    } else {
      if (this.pt.audio === null) {
        this.pt.audio = pt;
        // Audio came after ffmpeg started with video only: start again with both.
        if (this.ffmpeg && !this.withAudio) this.restart('the microphone came on');
      }
    }
    if (this.held) {
      if (this.flushing) this.held[kind].push(msg);
      else this.hold(kind, msg);
      this.maybeLaunch();
      return;
    }
    if (!this.out || !this.sockets) return;
    if (kind === 'audio' && !this.withAudio) return;
    this.sockets[kind].send(msg, kind === 'video' ? this.out.video : this.out.audio, '127.0.0.1');
  }

  /** Keeps the packets since the last VP8 key frame (and the audio since then) until ffmpeg listens. */
  private hold(kind: 'video' | 'audio', msg: Buffer): void {
    const h = this.held!;
    if (kind === 'video') {
      if (isVp8KeyFrameStart(msg)) {
        h.video = [];
        h.audio = [];
      }
      if (h.video.length === 0 && !isVp8KeyFrameStart(msg)) return; // nothing decodable before a key frame
      h.video.push(msg);
      if (h.video.length > MAX_HELD) h.video.shift();
    } else if (h.video.length > 0) {
      h.audio.push(msg);
      if (h.audio.length > MAX_HELD) h.audio.shift();
    }
  }

  private maybeLaunch(): void {
    if (this.ffmpeg || this.starting || this.stopped || !this.held || this.held.video.length === 0) return;
    if (this.pt.audio === null && Date.now() - this.firstVideoAt < AUDIO_WAIT_MS) return;
    this.starting = true;
    this.launch()
      .catch((err: unknown) => this.fail(err instanceof Error ? err : new Error(String(err))))
      .finally(() => (this.starting = false));
  }

  private async launch(): Promise<void> {
    const gen = ++this.generation;
    const out = { video: await freeUdpPair(), audio: await freeUdpPair() };
    if (this.stopped) return;
    this.withAudio = this.pt.audio !== null;
    const sdp = [
      'v=0',
      'o=- 0 0 IN IP4 127.0.0.1',
      's=stagepass live',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=video ${out.video} RTP/AVP ${this.pt.video}`,
      `a=rtpmap:${this.pt.video} VP8/90000`,
      ...(this.withAudio ? [`m=audio ${out.audio} RTP/AVP ${this.pt.audio}`, `a=rtpmap:${this.pt.audio} opus/48000/2`] : []),
      '',
    ].join('\n');
    const work = path.join(this.dir, `g${gen}`);
    await fs.mkdir(work, { recursive: true });
    await fs.writeFile(path.join(work, 'in.sdp'), sdp);
    const seg = this.packager.segmentSeconds;
    const args = [
      '-hide_banner', '-nostdin', '-loglevel', 'warning',
      '-protocol_whitelist', 'file,udp,rtp',
      '-analyzeduration', '1500000', '-probesize', '2000000',
      '-reorder_queue_size', '0',
      '-i', path.join(work, 'in.sdp'),
      '-map', '0:v:0', ...(this.withAudio ? ['-map', '0:a:0'] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-b:v', '2000k', '-maxrate', '2500k', '-bufsize', '2500k',
      '-force_key_frames', `expr:gte(t,n_forced*${seg})`, '-sc_threshold', '0',
      '-vsync', 'vfr',
      ...(this.withAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '48000'] : []),
      '-f', 'hls', '-hls_time', String(seg), '-hls_list_size', String(this.packager.listSize + 4),
      '-hls_flags', 'independent_segments+delete_segments+program_date_time+temp_file',
      '-hls_segment_filename', path.join(work, 'f%d.ts'),
      path.join(work, PLAYLIST),
    ];
    // Through setpriv when there is one: the kernel kills ffmpeg if this process dies without stopping it.
    const [cmd, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', this.packager.opts.ffmpeg, ...args]] : [this.packager.opts.ffmpeg, args];
    const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.ffmpeg = child;
    this.stderrTail = [];
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      for (const line of d.split('\n')) if (line.trim()) this.stderrTail.push(line.trim());
      if (this.stderrTail.length > 20) this.stderrTail.splice(0, this.stderrTail.length - 20);
    });
    child.on('exit', (code, signal) => this.exited(child, gen, code, signal));
    child.on('error', (err) => this.fail(err));
    // ffmpeg opens its input's ports at once; the held packets go when it listens.
    await waitBound(out.video, 3000);
    if (this.stopped || this.ffmpeg !== child || !this.held) return;
    // The held packets, paced (a burst would overflow the socket's buffer); what arrives meanwhile queues behind them.
    const held = this.held;
    const count = held.video.length;
    this.flushing = true;
    try {
      while (held.video.length > 0 || held.audio.length > 0) {
        if (this.stopped || this.ffmpeg !== child || this.held !== held) return;
        for (const m of held.video.splice(0, 20)) this.sockets?.video.send(m, out.video, '127.0.0.1');
        const audio = held.audio.splice(0, 20);
        if (this.withAudio) for (const m of audio) this.sockets?.audio.send(m, out.audio, '127.0.0.1');
        await new Promise((r) => setTimeout(r, 1));
      }
    } finally {
      this.flushing = false;
    }
    this.held = null;
    this.out = out;
    this.log.info({ streamId: this.streamId, audio: this.withAudio, held: count }, 'hls: packager started');
  }

  private exited(child: ChildProcess, gen: number, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.ffmpeg === child) {
      this.ffmpeg = null;
      this.out = null;
    }
    if (this.stopped || gen !== this.generation) return;
    const why = this.stderrTail.slice(-3).join(' | ') || `exit ${code ?? signal}`;
    if (!this.isReady) return this.fail(new Error(`ffmpeg stopped before the first segment: ${why}`));
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < 60_000);
    if (this.restarts.length >= 5) return this.fail(new Error(`ffmpeg keeps stopping: ${why}`));
    this.log.warn({ streamId: this.streamId, why }, 'hls: ffmpeg stopped, starting it again');
    this.restart('ffmpeg stopped');
  }

  /** A new ffmpeg from the next key frame; the playlist goes on with a discontinuity. */
  private restart(reason: string): void {
    if (this.stopped) return;
    this.restarts.push(Date.now());
    const old = this.ffmpeg;
    this.generation += 1;
    this.ffmpeg = null;
    this.out = null;
    this.held = { video: [], audio: [] };
    this.flushing = false;
    this.pendingDiscontinuity = this.segments.length > 0 || this.pendingDiscontinuity;
    if (old) {
      void this.collect(); // the old ffmpeg's last finished segments first
      old.kill('SIGKILL');
    }
    this.log.info({ streamId: this.streamId, reason }, 'hls: packager restarting');
  }

  private fail(err: Error): void {
    if (this.stopped) return;
    this.log.error({ err, streamId: this.streamId }, `hls: the packager failed: ${err.message}`);
    if (!this.isReady) this.rejectReady(err);
    void this.stop();
  }

  /** Copies the segments ffmpeg finished since the last look into storage, then the playlist. */
  private async collect(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const gens = (await fs.readdir(this.dir).catch(() => [] as string[])).filter((d) => /^g\d+$/.test(d)).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      let changed = false;
      for (const g of gens) {
        const work = path.join(this.dir, g);
        const text = await fs.readFile(path.join(work, PLAYLIST), 'utf8').catch(() => null);
        if (!text) continue;
        for (const s of parsePlaylist(text)) {
          const id = `${g}/${s.uri}`;
          if (this.seen.has(id) || this.stopped) continue;
          this.seen.add(id);
          const bytes = await fs.readFile(path.join(work, s.uri)).catch(() => null);
          if (!bytes || bytes.length === 0) continue;
          await this.add(bytes, s.duration, s.at);
          changed = true;
        }
      }
      // Earlier ffmpegs are gone (killed before a restart): their folders too, once read.
      for (const g of gens.slice(0, -1)) await fs.rm(path.join(this.dir, g), { recursive: true, force: true }).catch(() => {});
      if (changed) await this.writePlaylist();
    } catch (err) {
      this.log.warn({ err, streamId: this.streamId }, 'hls: storing segments failed');
    } finally {
      this.polling = false;
    }
  }

  private async add(bytes: Buffer, duration: number, at: Date | null): Promise<void> {
    const seq = this.nextSeq++;
    const name = `s${seq}.ts`;
    await this.packager.opts.storage.put(hlsKey(this.streamId, name), bytes, 'video/mp2t');
    this.stored.add(name);
    this.bytes.set(name, bytes);
    const discontinuity = this.pendingDiscontinuity;
    this.pendingDiscontinuity = false;
    this.segments.push({ name, seq, duration, at, discontinuity });
    const list = this.packager.listSize;
    while (this.segments.length > list) {
      const gone = this.segments.shift()!;
      if (gone.discontinuity) this.discontinuities += 1;
      // Kept a little longer in memory and storage: a player may be fetching it right now.
      setTimeout(() => void this.drop(gone.name), this.packager.segmentSeconds * 4000).unref();
    }
  }

  private async drop(name: string): Promise<void> {
    this.bytes.delete(name);
    if (!this.stored.delete(name)) return;
    await this.packager.opts.storage.delete(hlsKey(this.streamId, name)).catch((err: unknown) => this.log.warn({ err, streamId: this.streamId }, 'hls: deleting a segment failed'));
  }

  private async writePlaylist(): Promise<void> {
    if (this.segments.length === 0 || this.stopped) return;
    const text = renderPlaylist(this.segments, this.discontinuities);
    await this.packager.opts.storage.put(hlsKey(this.streamId, PLAYLIST), Buffer.from(text), 'application/vnd.apple.mpegurl');
    this.stored.add(PLAYLIST);
    this.playlistText = text;
    if (!this.isReady) {
      this.isReady = true;
      this.resolveReady();
    }
  }

  /** Stops ffmpeg, closes the ports, deletes every stored file and the temporary folder. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    this.ffmpeg?.kill('SIGKILL');
    this.ffmpeg = null;
    for (const s of Object.values(this.sockets ?? {})) s.close();
    this.sockets = null;
    if (!this.isReady) this.rejectReady(new Error('stopped'));
    // A copy under way finishes first, then everything it stored goes.
    while (this.polling) await new Promise((r) => setTimeout(r, 20));
    const storage = this.packager.opts.storage;
    await Promise.all([...this.stored].map((name) => storage.delete(hlsKey(this.streamId, name)).catch((err: unknown) => this.log.warn({ err, streamId: this.streamId }, 'hls: deleting a file failed'))));
    this.stored.clear();
    this.bytes.clear();
    this.playlistText = null;
    await fs.rm(this.dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The segments of an ffmpeg playlist: URI, duration, program date-time. */
export function parsePlaylist(text: string): Array<{ uri: string; duration: number; at: Date | null }> {
  const out: Array<{ uri: string; duration: number; at: Date | null }> = [];
  let duration = 0;
  let at: Date | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const d = new Date(line.slice(25));
      at = Number.isNaN(d.getTime()) ? null : d;
    } else if (line && !line.startsWith('#')) {
      out.push({ uri: line, duration: Number.isFinite(duration) ? duration : 0, at });
      duration = 0;
      at = null;
    }
  }
  return out;
}

/** A live media playlist (no end): one media sequence across ffmpeg restarts, a discontinuity at each. */
export function renderPlaylist(segments: HlsSegment[], discontinuitySequence: number): string {
  const target = Math.max(1, Math.ceil(Math.max(...segments.map((s) => s.duration))));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${segments[0]!.seq}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const s of segments) {
    if (s.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (s.at) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s.at.toISOString()}`);
    lines.push(`#EXTINF:${s.duration.toFixed(3)},`, s.name);
  }
  return lines.join('\n') + '\n';
}

/** The first RTP packet of a VP8 key frame (RFC 7741: S=1, partition 0, P bit of the frame tag 0). */
export function isVp8KeyFrameStart(rtp: Buffer): boolean {
  const cc = rtp[0]! & 0x0f;
  let o = 12 + cc * 4;
  if (rtp[0]! & 0x10) {
    if (rtp.length < o + 4) return false;
    o += 4 + rtp.readUInt16BE(o + 2) * 4;
  }
  if (rtp.length <= o) return false;
  const d = rtp[o]!;
  const start = (d & 0x10) !== 0 && (d & 0x07) === 0;
  if (!start) return false;
  o += 1;
  if (d & 0x80) {
    const x = rtp[o]!;
    o += 1;
    if (x & 0x80) o += rtp[o]! & 0x80 ? 2 : 1;
    if (x & 0x40) o += 1;
    if (x & 0x30) o += 1;
  }
  return rtp.length > o && (rtp[o]! & 0x01) === 0;
}

/** An even UDP port whose next one is free too (ffmpeg takes port + 1 for RTCP). */
async function freeUdpPair(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20000 + 2 * Math.floor(Math.random() * 20000);
    const a = await tryBind(port);
    if (!a) continue;
    const b = await tryBind(port + 1);
    a.close();
    if (!b) continue;
    b.close();
    return port;
  }
  throw new Error('no free UDP ports for the HLS packager');
}

function tryBind(port: number): Promise<dgram.Socket | null> {
  return new Promise((resolve) => {
    const s = dgram.createSocket('udp4');
    s.once('error', () => {
      s.close();
      resolve(null);
    });
    s.bind(port, '127.0.0.1', () => resolve(s));
  });
}

/** Resolves once something (ffmpeg) holds the port, or after `timeoutMs`. */
async function waitBound(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const s = await tryBind(port);
    if (!s) return;
    s.close();
    await new Promise((r) => setTimeout(r, 30));
  }
}
