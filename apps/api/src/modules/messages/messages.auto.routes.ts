import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { AutoMessagesService } from './messages.auto';

/** Issue 31 §1: a creator's automatic messages. Thin: contract (packages/shared/src/routes/auto-messages.ts), service (messages.auto.ts). */
export const autoMessagesRoutes = (deps: { auto: AutoMessagesService }) => async (app: ZodApp) => {
  const r = routes.autoMessages;
  handle(app, r.list, async (req) => ({ data: await deps.auto.list(currentUser(req)) }));
  handle(app, r.update, async (req) => ({ data: await deps.auto.update(currentUser(req), req.params.kind, req.body) }));
};
