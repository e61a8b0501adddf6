import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Queue } from '../../platform/queue';
import type { SubscriptionsService } from './subscriptions.service';

/** How often a worker node looks for subscriptions to renew or expire. */
export const RENEWAL_SWEEP_MS = Number(process.env.RENEWAL_SWEEP_MS ?? 60_000);

/**
 * Renewals of subscriptions we schedule ourselves (sandbox gateway): a sweep every minute on nodes
 * that run workers. Safe with several nodes: each subscription is claimed with a lease before it
 * is charged (SubscriptionsService.renewDue). Tests call renewDue directly with a moved clock.
 */
export function defineSubscriptionJobs(ctx: { subscriptions: SubscriptionsService; log: FastifyBaseLogger; queue: Pick<Queue, 'workers'>; config: Pick<Config, 'NODE_ENV'> }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = ctx.subscriptions
      .renewDue()
      .then((r) => { if (r.renewed + r.failed + r.expired > 0) ctx.log.info(r, 'subscription renewals'); })
      .catch((err) => ctx.log.warn({ err }, 'subscription renewal sweep failed'))
      .finally(() => { running = null; });
  };
  return {
    start() {
      if (ctx.queue.workers === 0 || ctx.config.NODE_ENV === 'test' || timer) return;
      timer = setInterval(tick, RENEWAL_SWEEP_MS);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
