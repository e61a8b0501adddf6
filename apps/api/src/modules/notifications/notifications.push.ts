import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationType, PushDevice, PushPayload, PushSubscriptionBody } from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import type { PushSender } from '../../platform/web-push';
import type { NotificationsService } from './notifications.service';
import { notifications, pushSubscriptions, type PushSubscriptionRow } from './notifications.tables';

/** One job per notification to push. */
export const NOTIFICATION_PUSH_JOB = 'notifications.push';
/** How long a push service keeps an undelivered push (a phone that is off): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_OFF_MESSAGE = 'This site does not send push notifications.';

/**
 * Push services a production site sends to (README "Web Push"): the endpoint's host must be one of
 * these or below one. Every browser's own: Chrome/Edge/Opera/Samsung (FCM), Firefox, Safari, Edge
 * on Windows. Outside production any http(s) endpoint is accepted (the tests' stand-ins).
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** What the push devices are built with (root.ts). */
export interface PushDevicesDeps {
  db: Db;
  clock: Clock;
  /** Null when the site sends no push (WEB_PUSH=false, or production without VAPID keys). */
  sender: PushSender | null;
  config: Pick<Config, 'NODE_ENV'>;
}

/** "Chrome on Android" from a User-Agent (browser and system only; the rest is not kept). */
export function deviceLabel(ua: string | null | undefined): string {
  const u = ua ?? '';
  const browser = /Edg\//.test(u)
    ? 'Edge'
    : /OPR\/|Opera/.test(u)
      ? 'Opera'
      : /SamsungBrowser/.test(u)
        ? 'Samsung Internet'
        : /Firefox\//.test(u)
          ? 'Firefox'
          : /Chrom(e|ium)\//.test(u)
            ? 'Chrome'
            : /Safari\//.test(u)
              ? 'Safari'
              : 'A browser';
  const os = /Android/.test(u) ? 'Android' : /iPhone|iPad|iPod/.test(u) ? 'iOS' : /Windows/.test(u) ? 'Windows' : /Mac OS X|Macintosh/.test(u) ? 'macOS' : /CrOS/.test(u) ? 'ChromeOS' : /Linux/.test(u) ? 'Linux' : null;
  return os ? `${browser} on ${os}` : browser;
}

const view = (r: PushSubscriptionRow): PushDevice => ({ _id: r.id, label: r.label, createdAt: r.createdAt.toISOString(), lastPushAt: r.lastPushAt?.toISOString() ?? null });

/** The browsers with push on, per user (README "Web Push"). */
export class PushDevicesService {
  constructor(private deps: PushDevicesDeps) {}

  /** Whether the site sends pushes, and the key browsers subscribe with. */
  key(): { enabled: boolean; publicKey: string | null } {
    return { enabled: Boolean(this.deps.sender), publicKey: this.deps.sender?.publicKey ?? null };
  }

  /**
   * Turns push on for a browser: stores its subscription for the caller. The same endpoint again
   * updates its keys; from another account (signed in on the same browser since) it becomes the
   * caller's — a browser pushes to whoever turned push on there last.
   */
  async register(userId: string, body: PushSubscriptionBody, userAgent: string | null): Promise<PushDevice> {
    if (!this.deps.sender) throw new HttpError(503, PUSH_OFF_MESSAGE);
    this.checkEndpoint(body.endpoint);
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: deviceLabel(userAgent), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, label: deviceLabel(userAgent), updatedAt: now },
      })
      .returning();
    return view(row!);
  }

  /** Production sends only to the known push services (no request to an address a user chose). */
  private checkEndpoint(endpoint: string): void {
    if (this.deps.config.NODE_ENV !== 'production') return;
    const u = new URL(endpoint);
    const host = u.hostname.toLowerCase();
    if (u.protocol !== 'https:' || !PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) {
      throw fieldError('endpoint', "must be a browser push service's https address");
    }
  }

  async list(userId: string): Promise<PushDevice[]> {
    const rows = await this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    return rows.map(view);
  }

  /** Turns push off for one of the user's devices; another user's (or an unknown) id → 404. */
  async remove(userId: string, id: string): Promise<void> {
    const gone = await this.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
    if (!gone.length) throw notFound('Device not found');
  }

  async devicesOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** The push service said the subscription ended (404/410): forget it (only if it still is that one). */
  async removeGone(row: PushSubscriptionRow): Promise<void> {
    await this.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint), eq(pushSubscriptions.userId, row.userId)));
  }

  async pushed(row: PushSubscriptionRow): Promise<void> {
    await this.deps.db.update(pushSubscriptions).set({ lastPushAt: this.deps.clock.now() }).where(eq(pushSubscriptions.id, row.id));
  }
}

