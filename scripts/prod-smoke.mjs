#!/usr/bin/env node
/**
 * `npm run prod-smoke` (scripts/prod-smoke.mjs): the production layout of docs/deploy.md brought up
 * on this machine's loopback — nginx rendering deploy/nginx/stagepass.conf over a self-signed
 * certificate, PostgreSQL, Redis, S3 storage (s3rver), two API nodes with WORKERS=0, one worker
 * and the web app's production build (scripts/lib/prod-layout.mjs) — then the main journeys
 * through the proxy over https, then everything torn down (also on a failure or Ctrl-C). Each step
 * prints its time.
 *
 *   npm run prod-smoke                 the smoke (PostgreSQL: a throwaway database on
 *                                      PROD_SMOKE_DATABASE_URL, default the machine's
 *                                      postgres://postgres@127.0.0.1:5432/postgres)
 *   npm run prod-smoke -- --failures   the smoke, then the failure scenarios of issue 33 §4 under
 *                                      steady traffic (scripts/lib/prod-failures.mjs), on a private
 *                                      PostgreSQL cluster it can stop (initdb + pg_ctl, port 9950)
 *   PROD_SMOKE_KEEP=1                  keep the temp dir (logs of every process, nginx's config)
 *
 * Redis is a redis-server of its own (port 9960) in both modes: the socket.io adapter and the cache
 * bus publish on channels that every database number of a Redis shares, so the machine's shared
 * Redis would mix this site's events with other sessions' sites.
 *
 * The script runs itself twice: the outer process makes the temp dir and the certificate and
 * starts the inner one with NODE_EXTRA_CA_CERTS naming it (so fetch and socket.io-client trust the
 * proxy like a browser that trusts the certificate); the outer process removes the temp dir after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { requireSupportedNode } from './lib/node-version.mjs';
import { makeCertificate } from './lib/prod-layout.mjs';

requireSupportedNode();

if (!process.env.PROD_SMOKE_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-prod-smoke-'));
  const cert = makeCertificate(dir);
  const child = spawn(process.execPath, [import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PROD_SMOKE_DIR: dir, NODE_EXTRA_CA_CERTS: cert.cert },
  });
  // Ctrl-C reaches the inner process too (same process group); a SIGTERM to us is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  // The private PostgreSQL cluster (--failures) runs as a daemon: stopped here too if the inner
  // process died without its teardown.
  if (fs.existsSync(path.join(dir, 'pgdata', 'postmaster.pid'))) {
    const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const [cmd, ...args] = [...asPg, '/usr/lib/postgresql/15/bin/pg_ctl', '-D', path.join(dir, 'pgdata'), '-m', 'immediate', '-w', 'stop'];
    spawnSync(cmd, args, { stdio: 'ignore' });
  }
  if (process.env.PROD_SMOKE_KEEP === '1' || (code !== 0 && process.env.PROD_SMOKE_KEEP !== '0')) console.log(`(logs and config kept in ${dir})`);
  else fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

const { runSmoke } = await import('./lib/prod-smoke-run.mjs');
process.exit(await runSmoke({ dir: process.env.PROD_SMOKE_DIR, failures: process.argv.includes('--failures') }));
