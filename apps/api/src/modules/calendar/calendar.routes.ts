import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { CalendarService } from './calendar.service';

/** The creator's calendar (README.md beside this file; contracts: packages/shared/src/routes/calendar.ts). */
export const calendarRoutes = (deps: { calendar: CalendarService }) => async (app: ZodApp) => {
  const svc = deps.calendar;
  const r = routes.calendar;
  handle(app, r.read, async (req) => ({ data: await svc.read(currentUser(req), req.query) }));
  handle(app, r.move, async (req) => ({ data: await svc.move(currentUser(req), req.params.kind, req.params.id, req.body.at) }));
};
