import { routes } from '@stagepass/shared/routes';
import { currentUser, isAdmin } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { auditActor, operatorRead } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { Idempotency } from '../ledger/idempotency';
import type { UsersService } from '../users/users.service';
import type { SubscriptionsService } from './subscriptions.service';
import type { TiersService } from './tiers.service';
import type { BundlesService } from './bundles.service';
import type { PricingService } from '../performers/pricing.service';
import type { GeoService } from '../geo/geo.service';

/** What the subscriptions routes are given by the composition root (by closure). */
export interface SubscriptionsRoutesDeps {
  pricing: PricingService;
  /** The request's country: the fan's tax place when they stated none. */
  geo: Pick<GeoService, 'countryOfRequest'>;
  idempotency: Idempotency;
  subscriptions: SubscriptionsService;
  tiers: TiersService;
  bundles: BundlesService;
  users: UsersService;
}

/** Spec §7 Subscriptions. Contracts: packages/shared/src/routes/subscriptions.ts. */
export const subscriptionsRoutes = (deps: SubscriptionsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.subscriptions;
  const r = routes.subscriptions;

  handle(app, r.subscribe, async (req, reply) => {
    const user = currentUser(req);
    const place = { requestCountry: await deps.geo.countryOfRequest(req) };
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    const res = await deps.idempotency.twoPhase(user.id, key, fingerprint('POST', req.url, req.body), async () => ({ statusCode: 200, body: { data: await svc.subscribe(user, req.body, place) } }));
    return reply.status(res.statusCode as 200).send(res.body);
  });

  handle(app, r.cancel, async (req) => {
    const user = currentUser(req);
    // An operator cancelling here is audited like on the console's route.
    return { data: await svc.cancel(user, req.params.provider, req.params.id, isAdmin(user), isAdmin(user) ? auditActor(req) : undefined) };
  });

  handle(app, r.adminSearch, async (req) => ({ data: await svc.adminSearch(req.query, operatorRead(req)) }));

  handle(app, r.adminCancel, async (req) => ({ data: await svc.adminCancel(auditActor(req), req.params.id) }));

  handle(app, r.mine, async (req) => ({ data: await svc.search({ userId: currentUser(req).id }, req.query) }));

  handle(app, r.subscribers, async (req) => ({ data: await svc.search({ performerId: currentUser(req).id }, req.query) }));

  handle(app, r.offer, async (req) => {
    const p = await deps.users.findByIdOrUsername(req.params.id);
    if (!p?.isPerformer) throw notFound('Creator not found');
    // A block either way: as if the creator did not exist (blocks.policy.ts; admins see all).
    if (await deps.users.blockedFor(req.user, p.id)) throw notFound('Creator not found');
    return { data: await deps.pricing.offer(p.id) };
  });

  handle(app, r.updatePricing, async (req) => {
    const offer = await deps.pricing.updatePricing(currentUser(req), req.body);
    // The default tier's price is the monthly price (README "Tiers").
    await deps.tiers.syncDefaultPrice(currentUser(req).id);
    return { data: offer };
  });

  // ── Tiers (README "Tiers") ──
  handle(app, r.tiersOf, async (req) => {
    const p = await deps.users.findByIdOrUsername(req.params.id);
    if (!p?.isPerformer) throw notFound('Creator not found');
    if (await deps.users.blockedFor(req.user, p.id)) throw notFound('Creator not found');
    return { data: await deps.bundles.attach(await deps.tiers.publicList(p.id), { offeredOnly: true }) };
  });
  handle(app, r.myTiers, async (req) => ({ data: await deps.bundles.attach(await deps.tiers.mine(currentUser(req)), { offeredOnly: false }) }));
  // ── Bundles (README "Bundles") ──
  handle(app, r.setTierBundles, async (req) => ({ data: await deps.bundles.set(currentUser(req), req.params.id, req.body) }));
  handle(app, r.setRenewal, async (req) => ({ data: await svc.setRenewal(currentUser(req), req.params.id, req.body.renewAs) }));
  handle(app, r.createTier, async (req) => ({ data: await deps.tiers.create(currentUser(req), req.body) }));
  handle(app, r.updateTier, async (req) => ({ data: await deps.tiers.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.reorderTiers, async (req) => ({ data: await deps.tiers.reorder(currentUser(req), req.body.ids) }));
  handle(app, r.archiveTier, async (req) => ({ data: await deps.tiers.archive(currentUser(req), req.params.id, req.body.moveTo) }));
  handle(app, r.changeTier, async (req, reply) => {
    const user = currentUser(req);
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    const res = await deps.idempotency.twoPhase(user.id, key, fingerprint('POST', req.url, req.body), async () => ({ statusCode: 200, body: { data: await svc.changeTier(user, req.params.id, req.body.tierId) } }));
    return reply.status(res.statusCode as 200).send(res.body);
  });

  handle(app, r.adminCommission, async (req) => ({ data: await deps.pricing.setCommission(auditActor(req), req.params.id, req.body) }));
};
