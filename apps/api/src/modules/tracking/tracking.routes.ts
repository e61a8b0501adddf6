import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { TrackingService } from './tracking.service';

/** A click is public: at most this many per client address a minute (Redis-backed with REDIS_URL). */
export const TRACKING_CLICKS_PER_MINUTE = 120;

/** Tracking links (README.md beside this file; contracts: packages/shared/src/routes/tracking.ts). */
export const trackingRoutes = (deps: { tracking: TrackingService }) => async (app: ZodApp) => {
  const svc = deps.tracking;
  const r = routes.tracking;
  handle(app, r.list, async (req) => ({ data: await svc.list(currentUser(req), req.query) }));
  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.detail, async (req) => ({ data: await svc.detail(currentUser(req), req.params.id, req.query.days) }));
  handle(app, r.code, async (req) => ({ data: await svc.codeInfo(req.params.code) }));
  handle(app, r.click, async (req) => ({ data: await svc.click(req.body, { userAgent: req.headers['user-agent'] ?? null, viewer: req.user ?? null }) }), {
    config: { rateLimit: { max: TRACKING_CLICKS_PER_MINUTE, timeWindow: '1 minute' } },
  });
};
