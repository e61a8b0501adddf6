import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Queue } from '../../platform/queue';
import { periodicSweep } from '../../platform/periodic';
import type { SubscriptionsService } from './subscriptions.service';

/** How often a worker node looks for subscriptions to renew or expire. */
export const RENEWAL_SWEEP_MS = Number(process.env.RENEWAL_SWEEP_MS ?? 60_000);

/**
 * Renewals of subscriptions we schedule ourselves (sandbox gateway): a sweep every minute on nodes
 * that run workers. Safe with several nodes: each subscription is claimed with a lease before it
 * is charged (SubscriptionsService.renewDue). Tests call renewDue directly with a moved clock.
 */
export function defineSubscriptionJobs(ctx: { subscriptions: SubscriptionsService; log: FastifyBaseLogger; queue: Pick<Queue, 'workers'>; config: Pick<Config, 'NODE_ENV'> }) {
  return periodicSweep({
    name: 'subscription renewal sweep',
    everyMs: RENEWAL_SWEEP_MS,
    log: ctx.log,
    enabled: () => ctx.queue.workers > 0 && ctx.config.NODE_ENV !== 'test',
    run: async () => {
      const r = await ctx.subscriptions.renewDue();
      if (r.renewed + r.failed + r.expired > 0) ctx.log.info(r, 'subscription renewals');
    },
  });
}
