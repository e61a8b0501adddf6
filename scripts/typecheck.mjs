#!/usr/bin/env node
// `npm run typecheck`: the type checker over every TypeScript program — the API (with the
// benchmarks, which import it: one program instead of checking the API's files twice), the web app,
// the shared package and the browser tests (e2e/tsconfig.json) — two at a time, single-threaded
// each (CI and most laptops have two cores or more). Each one's output is printed whole when it ends, with its time; any error fails the run.
//
// The checker is tsgo, TypeScript's native port (@typescript/native-preview, pinned: the Go binary
// ships inside its npm package), about 3–4× less CPU than tsc 5.9 on these programs (issue 26:
// apps/api 8 s against 31 s of CPU). TYPECHECK_TSC=1 checks with tsc 5.9 instead — the compiler
// the editor, the web build and typescript-eslint use — to compare when the two disagree.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const useTsc = process.env.TYPECHECK_TSC === '1';
const checker = useTsc
  ? { name: 'tsc', args: [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')] }
  : { name: 'tsgo', args: [path.join(ROOT, 'node_modules', '@typescript', 'native-preview', 'bin', 'tsgo'), '--singleThreaded'] };
// Longest first, so the two lanes end together.
const programs = ['apps/api', 'apps/web', 'packages/shared', 'e2e'];
const lanes = Number(process.env.TYPECHECK_JOBS || 2);

function check(project) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...checker.args, '-p', project, '--noEmit'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? '✔' : '✖'} ${checker.name} -p ${project} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...programs];
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    let ok = true;
    for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
