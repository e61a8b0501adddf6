import { routes } from '@stagepass/shared/routes';
import { handle, type ZodApp } from '../../platform/routes';
import { auditActor } from '../../platform/audit';
import type { GatewayName } from '@stagepass/shared';
import type { SettingsService } from './settings.service';

/** What the settings routes are given by the composition root (by closure). */
export interface SettingsRoutesDeps {
  /** The payments service (commerce, a layer above settings): only the active gateway's name is read. */
  payments: { gatewayName(): Promise<GatewayName | null> };
  settings: SettingsService;
}

/**
 * Spec §7 Settings. Contracts: packages/shared/src/routes/settings.ts (the public answer's schema
 * lists exactly the public keys and strips any other: a second guard that no secret leaves here).
 */
export const settingsRoutes = (deps: SettingsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.settings;
  const r = routes.settings;
  handle(app, r.public, async () => ({ data: { ...(await svc.public()), paymentsSandbox: (await deps.payments.gatewayName()) === 'sandbox' } }));
  handle(app, r.byKeys, async (req) => ({ data: await svc.byKeys(req.body.keys) }));
  handle(app, r.adminList, async () => ({ data: await svc.forAdmin() }));
  handle(app, r.adminUpdate, async (req) => {
    const value = await svc.set(req.params.key, req.body.value, auditActor(req));
    req.log.info({ key: req.params.key, by: req.user?.id }, 'setting changed');
    return { data: { key: req.params.key, value: (await svc.forAdmin())[req.params.key]?.value ?? value } };
  });
};
