import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { periodicSweep } from '../../platform/periodic';
import type { Queue } from '../../platform/queue';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { TakedownActionsService } from './takedown-actions.service';
import { takedownNotices } from './takedowns.tables';

/** How often a worker node looks for counter-notices whose wait ended. */
export const TAKEDOWN_SWEEP_MS = Number(process.env.TAKEDOWN_SWEEP_MS ?? 30_000);

const SUBJECTS = {
  received: 'We received your takedown notice',
  rejected: 'Your takedown notice was rejected',
  info: 'We need more about your takedown notice',
  countered: 'A counter-notice was filed on your takedown notice',
  restored: 'Content named in your takedown notice was restored',
  upheld: 'Your content stays hidden',
} as const;

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
    const ref = `notice #${n.number}`;
    if (p.ownerId) {
      const owner = await deps.users.byId(p.ownerId).catch(() => null);
      if (!owner?.email) return;
      const body =
        p.mail === 'restored'
          ? `The wait after your counter-notice on takedown ${ref} ended without an answer from the claimant: your content is visible again.`
          : `The claimant of takedown ${ref} answered your counter-notice by filing an action: your content stays hidden.\n\n${p.message ?? ''}`;
      const title = p.mail === 'restored' ? 'Your content was restored' : SUBJECTS.upheld;
      await deps.mailer.send({ to: owner.email, subject: `[${site}] ${title}`, ...mailLayout(title, body, { label: 'Your takedowns', url: `${deps.config.PUBLIC_WEB_URL}/creator/takedowns` }) });
      return;
    }
    const lines: Record<typeof p.mail, string> = {
      received: `Thank you, ${n.name}. Your takedown ${ref} about “${n.work.slice(0, 200)}” is in our queue; quote its number in any follow-up.`,
      rejected: `Your takedown ${ref} was rejected:\n\n${p.message ?? ''}`,
      info: `Before we can act on your takedown ${ref}, we need more from you:\n\n${p.message ?? ''}\n\nPlease answer by filing a new notice that quotes ${ref}.`,
      countered: `The owner of the content named in your takedown ${ref} filed a counter-notice:\n\n${p.message ?? ''}\n\nThe content will be restored after the legal wait unless you tell us that you filed an action.`,
      restored: `The wait after the counter-notice on your takedown ${ref} ended: the content was restored.`,
      upheld: `We recorded that you filed an action after the counter-notice on your takedown ${ref}: the content stays hidden.`,
    };
    const title = SUBJECTS[p.mail];
    await deps.mailer.send({ to: n.email, subject: `[${site}] ${title} (#${n.number})`, ...mailLayout(title, lines[p.mail], { label: 'Our takedown policy', url: `${deps.config.PUBLIC_WEB_URL}/page/takedown-policy` }) });
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
