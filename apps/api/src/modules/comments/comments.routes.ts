import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser, isAdmin } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import type { CommentsService } from './comments.service';

/** What the comments routes are given by the composition root (by closure). */
export interface CommentsRoutesDeps {
  comments: CommentsService;
}

/** Spec §7 Comments. Contracts: packages/shared/src/routes/comments.ts. */
export const commentsRoutes = (deps: CommentsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.comments;
  const r = routes.comments;

  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } },
  });

  handle(app, r.list, async (req) => ({ data: await svc.list(req.user, req.query) }));

  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body.content) }));

  handle(app, r.remove, async (req) => {
    const user = currentUser(req);
    return { data: await svc.remove(user, req.params.id, isAdmin(user) ? auditActor(req) : undefined) };
  });
};
