/**
 * Starts the API as its own process (the way `npm start` does) on a free port with a throwaway
 * data directory, so a benchmark can read that process's memory and drive it over loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiRuntime } from '../../scripts/lib/api-runtime.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL) and removes its data directory (unless it was given). */
  stop(): Promise<void>;
}

/** Starts apps/api/src/server.ts; resolves when /readyz answers (demo data seeded when asked). */
export async function startApi(
  opts: { env?: Record<string, string>; seedDemo?: boolean; timeoutMs?: number; nodeArgs?: string[]; /** reuse (and keep) this data directory */ dataDir?: string } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-api-'));
  const url = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (scripts/lib/api-runtime.mjs); BENCH_API_NODE_ARGS, e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the API process.
  const runtime = apiRuntime({ ...opts.env });
  const nodeArgs = [...runtime.nodeArgs, ...(opts.nodeArgs ?? []), ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    // BENCH_API_LOG=file: the API's log lines (stdout) go to that file.
    stdio: ['ignore', process.env.BENCH_API_LOG ? fs.openSync(process.env.BENCH_API_LOG, 'a') : 'ignore', 'pipe'],
    env: {
      // The embedded database unless the caller names a server: the caller's own DATABASE_URL and
      // REDIS_URL (e.g. CI's) are not inherited.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'REDIS_URL')),
      NODE_ENV: 'development',
      ...runtime.env,
      LOG_LEVEL: 'warn',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_API_URL: url,
      PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      SEED_DEMO: opts.seedDemo ? 'true' : 'false',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
    if (process.env.BENCH_API_STDERR) process.stderr.write(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + (opts.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the API exited (${child.exitCode}) while starting:\n${stderr}`);
    }
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`the API did not become ready:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, child, dataDir, stop };
}

/** Signs in (POST /auth/login) and answers the bearer token. */
export async function login(apiUrl: string, email: string, password = 'stagepass-demo'): Promise<string> {
  const r = await fetch(`${apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, email, password }) });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** The pids of a process and all its descendants (Linux /proc). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
        const kids = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * `npm run worker` (apps/api/src/worker.ts) as its own process, beside API nodes started with
 * WORKERS=0: resolves once it runs its job handlers. Needs DATABASE_URL in `env`.
 */
export async function startWorker(opts: { env: Record<string, string>; timeoutMs?: number; /** shared with the API node (local file storage; kept) */ dataDir?: string }): Promise<{ pid: number; stop(): Promise<void> }> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-worker-'));
  const runtime = apiRuntime({ ...opts.env });
  const child = spawn(process.execPath, [...runtime.nodeArgs, '--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'REDIS_URL')),
      NODE_ENV: 'development',
      ...runtime.env,
      LOG_LEVEL: 'info',
      PUBLIC_API_URL: 'http://127.0.0.1:8080',
      PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...opts.env,
    },
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${out.slice(-2000)}`)), opts.timeoutMs ?? 120_000);
    const take = (d: Buffer) => {
      out = (out + d.toString()).slice(-8000);
      if (out.includes('worker running job handlers')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code}) while starting:\n${out.slice(-2000)}`));
    });
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      await exited;
      clearTimeout(killer);
    }
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (err) {
    await stop();
    throw err;
  }
  return { pid: child.pid!, stop };
}
