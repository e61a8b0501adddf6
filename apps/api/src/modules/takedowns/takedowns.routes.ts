import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { TakedownActionsService } from './takedown-actions.service';
import type { TakedownsService } from './takedowns.service';

/** Issue 28 §3 Takedowns. Contracts: packages/shared/src/routes/takedowns.ts. */
export const takedownsRoutes = (deps: { takedowns: TakedownsService; actions: TakedownActionsService }) => async (app: ZodApp) => {
  const r = routes.takedowns;
  const svc = deps.takedowns;
  const act = deps.actions;

  // Public (signed out too): a few notices per address and hour.
  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(req.body, req.user ?? null) }), {
    config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
  });
  handle(app, r.mine, async (req) => ({ data: await svc.mine(currentUser(req), req.query) }));
  handle(app, r.counter, async (req, reply) => reply.status(201).send({ data: await svc.counter(currentUser(req), req.params.id, req.body) }), {
    config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
  });

  // Operator console (access 'admin').
  handle(app, r.takedownList, async (req) => ({ data: await svc.list(req.query) }));
  handle(app, r.takedownDetail, async (req) => ({ data: await svc.detail(req.params.id) }));
  handle(app, r.takedownHide, async (req) => ({ data: await act.hide(auditActor(req), req.params.id) }));
  handle(app, r.takedownReject, async (req) => ({ data: await act.reject(auditActor(req), req.params.id, req.body.reason) }));
  handle(app, r.takedownRequestInfo, async (req) => ({ data: await act.requestInfo(auditActor(req), req.params.id, req.body.message) }));
  handle(app, r.takedownClaimantAnswered, async (req) => ({ data: await act.claimantAnswered(auditActor(req), req.params.id, req.body.reason) }));
};
