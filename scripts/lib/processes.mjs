import { spawn } from 'node:child_process';

/** Starts a child with prefixed output; the returned promise settles when it exits. */
export function run(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines) out.write(`[${name}] ${l}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/** Polls a URL until it answers 2xx (or the child dies / time runs out). */
export async function waitForUrl(url, { timeoutMs = 120_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child?.done.then(() => { exited = true; });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`process exited before ${url} answered`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}
