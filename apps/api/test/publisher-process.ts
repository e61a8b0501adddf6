/**
 * A werift camera in a process of its own, so a test can make the creator vanish the way a crashed
 * browser or a cut network does: SIGKILL — no hangup, no DTLS close, no RTCP, nothing more on the
 * wire. Run as a script it speaks one JSON line each way on stdio: it prints its SDP offer, reads
 * the answer, sends 30 frames a second and prints "connected" once ICE and DTLS are up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Jsep } from '../src/platform/live/provider';

export interface PublisherProcess {
  /** SIGKILL: the camera is gone without a word. */
  kill(): void;
  child: ChildProcess;
}

/** Starts the camera process and relays its offer through `publish` (the API's …/publish); answers once its media is up. */
export async function spawnPublisher(publish: (offer: Jsep) => Promise<Jsep>): Promise<PublisherProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error('the publisher process ended early');
    return r.value;
  };
  try {
    const answer = await publish(JSON.parse(await next()) as Jsep);
    child.stdin!.write(`${JSON.stringify(answer)}\n`);
    const up = await next();
    if (up !== 'connected') throw new Error(`the publisher process said ${up}`);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { child, kill: () => child.kill('SIGKILL') };
}

async function main() {
  const { createPublisher } = await import('./live-peers');
  const input = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const publisher = await createPublisher(async (offer) => {
    process.stdout.write(`${JSON.stringify(offer)}\n`);
    const line = await input.next();
    if (line.done) process.exit(1);
    return JSON.parse(line.value) as Jsep;
  });
  publisher.startCamera(30);
  await publisher.connected();
  process.stdout.write('connected\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stdout.write(`failed: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
