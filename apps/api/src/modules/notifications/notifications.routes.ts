import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { NotificationsService } from './notifications.service';
import type { PushDevicesService } from './notifications.push';

/** What the notifications routes are given by the composition root (by closure). */
export interface NotificationsRoutesDeps {
  notifications: NotificationsService;
  push: PushDevicesService;
}

/** Spec §7 Notifications. Contracts: packages/shared/src/routes/notifications.ts. */
export const notificationsRoutes = (deps: NotificationsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.notifications;
  const r = routes.notifications;

  handle(app, r.list, async (req) => ({ data: await svc.list(currentUser(req).id, req.query) }));
  handle(app, r.totalUnread, async (req) => ({ data: { total: await svc.totalUnread(currentUser(req).id) } }));
  handle(app, r.readAll, async (req) => ({ data: { total: await svc.markAllRead(currentUser(req).id) } }));
  handle(app, r.read, async (req) => ({ data: { total: await svc.markRead(currentUser(req).id, req.params.id) } }));
  handle(app, r.preferences, async (req) => ({ data: await svc.preferences(currentUser(req).id) }));
  handle(app, r.unsubscribe, async (req) => ({ data: await svc.unsubscribe(req.body.token) }));
  handle(app, r.updatePreferences, async (req) => ({ data: await svc.updatePreferences(currentUser(req).id, req.body.preferences) }));
  handle(app, r.pushKey, async () => ({ data: deps.push.key() }));
  handle(app, r.pushDevices, async (req) => ({ data: await deps.push.list(currentUser(req).id) }));
  handle(app, r.pushRegister, async (req) => ({ data: await deps.push.register(currentUser(req).id, req.body, req.headers['user-agent'] ?? null) }));
  handle(app, r.pushRemove, async (req) => {
    await deps.push.remove(currentUser(req).id, req.params.id);
    return { data: { removed: true as const } };
  });
};
