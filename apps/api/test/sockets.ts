import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@stagepass/shared';
import type { TestApp } from './harness';

/** A typed socket.io client of the realtime gateway, and what it received (for tests). */
export type Client = Socket<ServerToClientEvents, ClientToServerEvents> & { received: Array<{ event: string; payload: unknown }> };

/** Listens on an ephemeral port (the gateway needs a real HTTP server; app.inject has none). */
export async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Connects with `token` and resolves once connected and in its rooms. */
export async function connectClient(url: string, token: string, open: Client[]): Promise<Client> {
  const s = connect(url, { query: { token }, transports: ['websocket'], reconnection: false, forceNew: true }) as Client;
  s.received = [];
  s.onAny((event: string, payload: unknown) => s.received.push({ event, payload }));
  open.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  await settle();
  return s;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Gives a room join or a broadcast time to land (Redis adapter). */
export const settle = () => sleep(process.env.REDIS_URL ? 200 : 50);

/** The payloads of one event a client received so far. */
export const got = <E extends keyof ServerToClientEvents>(s: Client, event: E) =>
  s.received.filter((r) => r.event === event).map((r) => r.payload as Parameters<ServerToClientEvents[E]>[0]);

/** Waits (up to `ms`) until the client received `n` events of a kind; answers their payloads. */
export async function waitFor<E extends keyof ServerToClientEvents>(s: Client, event: E, n = 1, ms = 5000): Promise<Array<Parameters<ServerToClientEvents[E]>[0]>> {
  const until = Date.now() + ms;
  while (got(s, event).length < n && Date.now() < until) await sleep(20);
  return got(s, event);
}
