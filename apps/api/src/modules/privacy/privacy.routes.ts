import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { PrivacyService } from './privacy.service';

/** Issue 28 §5 Personal data. Contracts: packages/shared/src/routes/privacy.ts. */
export const privacyRoutes = (deps: { privacy: PrivacyService }) => async (app: ZodApp) => {
  const { privacy } = deps;
  const r = routes.privacy;

  handle(app, r.exportState, async (req) => ({ data: { latest: await privacy.latest(currentUser(req).id) } }));
  handle(app, r.requestExport, async (req, reply) => reply.status(201).send({ data: await privacy.request(currentUser(req).id) }));
  handle(app, r.downloadLink, async (req) => ({ data: await privacy.link(currentUser(req), req.params.id) }));
  handle(app, r.download, async (req, reply) => {
    const file = await privacy.open(req.params.id, req.query.token);
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Length', file.size);
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    return reply.send(file.stream);
  });
  handle(app, r.deleteAccount, async (req) => {
    await privacy.deleteOwn(currentUser(req), req.body);
    return { data: { success: true as const } };
  });
  handle(app, r.adminExport, async (req, reply) => reply.status(201).send({ data: await privacy.request(req.params.id, { ...auditActor(req), reason: req.body.reason }) }));
  handle(app, r.adminDelete, async (req) => {
    await privacy.adminDelete(auditActor(req), req.params.id, req.body.reason);
    return { data: { success: true as const } };
  });
};
