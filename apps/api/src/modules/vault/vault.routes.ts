import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { VaultService } from './vault.service';

/** The creator's vault. Thin: contract (packages/shared/src/routes/vault.ts), service. Rules: README.md beside this file. */
export const vaultRoutes = (deps: { vault: VaultService }) => async (app: ZodApp) => {
  const svc = deps.vault;
  const r = routes.vault;
  const ok = { success: true as const };
  handle(app, r.list, async (req) => ({ data: await svc.list(currentUser(req), req.query) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.remove, async (req) => {
    await svc.remove(currentUser(req), req.params.id);
    return { data: ok };
  });
  handle(app, r.folders, async (req) => ({ data: await svc.folders(currentUser(req)) }));
  handle(app, r.createFolder, async (req) => ({ data: await svc.createFolder(currentUser(req), req.body.name) }));
  handle(app, r.renameFolder, async (req) => ({ data: await svc.renameFolder(currentUser(req), req.params.id, req.body.name) }));
  handle(app, r.removeFolder, async (req) => {
    await svc.removeFolder(currentUser(req), req.params.id);
    return { data: ok };
  });
};
