import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from '../../playwright.config';

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

export async function login(username: string, password = 'stagepass-demo'): Promise<string> {
  return (await api<{ token: string }>('POST', '/auth/login', { username, password })).token;
}

let adminToken: string | null = null;
export async function setSetting(key: string, value: unknown) {
  adminToken ??= await login('admin@example.com');
  await api('PUT', `/admin/settings/${key}`, { value }, adminToken);
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
