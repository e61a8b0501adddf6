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

/**
 * Connects with `token` and resolves once connected, which is once in its rooms: the gateway joins
 * `user:<id>` and the session's room in the same tick as it sends the connection's acknowledgement.
 */
export async function connectClient(url: string, token: string, open: Client[]): Promise<Client> {
  const s = connect(url, { query: { token }, transports: ['websocket'], reconnection: false, forceNew: true }) as Client;
  s.received = [];
  s.onAny((event: string, payload: unknown) => {
    if (event !== FLUSH) s.received.push({ event, payload });
  });
  open.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Joins a guarded room ('stream/join', 'conversation/join'); answers the server's acknowledgement: in the room or not. */
export function joinRoom(s: Socket<ServerToClientEvents, ClientToServerEvents>, event: 'stream/join', payload: { streamId: string }): Promise<boolean>;
export function joinRoom(s: Socket<ServerToClientEvents, ClientToServerEvents>, event: 'conversation/join', payload: { conversationId: string }): Promise<boolean>;
export function joinRoom(s: Socket<ServerToClientEvents, ClientToServerEvents>, event: 'stream/join' | 'conversation/join', payload: { streamId: string } | { conversationId: string }): Promise<boolean> {
  return (s.timeout(5000) as unknown as { emitWithAck(e: string, p: unknown): Promise<boolean> }).emitWithAck(event, payload);
}

/** A marker event only tests send (connectClient leaves it out of `received`). */
const FLUSH = 'test/flush';
let flushes = 0;
/**
 * Resolves once `s` (a socket of `userId`) got a marker sent now to the user's room through the
 * app's realtime gateway: whatever the gateway pushed to that socket before this call has arrived
 * (one connection delivers in order, and with Redis one channel does). The positive signal before
 * asserting that something did NOT arrive — no fixed sleep.
 */
export async function flushed(t: Pick<TestApp, 'ctx'>, s: Socket<ServerToClientEvents, ClientToServerEvents>, userId: string, ms = 5000): Promise<void> {
  const n = ++flushes;
  const raw = s as unknown as Socket;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      raw.off(FLUSH, on);
      reject(new Error(`the socket of ${userId} did not get the flush marker within ${ms} ms (disconnected?)`));
    }, ms);
    const on = (p: { n: number }) => {
      if (p.n !== n) return;
      clearTimeout(timer);
      raw.off(FLUSH, on);
      resolve();
    };
    raw.on(FLUSH, on);
    (t.ctx.realtime.toUser as (userId: string, event: string, payload: unknown) => void).call(t.ctx.realtime, userId, FLUSH, { n });
  });
}

/** Polls `ok` (every 20 ms, up to `ms`) until it holds; throws naming `what` otherwise. */
export async function eventually(what: string, ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The payloads of one event a client received so far. */
export const got = <E extends keyof ServerToClientEvents>(s: Client, event: E) =>
  s.received.filter((r) => r.event === event).map((r) => r.payload as Parameters<ServerToClientEvents[E]>[0]);

/** Waits (up to `ms`) until the client received `n` events of a kind; answers their payloads. */
export async function waitFor<E extends keyof ServerToClientEvents>(s: Client, event: E, n = 1, ms = 5000): Promise<Array<Parameters<ServerToClientEvents[E]>[0]>> {
  const until = Date.now() + ms;
  while (got(s, event).length < n && Date.now() < until) await sleep(20);
  return got(s, event);
}
