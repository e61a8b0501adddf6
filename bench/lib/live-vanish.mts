/**
 * The creator vanishes (issue 27 §1): the API runs as its own process with the demo data and the
 * given Janus; Luna goes live, a werift camera in a process of its own publishes, VIEWERS sockets
 * of a subscribed fan sit in the stream's room; then the camera process is SIGKILLed — no hangup,
 * no DTLS close, nothing more on the wire, as a crashed browser or a cut network. Measured from the
 * kill, for the last of the viewers: "the connection dropped" ('stream/updated' with `droppedAt`)
 * and the end ('stream/ended'), against the default grace (liveReconnectGraceSeconds, 60 s).
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { JanusInstance } from '../../scripts/lib/janus.mjs';
import type { Jsep } from '../../apps/api/src/platform/live/provider';
import { spawnPublisher } from '../../apps/api/test/publisher-process';
import { startApi } from './api-process.mts';
import { fmt, type BenchRow } from './report.mts';

const GRACE_SECONDS = 60;

export async function measureVanish(janus: JanusInstance, viewers: number, log: (m: string) => void): Promise<BenchRow[]> {
  const api = await startApi({ seedDemo: true, env: { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey } });
  const sockets: Socket[] = [];
  try {
    const call = async <T,>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T; message?: string };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
      return json.data;
    };
    const login = async (username: string) => (await call<{ token: string }>('POST', '/auth/login', null, { username, password: 'stagepass-demo' })).token;
    const [luna, fan] = await Promise.all([login('luna'), login('fan')]);
    const stream = await call<{ _id: string }>('POST', '/streaming/live', luna, { type: 'public', access: 'subscribers', title: 'Vanishing act' });
    const publishVia = async (offer: Jsep) => {
      const join = await call<{ credential: { token: string } }>('GET', `/streaming/join/${stream._id}`, luna);
      return (await call<{ jsep: Jsep }>('POST', `/streaming/janus/${stream._id}/publish`, luna, { token: join.credential.token, jsep: offer })).jsep;
    };
    const camera = await spawnPublisher(publishVia);

    const dropped: number[] = [];
    const ended: number[] = [];
    for (let i = 0; i < viewers; i++) {
      const s = connect(api.url, { query: { token: fan }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const inRoom = await s.timeout(5000).emitWithAck('stream/join', { streamId: stream._id });
      if (!inRoom) throw new Error('a viewer could not join the stream room');
      s.on('stream/updated', (e: { stream: { droppedAt: string | null } }) => {
        if (e.stream.droppedAt && dropped[i] === undefined) dropped[i] = performance.now();
      });
      s.on('stream/ended', () => {
        if (ended[i] === undefined) ended[i] = performance.now();
      });
    }
    // On air (Janus has the media) before the camera vanishes.
    for (let i = 0; ; i++) {
      const s = await call<{ publishing: boolean }>('GET', `/streaming/live/${stream._id}`, fan);
      if (s.publishing) break;
      if (i > 100) throw new Error('the camera never came on air');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 2000)); // a steady stream of media first
    log(`vanish: the camera process is killed with ${viewers} viewer sockets in the room; waiting up to ${GRACE_SECONDS + 30} s for the end`);
    const t0 = performance.now();
    camera.kill();
    const deadline = t0 + (GRACE_SECONDS + 30) * 1000;
    while (ended.filter((x) => x !== undefined).length < viewers && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const last = (xs: number[]) => (xs.filter((x) => x !== undefined).length === viewers ? Math.max(...xs) - t0 : null);
    const toDropped = last(dropped);
    const toEnded = last(ended);
    log(`vanish: "connection dropped" reached every viewer after ${toDropped === null ? 'never' : `${fmt(toDropped / 1000, 2)} s`}, "ended" after ${toEnded === null ? 'never' : `${fmt(toEnded / 1000, 2)} s`}`);
    return [
      {
        suite: 'live',
        figure: `creator vanishes (camera process killed, no hangup) → "connection dropped" at all ${viewers} viewers`,
        value: toDropped === null ? 'never' : `${fmt(toDropped / 1000, 2)} s`,
        target: '≤ 5 s',
        met: toDropped !== null && toDropped <= 5000,
      },
      {
        suite: 'live',
        figure: `creator vanishes → "ended" at all ${viewers} viewers (grace ${GRACE_SECONDS} s, the default)`,
        value: toEnded === null ? 'never' : `${fmt(toEnded / 1000, 2)} s`,
        target: `≤ ${GRACE_SECONDS + 5} s`,
        met: toEnded !== null && toEnded <= (GRACE_SECONDS + 5) * 1000,
      },
    ];
  } finally {
    for (const s of sockets) s.close();
    await api.stop();
  }
}
