/** Types of scripts/lib/janus.mjs, for the API's tests and the bench (TypeScript). */
import type { ChildProcess } from 'node:child_process';

/** The janus binary (JANUS_PATH, else /usr/bin/janus), or null when it is not installed. */
export function janusPath(): string | null;
export function janusLibDir(): string | null;
export function janusPorts(apiPort: number | string, env?: Record<string, string | undefined>): { wsPort: number; rtpPorts: string };
export function freeJanusPorts(): Promise<{ wsPort: number; rtpPorts: string }>;
/** Ports of instance `i` of `count` side by side: WebSocket ports 100 apart, the media range split into equal blocks. */
export function janusInstancePorts(base: { wsPort: number; rtpPorts: string }, i: number, count: number): { wsPort: number; rtpPorts: string };
/** Where an instance configured in `dir` records (stream replays): `recordings-<name>` beside it (created by the API when a stream records). */
export function recordingsDirOf(dir: string): string;
export function writeJanusConfig(opts: { dir: string; wsPort?: number; rtpPorts?: string; env?: Record<string, string | undefined>; logLevel?: number; recordingsDir?: string }): {
  configFile: string;
  url: string;
  apiSecret: string;
  adminKey: string;
  recordingsDir: string;
};
export interface JanusInstance {
  child: ChildProcess;
  pid: number;
  /** Settles when the process has exited. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** ws://127.0.0.1:<port> */
  url: string;
  apiSecret: string;
  adminKey: string;
  /** Where it writes recordings (JANUS_RECORDINGS_DIR of the API). */
  recordingsDir: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
}
export function startJanus(opts: {
  dataDir: string;
  wsPort?: number;
  rtpPorts?: string;
  log?: (line: string) => void;
  /** 0-4 (default JANUS_LOG_LEVEL, else 4) */
  logLevel?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<JanusInstance>;
/** `count` instances: `dataDir`, `<dataDir>-2`, …; all recording into the first one's folder. All or none. */
export function startJanusInstances(opts: {
  dataDir: string;
  count?: number;
  wsPort?: number;
  rtpPorts?: string;
  /** Ports of instance i (default: janusInstancePorts). */
  ports?: (i: number) => { wsPort: number; rtpPorts: string } | Promise<{ wsPort: number; rtpPorts: string }>;
  log?: (line: string, i: number) => void;
  logLevel?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<Array<JanusInstance & { rtpPorts: string }>>;
/** JANUS_URL / JANUS_API_SECRET / JANUS_ADMIN_KEY as comma lists in the instances' order, and the one JANUS_RECORDINGS_DIR. */
export function janusEnv(instances: JanusInstance[]): { JANUS_URL: string; JANUS_API_SECRET: string; JANUS_ADMIN_KEY: string; JANUS_RECORDINGS_DIR: string };
