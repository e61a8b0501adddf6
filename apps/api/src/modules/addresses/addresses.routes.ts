import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { AddressesService } from './addresses.service';

/** Spec §7 Addresses. Thin: contract (packages/shared/src/routes/addresses.ts), service. Rules: README.md beside this file. */
export const addressesRoutes = (deps: { addresses: AddressesService }) => async (app: ZodApp) => {
  const svc = deps.addresses;
  const r = routes.addresses;
  handle(app, r.create, async (req) => ({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.search, async (req) => ({ data: await svc.search(currentUser(req), req.query) }));
  handle(app, r.get, async (req) => ({ data: await svc.get(currentUser(req), req.params.id) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.remove, async (req) => {
    await svc.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });
};
