// Worker half of open-loop.mts (plain JS: worker threads do not inherit the tsx loader).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// `requests` (optional): request i is requests[i % length] — its own method, path, headers and
// JSON body (a checkout per fan); otherwise every request is a GET of `url`.
const { url, rate, seconds, headers = {}, requests = null } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(url);
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const latencies = [];
let ok = 0;
let errors = 0;
let done = 0;
const t0 = performance.now();

function fire(i) {
  const due = t0 + i * interval;
  const one = requests ? requests[i % requests.length] : null;
  const body = one?.body === undefined ? null : JSON.stringify(one.body);
  const req = http.request({
    host: target.hostname, port: target.port, agent, method: one?.method ?? 'GET', path: one?.path ?? target.pathname + target.search,
    headers: { ...headers, ...(one?.headers ?? {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
  }, (res) => {
    res.resume();
    res.on('end', () => {
      latencies.push(performance.now() - due);
      if (res.statusCode >= 200 && res.statusCode < 300) ok++;
      else errors++;
      finish();
    });
  });
  req.on('error', () => {
    errors++;
    finish();
  });
  req.end(body ?? undefined);
}
function finish() {
  if (++done === total) {
    agent.destroy();
    parentPort.postMessage({ latencies, sent: total, ok, errors });
  }
}
let next = 0;
function schedule() {
  const now = performance.now();
  while (next < total && t0 + next * interval <= now) fire(next++);
  if (next < total) setTimeout(schedule, Math.max(0, t0 + next * interval - performance.now()));
}
schedule();
