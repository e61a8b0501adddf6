import os from 'node:os';
import { asc, eq, gte, lt } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { systemNodes, type SystemNodeRow } from './system.tables';

/** Seconds between two heartbeats of a node. */
export const HEARTBEAT_SECONDS = 15;
/** A node that missed this many heartbeats is no longer listed. */
export const MISSED_BEATS = 3;
/** Rows of nodes gone this long are deleted by the next beat of any node. */
const FORGET_MS = 86_400_000;

export interface NodeRegistryDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  role: 'api' | 'worker';
  version: string;
  commit: string | null;
  /** Sockets connected to this process now. */
  sockets: () => number;
  /** Between beats (default HEARTBEAT_SECONDS). */
  everyMs?: number;
}

/**
 * This process in the node list (README "Nodes"): a row per API or worker process, written at
 * start and refreshed every HEARTBEAT_SECONDS with the injected clock's time and the sockets
 * connected here. A clean stop deletes the row; a killed process stops beating and drops out of
 * the list after MISSED_BEATS beats.
 */
export class NodeRegistry {
  readonly id = uuidv7();
  private startedAt: Date;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private deps: NodeRegistryDeps) {
    this.startedAt = deps.clock.now();
  }

  get started(): Date {
    return this.startedAt;
  }

  get everyMs(): number {
    return this.deps.everyMs ?? HEARTBEAT_SECONDS * 1000;
  }

  /** Sockets connected to this process now (the list shows this node's live count, the others' at their last beat). */
  sockets(): number {
    return this.deps.sockets();
  }

  /** Writes this node's row with the clock's time (and forgets nodes gone for a day). */
  async beat(): Promise<void> {
    const now = this.deps.clock.now();
    const row = {
      id: this.id, role: this.deps.role, host: os.hostname(), pid: process.pid, version: this.deps.version, commit: this.deps.commit,
      sockets: this.sockets(), startedAt: this.startedAt, lastSeenAt: now,
    };
    await this.deps.db.insert(systemNodes).values(row).onConflictDoUpdate({ target: systemNodes.id, set: { sockets: row.sockets, lastSeenAt: now } });
    await this.deps.db.delete(systemNodes).where(lt(systemNodes.lastSeenAt, new Date(now.getTime() - FORGET_MS)));
  }

  /** Nodes alive: a heartbeat within the last MISSED_BEATS periods. */
  async alive(): Promise<SystemNodeRow[]> {
    const since = new Date(this.deps.clock.now().getTime() - MISSED_BEATS * this.everyMs);
    return this.deps.db.select().from(systemNodes).where(gte(systemNodes.lastSeenAt, since)).orderBy(asc(systemNodes.role), asc(systemNodes.startedAt), asc(systemNodes.id));
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      if (this.beating) return;
      this.beating = this.beat()
        .catch((err: unknown) => this.deps.log.warn({ err }, 'node heartbeat failed'))
        .finally(() => {
          this.beating = null;
        });
    };
    this.timer = setInterval(tick, this.everyMs);
    this.timer.unref();
    tick();
  }

  /** Stops beating and removes this node's row (a clean stop is not a missing node). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.deps.db.delete(systemNodes).where(eq(systemNodes.id, this.id)).catch((err: unknown) => this.deps.log.warn({ err }, 'removing the node row failed'));
  }
}
