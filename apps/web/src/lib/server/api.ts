/**
 * Server-side API access for server components (root layout, guards, profile page).
 * Uses API_INTERNAL_URL; every call is de-duplicated per request with React cache().
 */
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { DEFAULT_SETTINGS, PUBLIC_SETTING_KEYS, TERMS_REQUIRED_CODE, type CurrentUser, type PublicSettings, type SitePageSummary } from '@stagepass/shared';
import { routePath, routes, type RouteArgs, type RouteData, type RouteDef } from '@stagepass/shared/routes';
import { internalApiUrl, TOKEN_COOKIE } from '../config';

export type ServerResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; body?: { message?: string; code?: string } };

/** GET against the API; status 0 = unreachable. Never throws. */
export async function serverGet<T>(path: string, init: { token?: string; headers?: Record<string, string> } = {}): Promise<ServerResult<T>> {
  const h: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.token) h.Authorization = `Bearer ${init.token}`;
  try {
    const res = await fetch(`${internalApiUrl()}${path}`, { headers: h, cache: 'no-store', signal: AbortSignal.timeout(8000) });
    const json = (await res.json().catch(() => undefined)) as { data?: T; message?: string; code?: string } | undefined;
    if (!res.ok) return { ok: false, status: res.status, body: json };
    return { ok: true, status: res.status, data: (json && 'data' in json ? json.data : json) as T };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** GET a route map entry (its params filled in), typed from the entry's answer. Never throws. */
export function serverGetRoute<D extends RouteDef & { method: 'GET' }>(def: D, params: RouteArgs<D>['params'], init: { token?: string; headers?: Record<string, string> } = {}) {
  return serverGet<RouteData<D>>(routePath(def, params as Record<string, string> | undefined), init);
}

export const DEFAULT_PUBLIC_SETTINGS = {
  ...Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, DEFAULT_SETTINGS[k]])),
  paymentsSandbox: false,
} as PublicSettings;

export interface SettingsResult {
  settings: PublicSettings;
  /** false when the API could not be reached (defaults are used). */
  reachable: boolean;
}

export const getPublicSettings = cache(async (): Promise<SettingsResult> => {
  const r = await serverGet<Partial<PublicSettings>>(routePath(routes.settings.public));
  if (!r.ok) return { settings: DEFAULT_PUBLIC_SETTINGS, reachable: r.status !== 0 && r.status < 500 };
  return { settings: { ...DEFAULT_PUBLIC_SETTINGS, ...r.data }, reachable: true };
});

/**
 * The footer menu's static pages (published, marked for the footer), for every page render: the
 * API answers them from memory and drops that copy on every node when a page changes, so asking
 * each time costs little and a change shows on the next page load. API down → none.
 */
export const getFooterPages = cache(async (): Promise<SitePageSummary[]> => {
  const r = await serverGet<{ data: SitePageSummary[] }>(`${routePath(routes.site.pageSearch)}?footer=true&limit=50`);
  return r.ok ? r.data.data : [];
});

/** The visitor's address as the proxy saw it. */
export async function clientIp(): Promise<string | undefined> {
  const h = await headers();
  const fwd = h.get('x-forwarded-for');
  if (fwd) return fwd.split(',')[0]!.trim() || undefined;
  return h.get('x-real-ip')?.trim() || undefined;
}

export const getBlockCheck = cache(async (): Promise<{ blocked: boolean; country: string | null }> => {
  const ip = await clientIp();
  const r = await serverGetRoute(routes.geo.check, undefined, {
    headers: ip ? { 'x-client-ip': ip } : {},
  });
  // The check failing (API down) never locks visitors out.
  return r.ok ? { blocked: Boolean(r.data?.blocked), country: r.data?.country ?? null } : { blocked: false, country: null };
});

export const getToken = cache(async (): Promise<string | undefined> => {
  const c = await cookies();
  return c.get(TOKEN_COOKIE)?.value || undefined;
});

export type UserResult =
  | { status: 'ok'; user: CurrentUser }
  | { status: 'anonymous'; user: null }
  /** a valid session whose account must accept a new version of the terms first (403 terms_required) */
  | { status: 'terms'; user: null }
  /** a token was sent and refused (401): it must be removed */
  | { status: 'invalid'; user: null }
  /** the API could not answer: do not log the user out, show an error state */
  | { status: 'error'; user: null };

export const getCurrentUser = cache(async (): Promise<UserResult> => {
  const token = await getToken();
  if (!token) return { status: 'anonymous', user: null };
  const r = await serverGetRoute(routes.users.me, undefined, { token });
  if (r.ok) return { status: 'ok', user: r.data };
  if (r.status === 403 && r.body?.code === TERMS_REQUIRED_CODE) return { status: 'terms', user: null };
  if (r.status === 401 || r.status === 403) return { status: 'invalid', user: null };
  return { status: 'error', user: null };
});
