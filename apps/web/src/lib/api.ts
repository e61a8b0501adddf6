'use client';
/**
 * Browser API client (spec §7 rules common to all calls):
 * - relative paths are prefixed with the API base (handed down by the server root layout);
 * - the token from the `token` cookie travels in the Authorization header;
 * - the `data` field of the response is read;
 * - a non-2xx answer rejects with the response body;
 * - a 401 removes the token, sends the browser to /auth/login and rejects with 'Forbidden in the action!';
 * - uploads are multipart through XMLHttpRequest and report progress as a percentage;
 * - a 400 `reason_required` (an operator opening someone's private data, issue 28 §6) asks why
 *   through the registered reason handler (the console's AccessReasonDialog) and repeats the call
 *   with the `x-access-reason` header; the reason is remembered for REASON_MEMORY_MS.
 */
import Cookies from 'js-cookie';
import { ACCESS_REASON_HEADER, MESSAGES, REASON_REQUIRED_CODE, TERMS_REQUIRED_CODE, encodeAccessReason, type ApiError } from '@stagepass/shared';
import { routePath, type RouteArgs, type RouteData, type RouteDef } from '@stagepass/shared/routes';
import { tokenCookieOptions } from './token-cookie';
import { TOKEN_COOKIE } from './config';

let apiBase = 'http://localhost:8080';
export function setApiBase(url: string) {
  apiBase = url.replace(/\/+$/, '');
}
export function getApiBase() {
  return apiBase;
}
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiBase}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}
export function setToken(token: string, remember: boolean) {
  Cookies.set(TOKEN_COOKIE, token, tokenCookieOptions(remember, window.location.protocol));
}
export function removeToken() {
  Cookies.remove(TOKEN_COOKIE, { path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
}

/**
 * What runs when any call answers 401 (after the token is removed): the global client extras
 * register one handler (reset the auth state, client-side navigation to /auth/login). Without a
 * handler the page is left for /auth/login by a full navigation. A plain callback, not a `window`
 * event: there is exactly one listener.
 */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(fn: (() => void) | null) {
  unauthorizedHandler = fn;
}

function onUnauthorized() {
  removeToken();
  if (typeof window === 'undefined') return;
  if (unauthorizedHandler) unauthorizedHandler();
  else if (window.location.pathname !== '/auth/login') window.location.assign('/auth/login');
}

/**
 * What runs when any call answers 403 `terms_required` (modules/legal: the account has a new version
 * of the terms to accept): the terms gate (features/legal/TermsGate) registers one handler that
 * opens "We've updated our terms". The call still rejects as usual.
 */
let termsRequiredHandler: (() => void) | null = null;
export function setTermsRequiredHandler(fn: (() => void) | null) {
  termsRequiredHandler = fn;
}

/**
 * Operators' reads of private data (issue 28 §6): when a call answers 400 `reason_required`, the
 * registered handler (the console's AccessReasonDialog) asks "Why are you opening this?" and
 * resolves to the reason (null: the operator cancelled; the call then rejects with the 400). The
 * call is repeated once with the reason in `x-access-reason`. A reason given is remembered for
 * REASON_MEMORY_MS in this page (not stored anywhere), so an operator reviewing one case is not
 * asked again on every click; calls failing together share one question.
 */
export const REASON_MEMORY_MS = 5 * 60_000;
let accessReasonHandler: (() => Promise<string | null>) | null = null;
export function setAccessReasonHandler(fn: (() => Promise<string | null>) | null) {
  accessReasonHandler = fn;
}
let remembered: { reason: string; until: number } | null = null;
let asking: Promise<string | null> | null = null;
/** Forgets the remembered reason (the dialog's "new case", tests). */
export function forgetAccessReason() {
  remembered = null;
}
async function accessReason(): Promise<string | null> {
  if (remembered && remembered.until > Date.now()) return remembered.reason;
  if (!accessReasonHandler) return null;
  asking ??= accessReasonHandler().finally(() => {
    asking = null;
  });
  const reason = await asking;
  if (reason) remembered = { reason, until: Date.now() + REASON_MEMORY_MS };
  return reason;
}

/** What a failed call rejects with: the API error body (or a synthetic one when the network failed). */
export type ApiFailure = Partial<ApiError> & { message: string; statusCode?: number };

export function isApiFailure(e: unknown): e is ApiFailure {
  return typeof e === 'object' && e !== null && 'message' in e;
}

/** The text to show for a failure: the message or nested message, else the fallback (spec §8). */
export function errorText(e: unknown, fallback: string = MESSAGES.generic): string {
  if (typeof e === 'string' && e) return e;
  if (e && typeof e === 'object') {
    const anyE = e as { message?: unknown; error?: unknown; data?: { message?: unknown } };
    if (typeof anyE.message === 'string' && anyE.message && !/^Failed to fetch|NetworkError|Load failed/i.test(anyE.message)) return anyE.message;
    if (anyE.data && typeof anyE.data.message === 'string' && anyE.data.message) return anyE.data.message;
  }
  return fallback;
}

/** Field errors (`details`) of a 400 answer, keyed by field name. */
export function fieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const details = (e as ApiFailure | undefined)?.details;
  if (Array.isArray(details)) for (const d of details) if (d?.field) out[d.field] = d.message;
  return out;
}

type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Calls that authenticate (login, social login) answer 401 for wrong credentials: there is no
   * session to lose, so the body (the server's message) is rejected as is, without the redirect.
   */
  credentialsCheck?: boolean;
}

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

function authHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  const xsrf = Cookies.get('XSRF-TOKEN');
  if (xsrf) h['X-XSRF-TOKEN'] = xsrf;
  return h;
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  return withAccessReason((headers) => send<T>(path, { ...opts, headers: { ...opts.headers, ...headers } }), opts.headers);
}

