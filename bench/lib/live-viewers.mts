/**
 * Werift viewers in a process of their own, for bench/live.mts: werift is pure TypeScript, so a
 * few hundred viewers' SRTP in one event loop would measure the bench, not Janus. The signalling
 * still goes through the bench's JanusMedia (the API's part), over IPC:
 *
 *   parent → child  { t: 'create', from, count }         make `count` viewers (fan-<from+i>)
 *   child → parent  { t: 'subscribe', id, userId }       → { t: 'reply', id, peerId, offer } | { t: 'reply', id, error, code }
 *   child → parent  { t: 'start', id, peerId, answer }   → { t: 'reply', id } | { t: 'reply', id, error }
 *   child → parent  { t: 'created', connected }          all made; how many reached 'connected'
 *   parent → child  { t: 'counts' }                      → { t: 'counts', frames: number[] }
 *   parent → child  { t: 'arrivals', from, to }          → { t: 'arrivals', times: number[][] } per viewer, the wall
 *                                                          time (performance.timeOrigin + now()) the first packet of
 *                                                          each frame from..to arrived, −1 when none did
 *   parent → child  { t: 'close' }                       closes every viewer and exits
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Jsep } from '../../apps/api/src/platform/live/provider';

type Reply = { t: 'reply'; id: number; peerId?: string; offer?: Jsep; error?: string; code?: string };
type ToChild = { t: 'create'; from: number; count: number } | { t: 'counts' } | { t: 'arrivals'; since: number } | { t: 'close' } | Reply;
type FromChild =
  | { t: 'subscribe'; id: number; userId: string }
  | { t: 'start'; id: number; peerId: string; answer: Jsep }
  | { t: 'created'; connected: number }
  | { t: 'counts'; frames: number[] }
  | { t: 'arrivals'; times: Array<Array<[number, number]>> };

export interface ViewerProcess {
  pid: number;
  /** Makes the viewers; resolves with how many connected. */
  create(from: number, count: number): Promise<number>;
  counts(): Promise<number[]>;
  /** Per viewer: [frame number or VP8 picture ID, wall time (ms) its first packet arrived] since `since`. */
  arrivals(since: number): Promise<Array<Array<[number, number]>>>;
  close(): Promise<void>;
}

/** Forks a viewer process whose signalling calls `subscribe` / `start` here (the bench's JanusMedia). */
export function forkViewers(api: {
  subscribe(userId: string): Promise<{ peerId: string; offer: Jsep }>;
  start(peerId: string, answer: Jsep): Promise<void>;
}): ViewerProcess {
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const send = (m: ToChild) => child.send(m);
  const waiting = new Map<string, (m: FromChild) => void>();
  child.on('message', (m: FromChild) => {
    if (m.t === 'subscribe') {
      api.subscribe(m.userId).then(
        (r) => send({ t: 'reply', id: m.id, peerId: r.peerId, offer: r.offer }),
        (err: Error & { code?: string }) => send({ t: 'reply', id: m.id, error: err.message, code: err.code }),
      );
    } else if (m.t === 'start') {
      api.start(m.peerId, m.answer).then(
        () => send({ t: 'reply', id: m.id }),
        (err: Error) => send({ t: 'reply', id: m.id, error: err.message }),
      );
    } else {
      waiting.get(m.t)?.(m);
    }
  });
  const ask = <T extends FromChild['t']>(msg: ToChild, answer: T) =>
    new Promise<Extract<FromChild, { t: T }>>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`viewer process exited (${code})`)));
      waiting.set(answer, (m) => resolve(m as Extract<FromChild, { t: T }>));
      send(msg);
    });
  return {
    pid: child.pid!,
    create: async (from, count) => (await ask({ t: 'create', from, count }, 'created')).connected,
    counts: async () => (await ask({ t: 'counts' }, 'counts')).frames,
    arrivals: async (since) => (await ask({ t: 'arrivals', since }, 'arrivals')).times,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      send({ t: 'close' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
    },
  };
}

// ── the child ───────────────────────────────────────────────────────────────
if (process.send && process.argv[1] === import.meta.filename) {
  const { createViewer, frameOf } = await import('../../apps/api/test/live-peers');
  const { vp8PictureId } = await import('./live-camera.mts');
  const viewers: Awaited<ReturnType<typeof createViewer>>[] = [];
  /** Per viewer: [frame, wall time] each time a packet of another frame than the last arrives. */
  const arrived: Array<Array<[number, number]>> = [];
  const watchArrivals = (viewer: Awaited<ReturnType<typeof createViewer>>) => {
    const seen: Array<[number, number]> = [];
    let last = -1;
    arrived.push(seen);
    for (const t of viewer.pc.getTransceivers()) {
      if (t.kind !== 'video') continue;
      for (const track of t.receiver.tracks) {
        track.onReceiveRtp.subscribe((rtp) => {
          // The generated camera's frame number, or a real VP8 camera's picture ID (bench/lib/live-camera.mts).
          const f = frameOf(rtp.payload) ?? vp8PictureId(rtp.payload)?.id ?? null;
          if (f === null || f === last) return;
          last = f;
          seen.push([f, performance.timeOrigin + performance.now()]);
        });
      }
    }
  };
  let next = 0;
  const pending = new Map<number, (r: Reply) => void>();
  const call = (m: FromChild & { id: number }) =>
    new Promise<Reply>((resolve) => {
      pending.set(m.id, resolve);
      process.send!(m);
    });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  process.on('message', async (m: ToChild) => {
    if (m.t === 'reply') {
      pending.get(m.id)?.(m);
      pending.delete(m.id);
    } else if (m.t === 'create') {
      for (let i = 0; i < m.count; i++) {
        const userId = `fan-${m.from + i}`;
        const viewer = await createViewer(
          async () => {
            for (let attempt = 0; ; attempt++) {
              const r = await call({ t: 'subscribe', id: next++, userId });
              if (!r.error) return { peerId: r.peerId!, offer: r.offer! };
              if (r.code !== 'not_publishing' || attempt > 50) throw new Error(r.error);
              await sleep(200);
            }
          },
          async (peerId, answer) => {
            const r = await call({ t: 'start', id: next++, peerId, answer });
            if (r.error) throw new Error(r.error);
          },
        );
        viewers.push(viewer);
        watchArrivals(viewer);
      }
      const states = await Promise.allSettled(viewers.map((v) => v.connected(30_000)));
      process.send!({ t: 'created', connected: states.filter((s) => s.status === 'fulfilled').length });
    } else if (m.t === 'counts') {
      // Packets of the generated camera's frames; a real VP8 camera's carry no signature: every video packet.
      process.send!({ t: 'counts', frames: viewers.map((v) => v.frames() || v.packets()) });
    } else if (m.t === 'arrivals') {
      const times = arrived.map((seen) => seen.filter(([, t]) => t >= m.since));
      process.send!({ t: 'arrivals', times });
    } else if (m.t === 'close') {
      await Promise.allSettled(viewers.map((v) => v.close()));
      process.exit(0);
    }
  });
}
