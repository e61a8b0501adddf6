import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { ScreeningAdmin } from './screening.admin';

/** The operator's screening console (README.md "Upload screening"). Contracts: packages/shared/src/routes/screening.ts. */
export const screeningRoutes = (deps: { screening: ScreeningAdmin }) => async (app: ZodApp) => {
  const r = routes.screening;
  const s = deps.screening;
  handle(app, r.blocklist, async (req) => ({ data: await s.blocklist(req.query) }));
  handle(app, r.importBlocklist, async (req) => ({ data: await s.import(auditActor(req), req.body) }));
  handle(app, r.blockFiles, async (req) => ({ data: await s.blockFiles(auditActor(req), req.body) }));
  handle(app, r.blockContent, async (req) => ({ data: await s.blockContent(auditActor(req), req.params.kind, req.params.id, req.body.label) }));
  handle(app, r.removeEntry, async (req) => {
    await s.remove(auditActor(req), req.params.entryId);
    return { data: { success: true as const } };
  });
  handle(app, r.quarantine, async (req) => ({ data: await s.quarantine(req.query) }));
  handle(app, r.release, async (req) => ({ data: await s.release(auditActor(req), req.params.id, req.body.note) }));
  handle(app, r.confirm, async (req) => ({ data: await s.confirm(auditActor(req), req.params.id, req.body.label) }));
};
