import crypto from 'node:crypto';
import type { ReleaseFile, ReleaseStatus } from '@stagepass/shared';

/**
 * The short-lived links to decrypted bytes (README "Files and links"): a token naming what (one
 * file of a record, or the custodian's export) and until when, HMAC-signed with APP_SECRET. The
 * access check (owner, or an operator with an audited reason) happens when the link is made; the
 * download route only verifies the signature and the time.
 */
export type LinkTarget =
  | { k: 'file'; r: string; f: ReleaseFile }
  /** The export: the records of `s` (all when absent) created up to `u` (ms). */
  | { k: 'export'; s?: ReleaseStatus; u: number };
export type SignedTarget = LinkTarget & { e: number };

export const LINK_TTL_SECONDS = 300;
const PURPOSE = 'stagepass.releases.link';

const mac = (secret: string, body: string) => crypto.createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest('base64url');

export function signLink(secret: string, target: LinkTarget, expiresAtMs: number): string {
  const body = Buffer.from(JSON.stringify({ ...target, e: Math.floor(expiresAtMs / 1000) })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The target of a valid, unexpired token; null otherwise. */
export function verifyLink(secret: string, token: string, nowMs: number): SignedTarget | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedTarget;
    return typeof t.e === 'number' && t.e * 1000 >= nowMs ? t : null;
  } catch {
    return null;
  }
}
