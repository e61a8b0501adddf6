import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Events } from '../../platform/events';
import { periodicSweep } from '../../platform/periodic';
import type { Queue } from '../../platform/queue';
import type { SalesTaxService } from './sales-tax.service';

export const STRIPE_TAX_SYNC_JOB = 'taxes.stripe-sync';
/** How often a worker node looks for Stripe Tax sales and give-backs not yet recorded at Stripe (a missed trigger, Stripe down). */
export const STRIPE_TAX_SWEEP_MS = Number(process.env.STRIPE_TAX_SWEEP_MS ?? 5 * 60_000);

/**
 * Stripe Tax's records at Stripe (README "Stripe Tax"): the sync job, queued after a Stripe Tax
 * sale commits (SalesTaxService.record) and after a refund or dispute that may give tax back
 * (their domain events), and a sweep every few minutes on worker nodes for what a lost trigger or
 * a Stripe outage left. Every run is idempotent (Stripe references and idempotency keys; rows
 * marked once).
 */
export function defineSalesTaxJobs(ctx: { salesTax: SalesTaxService; events: Events; log: FastifyBaseLogger; queue: Queue; config: Pick<Config, 'NODE_ENV'> }) {
  ctx.queue.define<Record<string, never>>({
    name: STRIPE_TAX_SYNC_JOB, retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 600,
    handler: async () => {
      const r = await ctx.salesTax.syncStripe();
      if (r.recorded + r.reversed > 0) ctx.log.info(r, 'Stripe Tax transactions recorded');
    },
  });
  const trigger = async () => void (await ctx.queue.send(STRIPE_TAX_SYNC_JOB, {}));
  ctx.events.onSideEffect('payment.refunded', 'taxes.stripe-sync', trigger);
  ctx.events.onSideEffect('payment.disputed', 'taxes.stripe-sync', trigger);
  ctx.events.onSideEffect('order.updated', 'taxes.stripe-sync', async (e) => {
    if (e.payload.to === 'refunded') await trigger();
  });
  return periodicSweep({
    name: 'Stripe Tax sync sweep',
    everyMs: STRIPE_TAX_SWEEP_MS,
    log: ctx.log,
    enabled: () => ctx.queue.workers > 0 && ctx.config.NODE_ENV !== 'test',
    run: async () => void (await ctx.salesTax.syncStripe()),
  });
}
