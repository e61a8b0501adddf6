import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * "Drop your copy" signals between API nodes for in-process caches (ARCHITECTURE.md: an in-process
 * cache must be invalidated across nodes). A cache `subscribe`s to a topic with what to drop, and
 * the node that changed the data `publish`es the topic after its transaction commits: the
 * publisher's own listeners run at once, and with REDIS_URL every other node's run when the
 * message arrives (Redis pub/sub, channel `stagepass:cache:<topic>`). Without Redis there is one
 * node and the local call is all there is.
 *
 * When the subscription is lost (Redis error or reconnect) every listener runs too: a node that
 * may have missed a message drops its copy rather than serve it until its TTL.
 */
export class CacheBus {
  private listeners = new Map<string, Set<() => void>>();
  private redis: { pub: Redis; sub: Redis } | null = null;
  private static readonly PREFIX = 'stagepass:cache:';

  constructor(private deps: { redisUrl?: string; log: FastifyBaseLogger }) {
    if (!deps.redisUrl) return;
    const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    this.redis = { pub, sub };
    sub.on('message', (channel: string) => this.run(channel.slice(CacheBus.PREFIX.length)));
    sub.on('error', () => this.runAll());
    sub.on('reconnecting', () => this.runAll());
  }

  /** Calls `drop` whenever `topic` is published, here or on another node. */
  subscribe(topic: string, drop: () => void): void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      void this.redis?.sub.subscribe(CacheBus.PREFIX + topic).catch((err: unknown) => this.deps.log.error({ err, topic }, 'cache bus: could not subscribe'));
    }
    set.add(drop);
  }

  /** Runs this node's listeners of `topic` now, then tells the other nodes (errors are logged: they fall back to their TTL). */
  async publish(topic: string): Promise<void> {
    this.run(topic);
    if (!this.redis) return;
    try {
      await this.redis.pub.publish(CacheBus.PREFIX + topic, '1');
    } catch (err) {
      this.deps.log.error({ err, topic }, 'cache bus: not published; other nodes keep their copy until its TTL');
    }
  }

  private run(topic: string): void {
    for (const drop of this.listeners.get(topic) ?? []) drop();
  }

  private runAll(): void {
    for (const topic of this.listeners.keys()) this.run(topic);
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    const { pub, sub } = this.redis;
    this.redis = null;
    await Promise.allSettled([pub.quit(), sub.quit()]);
  }
}
