import crypto from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@stagepass/shared';

/**
 * The signed token of a notification e-mail's unsubscribe link (README.md beside this file): names
 * a user and a type, signed with HMAC-SHA256 under the server secret (APP_SECRET), and never
 * expires — an old mail's link keeps working. Rotating APP_SECRET invalidates every link.
 * Format: `<userId>.<type>.<signature, base64url>`.
 */
const PURPOSE = 'notification-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (secret: string, userId: string, type: NotificationType) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}\n${userId.toLowerCase()}\n${type}`).digest();

export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  return `${userId.toLowerCase()}.${type}.${sign(secret, userId, type).toString('base64url')}`;
}

/** The user and type of a token, or null when it is malformed, tampered with, or signed with another secret. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; type: NotificationType } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, type, sig] = parts as [string, string, string];
  if (!UUID.test(userId) || !(NOTIFICATION_TYPES as readonly string[]).includes(type) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  // Compared as text: two base64url spellings can decode to the same bytes (unused low bits).
  const expected = Buffer.from(sign(secret, userId, type as NotificationType).toString('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { userId: userId.toLowerCase(), type: type as NotificationType };
}
