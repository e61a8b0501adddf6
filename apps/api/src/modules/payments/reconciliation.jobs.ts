import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Queue } from '../../platform/queue';
import type { ReconciliationService } from './reconciliation.service';

export const RECONCILIATION_JOB = 'payments.reconcile';
/** Every night at 02:30 UTC: the previous UTC day (late webhooks of its last minutes have arrived by then). */
export const RECONCILIATION_CRON = process.env.RECONCILIATION_CRON ?? '30 2 * * *';

/**
 * The nightly reconciliation (payments README "Reconciliation"): a pg-boss schedule (cron, UTC) that
 * sends one job a night whichever nodes run workers (pg-boss' scheduler sends it once), worked by
 * any of them: `ReconciliationService.nightly` reconciles the previous UTC day on the active
 * gateway. A second job for the same night (a retry, a schedule firing twice) finds the period
 * running and does nothing, or adds a newer version once the first has finished. Off in tests
 * (they call `nightly` with their clock).
 */
export function defineReconciliationJobs(ctx: { reconciliation: ReconciliationService; log: FastifyBaseLogger; queue: Queue; config: Pick<Config, 'NODE_ENV'> }) {
  ctx.queue.define<Record<string, never>>({
    name: RECONCILIATION_JOB, retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 1800,
    handler: async () => {
      const run = await ctx.reconciliation.nightly();
      if (run) ctx.log.info({ runId: run.id, gateway: run.gateway, mismatches: run.mismatches }, 'nightly reconciliation');
    },
  });
  return {
    async start() {
      if (ctx.queue.workers === 0 || ctx.config.NODE_ENV === 'test') return;
      await ctx.queue.schedule(RECONCILIATION_JOB, RECONCILIATION_CRON);
    },
  };
}
