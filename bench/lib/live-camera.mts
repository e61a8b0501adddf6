/**
 * The bench's camera in a process of its own (bench/lib/live-scale.mts): real VP8 — ffmpeg's test
 * pattern encoded by libvpx in real time (`-re`), packetized as RTP by ffmpeg — written to a werift
 * peer connection that publishes through the API. Real VP8 because the HLS packager decodes it
 * (the generated payloads of apps/api/test/live-peers.ts are not decodable). ffmpeg's VP8 payload
 * descriptor carries a picture ID (7 bits from ffmpeg) that Janus passes through untouched: with the
 * send times it identifies each frame at the viewers (an ID comes back every 128 frames, 4 s). Kept per frame (picture ID, unwrapped): the wall time its first packet was
 * written (`performance.timeOrigin + performance.now()`, comparable across this machine's
 * processes), and which frames are key frames (one every KEY_EVERY frames).
 *
 *   parent → child  { t: 'answer', jsep }                 (after the child's { t: 'offer', jsep })
 *   child → parent  { t: 'connected' }                    ICE + DTLS up, camera on
 *   parent → child  { t: 'nextKey' }                      → { t: 'key', frame } when the next key frame has been sent
 *   parent → child  { t: 'sent' }                         → { t: 'sent', frames, packets }
 *   parent → child  { t: 'times', from, to }              → { t: 'times', times } (send wall time of frames from..to, −1 unknown)
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Jsep } from '../../apps/api/src/platform/live/provider';

type ToChild = { t: 'answer'; jsep: Jsep } | { t: 'nextKey' } | { t: 'sent' } | { t: 'times'; from: number; to: number };
type FromChild = { t: 'offer'; jsep: Jsep } | { t: 'connected' } | { t: 'failed'; error: string } | { t: 'key'; frame: number } | { t: 'sent'; frames: number; packets: number; firstId: number } | { t: 'times'; times: number[] };

export interface CameraProcess {
  pid: number;
  fps: number;
  /** Resolves with the number of the next key frame, once it has been sent. */
  nextKey(): Promise<number>;
  /** Frames and packets sent so far; the picture ID of frame 0. */
  sent(): Promise<{ frames: number; packets: number; firstId: number }>;
  times(from: number, to: number): Promise<number[]>;
  kill(): void;
}

