import fs from 'node:fs';
import { processTree } from './api-process.mts';

/** CPU ticks (user + system) a process tree has used so far. */
function cpuTicks(pid: number): number {
  let sum = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      /* gone */
    }
  }
  return sum;
}

/**
 * Waits until a process tree is idle (under 5 % of one core over two consecutive 2-second windows),
 * e.g. until the demo seed's media jobs are done; gives up after `maxMs`. Answers whether it settled.
 */
export async function waitIdle(pid: number, maxMs = 240_000): Promise<boolean> {
  const until = Date.now() + maxMs;
  let quiet = 0;
  while (Date.now() < until) {
    const a = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 2000));
    const used = (cpuTicks(pid) - a) / 100 / 2; // ticks are 1/100 s (USER_HZ)
    quiet = used < 0.05 ? quiet + 1 : 0;
    if (quiet >= 2) return true;
  }
  return false;
}