/**
 * Runs `attempt` (a call to the API); when it answers 400 `reason_required`, asks why (see
 * `setAccessReasonHandler`) and runs it once more with the reason's header. Used by every call and
 * by downloads (lib/download.ts). `given`: headers the caller already sends (a reason among them
 * is not asked again).
 */
export async function withAccessReason<T>(attempt: (headers: Record<string, string>) => Promise<T>, given?: Record<string, string>): Promise<T> {
  try {
    return await attempt({});
  } catch (e) {
    const failure = e as ApiFailure;
    if (failure?.statusCode !== 400 || failure.code !== REASON_REQUIRED_CODE || given?.[ACCESS_REASON_HEADER]) throw e;
    const wasRemembered = remembered?.reason;
    const reason = await accessReason();
    if (!reason) throw e;
    try {
      return await attempt({ [ACCESS_REASON_HEADER]: encodeAccessReason(reason) });
    } catch (again) {
      // A remembered reason the server refused: forget it, so the next call asks.
      if (wasRemembered && (again as ApiFailure)?.code === REASON_REQUIRED_CODE) remembered = null;
      throw again;
    }
  }
}

async function send<T>(path: string, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(withQuery(path, opts.query)), { method: opts.method || 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    const failure: ApiFailure = { statusCode: 0, error: 'Network error', message: '' };
    (failure as { cause?: unknown }).cause = err;
    throw failure;
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status === 401 && !opts.credentialsCheck) {
    onUnauthorized();
    throw { statusCode: 401, error: 'Unauthorized', message: MESSAGES.forbiddenAction } satisfies ApiFailure;
  }
  if (!res.ok) {
    const bodyObj = (json && typeof json === 'object' ? json : { message: text || res.statusText }) as ApiFailure;
    if (res.status === 403 && bodyObj.code === TERMS_REQUIRED_CODE) termsRequiredHandler?.();
    throw { statusCode: res.status, ...bodyObj } as ApiFailure;
  }
  return (json && typeof json === 'object' && 'data' in json ? (json as { data: T }).data : (json as T));
}


