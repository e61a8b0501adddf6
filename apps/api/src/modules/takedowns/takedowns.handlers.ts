import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { periodicSweep } from '../../platform/periodic';
import { textsFor } from '../../platform/texts';
import type { Queue } from '../../platform/queue';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { TakedownActionsService } from './takedown-actions.service';
import { takedownNotices } from './takedowns.tables';

/** How often a worker node looks for counter-notices whose wait ended. */
export const TAKEDOWN_SWEEP_MS = Number(process.env.TAKEDOWN_SWEEP_MS ?? 30_000);

/**
 * The takedown e-mails (`takedown.mail`, sent by a side-effect handler, at least once, never in the
 * request): to the claimant at the notice's address, or to the owner (`ownerId`) for `restored` and
 * `upheld`. The owner hears of the hiding itself through a notification (notifications.handlers.ts).
 */
export function registerTakedownHandlers(deps: { config: Pick<Config, 'PUBLIC_WEB_URL'>; db: Db; events: Events; mailer: Mailer; settings: Pick<SettingsService, 'get'>; users: Pick<UsersService, 'byId'> }): void {
  deps.events.onSideEffect('takedown.mail', 'takedowns.mail', async (e) => {
    const p = e.payload;
    const [n] = await deps.db.select().from(takedownNotices).where(eq(takedownNotices.id, p.noticeId));
    if (!n) return;
    const site = await deps.settings.get('siteName');
    if (p.ownerId) {
      const owner = await deps.users.byId(p.ownerId).catch(() => null);
      if (!owner?.email) return;
      // In the owner's language (users.locale).
      const t = textsFor(owner.locale).takedownMail;
      const ref = t.ref(n.number);
      const body = p.mail === 'restored' ? t.ownerRestoredBody(ref) : t.ownerUpheldBody(ref, p.message ?? '');
      const title = p.mail === 'restored' ? t.ownerRestoredTitle : t.upheld;
      await deps.mailer.send({ to: owner.email, subject: `[${site}] ${title}`, ...mailLayout(title, body, { label: t.ownerAction, url: `${deps.config.PUBLIC_WEB_URL}/creator/takedowns` }) });
      return;
    }
    // The claimant's language when they filed signed in (users.locale), else English.
    const filer = n.filedBy ? await deps.users.byId(n.filedBy).catch(() => null) : null;
    const t = textsFor(filer?.locale).takedownMail;
    const ref = t.ref(n.number);
    const lines: Record<typeof p.mail, string> = {
      received: t.receivedBody(n.name, ref, n.work.slice(0, 200)),
      rejected: t.rejectedBody(ref, p.message ?? ''),
      info: t.infoBody(ref, p.message ?? ''),
      countered: t.counteredBody(ref, p.message ?? ''),
      restored: t.restoredBody(ref),
      upheld: t.upheldBody(ref),
    };
    const title = t[p.mail];
    await deps.mailer.send({ to: n.email, subject: `[${site}] ${title} (#${n.number})`, ...mailLayout(title, lines[p.mail], { label: t.claimantAction, url: `${deps.config.PUBLIC_WEB_URL}/page/takedown-policy` }) });
  });
}

/** The restoring sweep on nodes that run workers (not in tests: they call restoreDue with a test clock). */
export function defineTakedownJobs(ctx: { actions: Pick<TakedownActionsService, 'restoreDue'>; log: FastifyBaseLogger; queue: Pick<Queue, 'workers'>; config: Pick<Config, 'NODE_ENV'> }) {
  return periodicSweep({
    name: 'takedown restore sweep',
    everyMs: TAKEDOWN_SWEEP_MS,
    log: ctx.log,
    enabled: () => ctx.queue.workers > 0 && ctx.config.NODE_ENV !== 'test',
    run: async () => {
      const n = await ctx.actions.restoreDue();
      if (n > 0) ctx.log.info({ restored: n }, 'takedown counter-notices restored');
    },
  });
}