/** Starts the camera; its SDP offer goes through `publish` (the API's …/publish); resolves once its media is up. */
export async function spawnCamera(publish: (offer: Jsep) => Promise<Jsep>, opts: { fps: number; kbps: number }): Promise<CameraProcess> {
  const child: ChildProcess = fork(import.meta.filename, [String(opts.fps), String(opts.kbps)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (m: FromChild) => void>();
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the camera process exited (${code})`))));
  exited.catch(() => {});
  child.on('message', (m: FromChild) => {
    if (m.t === 'offer') {
      publish(m.jsep).then(
        (jsep) => child.send({ t: 'answer', jsep } satisfies ToChild),
        (err: Error) => waiting.get('connected')?.({ t: 'failed', error: err.message }),
      );
      return;
    }
    waiting.get(m.t === 'failed' ? 'connected' : m.t)?.(m);
  });
  const ask = <T extends FromChild['t']>(msg: ToChild | null, answer: T) =>
    Promise.race([
      exited,
      new Promise<Extract<FromChild, { t: T }>>((resolve) => {
        waiting.set(answer, (m) => resolve(m as Extract<FromChild, { t: T }>));
        if (msg) child.send(msg);
      }),
    ]);
  const up = await ask(null, 'connected');
  if ((up as FromChild).t === 'failed') {
    child.kill('SIGKILL');
    throw new Error(`the camera could not publish: ${(up as unknown as { error: string }).error}`);
  }
  return {
    pid: child.pid!,
    fps: opts.fps,
    nextKey: async () => (await ask({ t: 'nextKey' }, 'key')).frame,
    sent: async () => {
      const m = await ask({ t: 'sent' }, 'sent');
      return { frames: m.frames, packets: m.packets, firstId: m.firstId };
    },
    times: async (from, to) => (await ask({ t: 'times', from, to }, 'times')).times,
    kill: () => {
      // SIGTERM first: the child's exit takes its ffmpeg along.
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    },
  };
}

/** The 15-bit (or 7-bit) picture ID of a VP8 RTP payload's descriptor, or null; `start`: the first packet of a frame. */
export function vp8PictureId(payload: Uint8Array): { id: number; bits: 7 | 15; start: boolean; key: boolean } | null {
  const d = payload[0]!;
  if (!(d & 0x80) || payload.length < 3) return null;
  const x = payload[1]!;
  if (!(x & 0x80)) return null;
  let o = 2;
  const long = (payload[o]! & 0x80) !== 0;
  const id = long ? ((payload[o]! & 0x7f) << 8) | payload[o + 1]! : payload[o]! & 0x7f;
  o += long ? 2 : 1;
  if (x & 0x40) o += 1;
  if (x & 0x30) o += 1;
  const start = (d & 0x10) !== 0 && (d & 0x07) === 0;
  return { id, bits: long ? 15 : 7, start, key: start && payload.length > o && (payload[o]! & 0x01) === 0 };
}

/** Key frames of the camera: one every this many frames (10 s at 30 fps: the HLS anchor is unambiguous). */
export const KEY_EVERY = 300;

// ── the child ───────────────────────────────────────────────────────────────
if (process.send && process.argv[1] === import.meta.filename) {
  const dgram = await import('node:dgram');
  const { spawn } = await import('node:child_process');
  const { MediaStreamTrack, RTCPeerConnection, RtpPacket } = await import('werift');
  const { connectedPc } = await import('../../apps/api/test/live-peers');
  const { mediaTools } = await import('../../apps/api/src/modules/media/media.processing');
  const fps = Number(process.argv[2] ?? 30);
  const kbps = Number(process.argv[3] ?? 1000);
  const now = () => performance.timeOrigin + performance.now();
  const send = (m: FromChild) => process.send!(m);

  const pc = new RTCPeerConnection({ iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  pc.addTransceiver('audio', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((s) => {
        if (s !== 'complete') return;
        unSubscribe();
        resolve();
      });
    });
  }
  // Send wall times by frame number (picture ID unwrapped; half an hour of frames at most).
  const sentAt = new Float64Array(fps * 60 * 30).fill(-1);
  let frames = 0;
  let packets = 0;
  let lastId = -1;
  let firstId = -1;
  let frame = -1;
  let keyWaiters: Array<(f: number) => void> = [];
  const startCamera = async () => {
    const sock = dgram.createSocket('udp4');
    sock.on('message', (m) => {
      const rtp = RtpPacket.deSerialize(m);
      const pic = vp8PictureId(rtp.payload);
      if (pic && pic.id !== lastId) {
        if (firstId < 0) firstId = pic.id;
        const mod = pic.bits === 15 ? 32768 : 128; // ffmpeg sends 7-bit picture IDs
        frame = lastId < 0 ? 0 : frame + ((pic.id - lastId + mod) % mod);
        lastId = pic.id;
        frames = frame + 1;
      }
      if (pic?.start && frame >= 0 && frame < sentAt.length && sentAt[frame]! < 0) sentAt[frame] = now();
      track.writeRtp(rtp);
      packets += 1;
      if (pic?.key) {
        const ws = keyWaiters;
        keyWaiters = [];
        for (const w of ws) w(frame);
      }
    });
    await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
    const ffmpeg = spawn(mediaTools(process.env).ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${fps}`,
      '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', String(KEY_EVERY), '-keyint_min', String(KEY_EVERY),
      '-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`,
      '-f', 'rtp', '-pkt_size', '1100', `rtp://127.0.0.1:${sock.address().port}`,
    ], { stdio: ['ignore', 'ignore', 'inherit'] });
    process.on('exit', () => ffmpeg.kill('SIGKILL'));
  };

  let answered: (j: Jsep) => void = () => {};
  const answer = new Promise<Jsep>((r) => (answered = r));
  process.on('message', (m: ToChild) => {
    if (m.t === 'answer') answered(m.jsep);
    else if (m.t === 'nextKey') keyWaiters.push((f) => send({ t: 'key', frame: f }));
    else if (m.t === 'sent') send({ t: 'sent', frames, packets, firstId });
    else if (m.t === 'times') {
      const out: number[] = [];
      for (let f = m.from; f <= m.to; f++) out.push(f >= 0 && f < sentAt.length ? sentAt[f]! : -1);
      send({ t: 'times', times: out });
    }
  });
  // The parent going away (or SIGTERM) takes ffmpeg along.
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  send({ t: 'offer', jsep: { type: 'offer', sdp: pc.localDescription!.sdp } });
  await pc.setRemoteDescription(await answer);
  await startCamera();
  await connectedPc(pc);
  send({ t: 'connected' });
}
