import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is at the other end of the HTTP request being served: the client's address (`x-client-ip`
 * from the web server, else the socket's) and user agent, as the request gave them. Set once per
 * request by app.ts (an onRequest hook runs the rest of the request inside it); outside a request
 * (jobs, sweeps, the seed) there is none.
 *
 * Read it only where a record is made at the user's own request and its README says the record
 * keeps the client (a card payment's purchase, a sign-in: payments and auth READMEs) — never from
 * code a webhook or a job also runs, where the "client" would be the gateway or nobody.
 */
export interface RequestClient {
  ip: string | null;
  /** The User-Agent header, cut to USER_AGENT_MAX characters. */
  userAgent: string | null;
}

/** What a user agent is cut to where it is kept (a header can be long; this is enough to recognise it). */
export const USER_AGENT_MAX = 500;

const storage = new AsyncLocalStorage<RequestClient>();

/** Runs `fn` (the rest of a request) with `client` as its request client. */
export function runWithRequestClient<T>(client: RequestClient, fn: () => T): T {
  return storage.run(client, fn);
}

/** The client of the request being served, or null outside a request. */
export function requestClient(): RequestClient | null {
  return storage.getStore() ?? null;
}

/** A user agent as kept: trimmed and cut to USER_AGENT_MAX; empty → null. */
export function keptUserAgent(ua: unknown): string | null {
  return typeof ua === 'string' && ua.trim() ? ua.trim().slice(0, USER_AGENT_MAX) : null;
}

/** How long a kept client (a payment's, a sign-in's) stays: Stripe takes disputes up to 120 days after a charge; 180 covers them with margin. */
export const CLIENT_RECORD_DAYS = 180;

/** A request client as a record's columns. */
export function clientColumns(client: RequestClient | null): { clientIp: string | null; clientDevice: string | null } {
  return { clientIp: client?.ip ?? null, clientDevice: client?.userAgent ?? null };
}
