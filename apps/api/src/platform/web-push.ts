import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from '../config';

/** Where a push goes: a browser's push subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered (accepted), or `gone` (404/410: the subscription ended and is to be removed). */
export type PushOutcome = 'sent' | 'gone';

/** Sends Web Push messages (modules/notifications README "Web Push"). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /**
   * Encrypts `payload` for the target (aes128gcm) and posts it to its push service, signed with the
   * site's VAPID key. `topic` (≤ 32 url-safe characters) lets the push service replace an undelivered
   * message of the same topic. Throws on any other failure (network, 5xx, 429…), to be retried.
   */
  send(target: PushTarget, payload: string, options: { topic?: string; ttlSeconds: number }): Promise<PushOutcome>;
}

/** The real sender: the `web-push` library over HTTPS. */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private agent: https.Agent;

  /** `extraCaFile`: a PEM of certificate authorities trusted besides the system's (WEB_PUSH_CA). */
  constructor(private keys: VapidKeys, extraCaFile?: string) {
    this.publicKey = keys.publicKey;
    const ca = extraCaFile ? [...tls.rootCertificates, fs.readFileSync(extraCaFile, 'utf8')] : undefined;
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 16, ...(ca ? { ca } : {}) });
  }

  async send(target: PushTarget, payload: string, options: { topic?: string; ttlSeconds: number }): Promise<PushOutcome> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject: this.keys.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        timeout: 10_000,
        agent: this.agent,
        ...(options.topic ? { topic: options.topic } : {}),
      });
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      throw err;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}
