import type { FastifyBaseLogger } from 'fastify';
import type { Events } from '../../platform/events';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { textsFor } from '../../platform/texts';
import type { Queue } from '../../platform/queue';
import type { NotificationsService } from './notifications.service';

/** One job per notification to mail. */
export const NOTIFICATION_EMAIL_JOB = 'notifications.email';

/** What the notification e-mails are built with (root.ts). */
export interface NotificationEmailsDeps {
  events: Events;
  queue: Queue;
  mailer: Mailer;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}

const subjectOf = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * E-mails per preference (README.md beside this file). `NotificationsService.create` records
 * `notifications.email-due` in the transaction that made the rows, naming the rows whose reader
 * wants the type by e-mail and has an address. After the commit, a side-effect handler queues one
 * mail job per row (keyed by the row id); the job checks the preference again and sends. Never in
 * a request or a transaction; at least once (a crash between the send and the job's completion
 * repeats that one mail), once in the normal path.
 */
export function registerNotificationEmails({ events, queue, mailer, notifications, log }: NotificationEmailsDeps): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  queue.define<{ notificationId: string }>({
    name: NOTIFICATION_EMAIL_JOB,
    retryLimit: 6,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    singletonPerKey: true,
    handler: async ({ notificationId }) => {
      const m = await notifications.mailOf(notificationId);
      if (!m) return;
      const unsubscribe = `<${m.unsubscribeUrl}>`;
      // In the reader's language (the text itself was written in it when the row was made).
      const t = textsFor(m.locale).notificationMail;
      await mailer.send({
        to: m.to,
        subject: subjectOf(m.text),
        ...mailLayout(t.title, m.text, { label: t.action, url: m.url }, {
          text: t.footer,
          link: { label: t.stop, url: m.unsubscribeUrl },
        }),
        headers: { 'List-Unsubscribe': unsubscribe },
      });
    },
    onDead: async ({ notificationId }) => log.error({ notificationId }, 'notification e-mail failed for good'),
  });
  interactive.onSideEffect('notifications.email-due', 'notifications.queue-emails', async ({ payload }) => {
    for (const id of payload.notificationIds) await queue.send(NOTIFICATION_EMAIL_JOB, { notificationId: id }, { singletonKey: id });
  });
}