/**
 * THE way the web calls the API: a route map entry (packages/shared/src/routes) and its typed
 * params, query, body and headers; resolves to the typed `data` of the answer.
 *   call(routes.wallet.charge, { params: { kind: 'tip', id }, body: { price: 5 } })
 */
export function call<D extends RouteDef>(def: D, args: RouteArgs<D> = {} as RouteArgs<D>, opts: Pick<RequestOptions, 'signal' | 'credentialsCheck'> = {}): Promise<RouteData<D>> {
  return request<RouteData<D>>(routePath(def, args.params as Record<string, string> | undefined), {
    method: def.method,
    query: args.query as Query | undefined,
    body: args.body,
    headers: args.headers,
    ...opts,
  });
}

/**
 * The SWR key of a GET entry: its path with params filled (and `[path, query]` when it has a
 * query), so `revalidateRoutes(...)` finds every cached answer of an entry. The global SWR
 * fetcher (lib/swr.ts) reads such keys.
 */
export function routeKey<D extends RouteDef>(def: D, args: Pick<RouteArgs<D>, 'params' | 'query'> = {} as RouteArgs<D>): string | [string, Query] {
  const path = routePath(def, args.params as Record<string, string> | undefined);
  return args.query ? [path, args.query as Query] : path;
}

/** The absolute URL of an entry (downloads, links the browser opens itself). */
export function routeHref<D extends RouteDef>(def: D, args: Pick<RouteArgs<D>, 'params' | 'query'> = {} as RouteArgs<D>): string {
  return apiUrl(withQuery(routePath(def, args.params as Record<string, string> | undefined), args.query as Query | undefined));
}

/** Field name → file, or files sent under the same field name. */
export type UploadFiles = Record<string, File | Blob | ReadonlyArray<File | Blob> | undefined | null>;

export interface UploadOptions {
  /** multipart field name of the file(s): avatar, cover, file, photo… */
  field?: string;
  fields?: Record<string, string | number | boolean | undefined | null>;
  onProgress?: (percent: number) => void;
  method?: 'POST' | 'PUT';
}

/**
 * Multipart upload through XMLHttpRequest so progress can be reported. `files` maps field names to
 * files — or to several files sent under the same field name (a product's `image`s) — or pass one
 * file and `field`. Rejects with the response (body) on failure.
 */
export function uploadTo<D extends RouteDef>(def: D, params: RouteArgs<D>['params'], files: File | Blob | UploadFiles, opts: UploadOptions = {}): Promise<RouteData<D>> {
  return upload<RouteData<D>>(routePath(def, params as Record<string, string> | undefined), files, { method: def.method === 'PUT' ? 'PUT' : 'POST', ...opts });
}

/** Multipart upload to a path (callers use `uploadTo` with a route map entry). */
function upload<T = unknown>(path: string, files: File | Blob | UploadFiles, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.fields || {})) if (v !== undefined && v !== null) form.append(k, String(v));
    if (files instanceof Blob) form.append(opts.field || 'file', files);
    else for (const [k, f] of Object.entries(files)) for (const one of Array.isArray(f) ? f : [f]) if (one) form.append(k, one);
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method || 'POST', apiUrl(path));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && opts.onProgress) opts.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status === 401) {
        onUnauthorized();
        reject({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.forbiddenAction } satisfies ApiFailure);
        return;
      }
      if (xhr.status < 200 || xhr.status > 299) {
        reject({ statusCode: xhr.status, ...((json as object) || { message: xhr.statusText || '' }) } as ApiFailure);
        return;
      }
      opts.onProgress?.(100);
      resolve(json && typeof json === 'object' && 'data' in json ? (json as { data: T }).data : (json as T));
    };
    xhr.onerror = () => reject({ statusCode: 0, error: 'Network error', message: '' } satisfies ApiFailure);
    xhr.send(form);
  });
}