/** What the notification pushes are built with (root.ts). */
export interface NotificationPushesDeps {
  db: Db;
  events: Events;
  queue: Queue;
  sender: PushSender | null;
  devices: PushDevicesService;
  notifications: NotificationsService;
  /** The title of every push (the site's name setting). */
  siteName: () => Promise<string>;
  log: FastifyBaseLogger;
}

/**
 * The push of one notification, or null when it is no longer wanted: the row is gone, or its
 * reader switched the type's push off since it was made. Text and a site path only — the
 * notification's text never carries a media URL, and no picture is attached.
 */
export async function pushOf(db: Db, svc: NotificationsService, notificationId: string, title: string): Promise<{ userId: string; payload: PushPayload } | null> {
  const [r] = await db
    .select({ userId: notifications.userId, type: notifications.type, text: notifications.text, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!r || !(await svc.wantsPush(r.userId, r.type as NotificationType))) return null;
  const url = r.link && r.link.startsWith('/') && !r.link.startsWith('//') ? r.link : '/notifications';
  return { userId: r.userId, payload: { id: notificationId, type: r.type, title, body: r.text, url } };
}

/**
 * Pushes per preference (README "Web Push"). `NotificationsService.create` records
 * `notifications.push-due` in the transaction that made the rows, naming the rows whose reader
 * wants the type pushed and has a device. After the commit, a side-effect handler queues one push
 * job per row (keyed by the row id); the job checks the preference again and sends to each of the
 * reader's devices. A device the push service answers 404/410 for is removed; any other failure
 * fails the job, which is retried (the devices reached already get it again: the service worker
 * shows it under the notification's id as its tag, replacing the first).
 */
export function registerNotificationPushes({ db, events, queue, sender, devices, notifications: svc, siteName, log }: NotificationPushesDeps): void {
  queue.define<{ notificationId: string }>({
    name: NOTIFICATION_PUSH_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    singletonPerKey: true,
    handler: async ({ notificationId }) => {
      if (!sender) return;
      const push = await pushOf(db, svc, notificationId, await siteName());
      if (!push) return;
      const body = JSON.stringify(push.payload);
      let failed = 0;
      for (const d of await devices.devicesOf(push.userId)) {
        try {
          const outcome = await sender.send(d, body, { topic: notificationId.replaceAll('-', ''), ttlSeconds: PUSH_TTL_SECONDS });
          if (outcome === 'gone') await devices.removeGone(d);
          else await devices.pushed(d);
        } catch (err) {
          failed++;
          log.warn({ err, notificationId, deviceId: d.id }, 'push not delivered');
        }
      }
      if (failed) throw new Error(`push of ${notificationId}: ${failed} device(s) not reached`);
    },
    onDead: async ({ notificationId }) => log.error({ notificationId }, 'notification push failed for good'),
  });
  // The reader is waiting for it: the interactive lane (platform/events.ts EventLane), like the e-mails.
  events.onSideEffect('notifications.push-due', 'notifications.queue-pushes', async ({ payload }) => {
    if (!sender) return;
    for (const id of payload.notificationIds) await queue.send(NOTIFICATION_PUSH_JOB, { notificationId: id }, { singletonKey: id });
  }, { lane: 'interactive' });
}
