/**
 * Lighthouse (the npm package) on Debian's Chromium, for bench/web.mts (issue 34 §4): its default
 * configuration, i.e. the mobile profile (a phone's screen, simulated slow 4G and a 4× slower CPU),
 * performance and accessibility only. One Chromium for all the pages, each page audited in a fresh
 * tab by Lighthouse itself; the median of `runs` audits is kept (Lighthouse's own advice: single
 * runs vary, most on a shared machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

export interface PageScore {
  performance: number;
  accessibility: number;
  /** Largest contentful paint, total blocking time (ms), cumulative layout shift. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Starts Chromium with a DevTools port (the flags this machine needs: no sandbox as root, no background networking). */
export async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port: ${err.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  child.stderr!.resume();
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Sends DevTools commands to the browser itself (its /json/version endpoint), in order; answers their results. */
async function browserCommands(port: number, commands: Array<{ method: string; params?: object; session?: 'page' }>): Promise<unknown[]> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error('DevTools socket failed'));
  });
  let id = 0;
  const pending = new Map<number, { method: string; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.onmessage = (m) => {
    const msg = JSON.parse(String(m.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
    else p.resolve(msg.result);
  };
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<unknown>((resolve, reject) => {
      pending.set(++id, { method, resolve, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  try {
    // A blank tab for the commands that need a page (the HTTP cache is cleared through one).
    const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    const results: unknown[] = [];
    for (const c of commands) results.push(await send(c.method, c.params, c.session === 'page' ? sessionId : undefined));
    await send('Target.closeTarget', { targetId });
    return results;
  } finally {
    ws.close();
  }
}

/**
 * A signed-in first load: the origin's storage, service worker, Cache Storage and cookies cleared
 * and the HTTP cache emptied (what Lighthouse's own reset does), then the session cookie set in the
 * browser — where the web app's client reads it, which a request header alone would not give it.
 */
export async function signedInColdStart(port: number, url: string, cookie: { name: string; value: string }) {
  const origin = new URL(url).origin;
  await browserCommands(port, [
    { method: 'Storage.clearDataForOrigin', params: { origin, storageTypes: 'cookies,service_workers,cache_storage,indexeddb,local_storage,file_systems,shader_cache' }, session: 'page' },
    { method: 'Network.enable', session: 'page' },
    { method: 'Network.clearBrowserCache', session: 'page' },
    { method: 'Storage.setCookies', params: { cookies: [{ name: cookie.name, value: cookie.value, url: origin, path: '/', sameSite: 'Lax' }] } },
  ]);
}

/** One Lighthouse audit of `url` (mobile profile), signed in with `cookie` when given. */
async function auditOnce(port: number, url: string, cookie?: { name: string; value: string }): Promise<PageScore> {
  if (cookie) await signedInColdStart(port, url, cookie);
  // Signed in, Lighthouse must not reset the storage (the cookie with it): signedInColdStart did the rest of that reset.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(cookie ? { disableStorageReset: true } : {}) });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The page audited is the one asked for (a lost session would land on /auth/login and be measured instead).
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse: ${url} ended on ${lhr.finalDisplayedUrl}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
  };
}

/** The run with the median performance score of `runs` audits (its own LCP, TBT and CLS with it). */
export async function audit(port: number, url: string, opts: { cookie?: { name: string; value: string }; runs?: number } = {}): Promise<PageScore & { scores: number[] }> {
  const all: PageScore[] = [];
  for (let i = 0; i < (opts.runs ?? 3); i++) all.push(await auditOnce(port, url, opts.cookie));
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: all.map((s) => s.performance) };
}
