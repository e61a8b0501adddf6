import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { CODE_REUSED, freshCode, totpSecretFor } from './totp';

/** Talks to the test API directly: set-up data and operator actions (never the UI under test). */
export async function api<T = unknown>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${E2E.api}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${json.message ?? ''}`);
  return json.data;
}

/**
 * A session token. An account with two-factor authentication on answers a challenge first: the
 * code comes from `totpSecret` (the demo operator's is known: support/totp.ts).
 */
export async function login(username: string, password = 'stagepass-demo', totpSecret = totpSecretFor(username)): Promise<string> {
  const first = await api<{ token?: string; twoFactorRequired?: boolean; challenge?: string }>('POST', '/auth/login', { username, password });
  if (!first.twoFactorRequired) return first.token!;
  if (!totpSecret) throw new Error(`${username} has two-factor authentication on: pass its TOTP secret to login()`);
  for (let attempt = 0; ; attempt++) {
    try {
      return (await api<{ token: string }>('POST', '/auth/login/2fa', { challenge: first.challenge, code: await freshCode(totpSecret) })).token;
    } catch (err) {
      if (attempt >= 3 || !CODE_REUSED.test(String(err))) throw err;
    }
  }
}

/** Turns two-factor authentication on for the account of `token` (that session stays, the others end); answers the secret. */
export async function enable2fa(token: string): Promise<string> {
  const { secret } = await api<{ secret: string }>('POST', '/auth/2fa/setup', {}, token);
  await api('POST', '/auth/2fa/enable', { code: await freshCode(secret) }, token);
  return secret;
}

/** Turns it off again (a fresh code). */
export async function disable2fa(token: string, secret: string): Promise<void> {
  await api('POST', '/auth/2fa/disable', { code: await freshCode(secret) }, token);
}

/**
 * The demo operator's API session, one for the whole run (kept in a file of the run's data
 * directory, so every worker and spec shares it): each of the operator's two-factor sign-ins takes
 * one of the few 30-second steps the server accepts at a time (support/totp.ts), so set-up signs in
 * once. A kept token that no longer works is replaced.
 */
export async function operatorToken(): Promise<string> {
  const file = path.join(E2E.dataDir, 'e2e-operator-token');
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (kept && (await fetch(`${E2E.api}/users/me`, { headers: { authorization: `Bearer ${kept}` } })).ok) return kept;
  const token = await login('admin@example.com');
  fs.writeFileSync(file, token);
  return token;
}

let adminToken: string | null = null;
export async function setSetting(key: string, value: unknown) {
  adminToken ??= await operatorToken();
  await api('PUT', `/admin/settings/${key}`, { value }, adminToken);
}

/** The operator approves a creator's identity documents (creators sell only once verified: performers README). */
export async function approveCreator(performerId: string) {
  adminToken ??= await operatorToken();
  await api('POST', `/admin/verifications/${performerId}/approve`, {}, adminToken);
}

let seq = 0;
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toLowerCase().slice(0, 30);
}

/** The newest mail in the API's outbox (DATA_DIR/outbox) to `to`, waiting for it to arrive. */
export async function mailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const dir = path.join(E2E.dataDir, 'outbox');
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().reverse() : [];
        for (const f of files) {
          const m = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
          if (m.to === to && subject.test(m.subject)) {
            found = m;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: { text: string }, pathPart: string): string {
  const m = new RegExp(`https?://[^\\s]*${pathPart}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!m) throw new Error(`no ${pathPart} link in: ${mail.text}`);
  return m[0];
}
