import crypto from 'node:crypto';

/**
 * Join credentials (README.md beside this file, "Credentials"): a short-lived, per-user, per-stream
 * token the API hands an entitled caller with GET /streaming/join, and checks on every Janus relay
 * call. `<payload>.<signature>`, both base64url: the payload is JSON {u: user id, s: stream id,
 * r: role, exp: seconds since the epoch}; the signature is HMAC-SHA256 of the payload's text with
 * the API's secret (config APP_SECRET), compared in constant time. It proves the API issued it to
 * this user for this stream and role, until `exp` — the relay still re-checks entitlement (a ban
 * takes effect before the credential expires).
 */
/** 'hls': a viewer's HLS playlist and segment links (streaming.hls.ts), never a Janus relay credential. */
export type CredentialRole = 'publisher' | 'subscriber' | 'hls';
export interface CredentialPayload {
  u: string;
  s: string;
  r: CredentialRole;
  exp: number;
}

const PURPOSE = 'stagepass:stream-credential:v1';
const sign = (secret: string, body: string) => crypto.createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest();

/** Signs a credential for `userId` in `streamId` as `role`, valid for `seconds` from `now`. */
export function issueCredential(secret: string, c: { userId: string; streamId: string; role: CredentialRole }, now: Date, seconds: number): { token: string; expiresAt: Date } {
  const exp = Math.floor(now.getTime() / 1000) + seconds;
  const payload: CredentialPayload = { u: c.userId, s: c.streamId, r: c.role, exp };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${body}.${sign(secret, body).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
}

/**
 * The credential's payload when it is genuine (signed with `secret`), unexpired at `now`, and —
 * when given — for `expect`'s user, stream and role; else null.
 */
export function verifyCredential(secret: string, token: string, now: Date, expect: { userId?: string; streamId?: string; role?: CredentialRole } = {}): CredentialPayload | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  let given: Buffer;
  try {
    given = Buffer.from(token.slice(dot + 1), 'base64url');
  } catch {
    return null;
  }
  const wanted = sign(secret, body);
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return null;
  let p: CredentialPayload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CredentialPayload;
  } catch {
    return null;
  }
  if (!p || typeof p.u !== 'string' || typeof p.s !== 'string' || (p.r !== 'publisher' && p.r !== 'subscriber' && p.r !== 'hls') || typeof p.exp !== 'number') return null;
  if (p.exp * 1000 <= now.getTime()) return null;
  if (expect.userId !== undefined && p.u !== expect.userId) return null;
  if (expect.streamId !== undefined && p.s !== expect.streamId) return null;
  if (expect.role !== undefined && p.r !== expect.role) return null;
  return p;
}
