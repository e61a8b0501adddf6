import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { PlannedStreamsService } from './planned-streams.service';

/** Planned streams (README "Planned streams"; contracts: packages/shared/src/routes/calendar.ts). */
export const plannedStreamsRoutes = (deps: { planned: PlannedStreamsService }) => async (app: ZodApp) => {
  const svc = deps.planned;
  const r = routes.plannedStreams;
  handle(app, r.upcoming, async (req) => ({ data: await svc.upcoming(req.user ?? null, req.query.performerId) }));
  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.one, async (req) => ({ data: await svc.one(currentUser(req), req.params.id) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.cancel, async (req) => ({ data: await svc.cancel(currentUser(req), req.params.id) }));
};
