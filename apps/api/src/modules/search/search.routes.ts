import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { SearchService } from './search.service';

/** What the search routes are given by the composition root (by closure). */
export interface SearchRoutesDeps {
  search: SearchService;
}

/** Spec §7 Search. Contracts: packages/shared/src/routes/search.ts. */
export const searchRoutes = (deps: SearchRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.search;
  const r = routes.search;

  // Static segments (/performers/search, /performers/top, …) win over GET /performers/:id in
  // Fastify's router, so these are not shadowed by the performers module's profile route.
  handle(app, r.performers, async (req) => ({ data: await svc.searchPerformers(req.query, req.user) }));
  handle(app, r.performersForUser, async (req) => ({ data: await svc.searchPerformers(req.query, currentUser(req)) }));
  handle(app, r.top, async (req) => ({ data: await svc.top(req.query.offset, req.query.limit, req.user) }));
  handle(app, r.random, async (req) => ({ data: await svc.random(req.query, req.user) }));
  handle(app, r.stats, async (req) => ({ data: await svc.stats(req.params.id, req.user) }));
  handle(app, r.recordKeyword, async (req) => ({ data: await svc.recordKeyword(req.body.keyword) }), { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } });
  handle(app, r.keywords, async (req) => ({ data: await svc.topKeywords(req.query.limit) }));
  handle(app, r.feeds, async (req) => ({ data: await svc.searchContent('feed', req.query.q, req.user, req.query.offset, req.query.limit) }));
};
