/**
 * The route map's building blocks. Every API route is declared once, in `routes/<module>.ts`:
 * method, path, who may call it, params, query, body, headers, response and description. The API
 * registers its handler against the entry (the guard comes from `access`, so a route cannot forget
 * it), the OpenAPI document is generated from the registered entries, and the web calls the route
 * through one typed client (`call(routes.wallet.charge, { params, body })`).
 */
import type { z } from 'zod';

/**
 * Who may call a route:
 * - `anyone`: no session needed (a session, when sent, is still resolved and may widen the answer);
 * - `user`: signed in; `performer`: signed in as a creator; `admin`: signed in as an operator;
 * - `performerOrAdmin`: a creator, or an operator acting on a creator's records.
 */
export const ROUTE_ACCESS = ['anyone', 'user', 'performer', 'admin', 'performerOrAdmin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The validation part of an entry, named as Fastify names it (querystring, not query). */
export interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Status → schema of the answer (the `{data}` envelope included). */
  response?: { [status: number]: z.ZodType };
  /** `['multipart/form-data']` for uploads (the handler reads the files). */
  consumes?: string[];
  /** Left out of the OpenAPI document (e.g. signed media URLs, which are not an API). */
  hide?: boolean;
}

export interface RouteEntry {
  method: RouteMethod;
  /** Fastify path syntax: `/wallet/charges/:kind/:id`. */
  path: string;
  access: RouteAccess;
  description: string;
  schema: RouteSchema;
  /**
   * `false`: served to a signed-in caller who still has a new version of the terms to accept
   * (reading and accepting them, signing out). Every other route answers such a caller 403
   * `{code: 'terms_required'}` (or, when public, answers as to a visitor): modules/legal.
   */
  termsGate?: false;
  /**
   * `true`: through this route an operator (role admin) may open ANOTHER user's private data — a
   * conversation, locked media, an ID document, an order's address, someone's subscriptions
   * (issue 28 §6, access-reason.ts). An operator's call then carries why, in the `x-access-reason`
   * header: without a valid one it is answered 400 `{code: 'reason_required'}` (an `admin`-only
   * route before anything is read; another route as soon as the service finds the data is not the
   * operator's own), and the read writes one audit row (`recordOperatorRead`, apps/api
   * platform/audit.ts) with the reason and the users whose data it was. Callers reading their own
   * data never need a reason. Lists showing only metadata are not marked; opening content is.
   */
  operatorRead?: true;
  /**
   * `true`: the Authorization header carries a credential of this route's own (the metrics
   * scraper's token), not a session: no session is looked up for it, and the handler checks it.
   */
  ownAuthorization?: true;
}

/** An entry as the map holds it: its module's name is its OpenAPI tag. */
export type RouteDef<E extends RouteEntry = RouteEntry> = E & { readonly tags: readonly [string] };

/**
 * Declares one module's routes. The entries keep their exact types (method, path and every zod
 * schema), which both the API handlers and the web client infer from.
 */
export function defineRoutes<const T extends Record<string, RouteEntry>>(module: string, entries: T): { [K in keyof T]: RouteDef<T[K]> } {
  const out = {} as { [K in keyof T]: RouteDef<T[K]> };
  for (const key of Object.keys(entries) as (keyof T)[]) out[key] = { ...entries[key], tags: [module] as const };
  return out;
}

type Schema<D extends RouteEntry> = D['schema'];
type InputOf<S, K extends keyof RouteSchema> = S extends { [P in K]: infer Z } ? (Z extends z.ZodType ? z.input<Z> : never) : never;

/** What a caller passes: params, query, body and headers, each present only when the route has it. */
export type RouteArgs<D extends RouteEntry> = ([InputOf<Schema<D>, 'params'>] extends [never] ? { params?: undefined } : { params: InputOf<Schema<D>, 'params'> }) &
  ([InputOf<Schema<D>, 'querystring'>] extends [never] ? { query?: undefined } : { query?: InputOf<Schema<D>, 'querystring'> }) &
  ([InputOf<Schema<D>, 'body'>] extends [never] ? { body?: undefined } : { body: InputOf<Schema<D>, 'body'> }) & { headers?: Record<string, string> };

type SuccessSchema<R> = R extends { 200: infer Z } ? Z : R extends { 201: infer Z } ? Z : never;
type Unwrap<T> = T extends { data: infer D } ? D : T;
/** What a call resolves to: the `data` of the 200 (or 201) answer. */
export type RouteData<D extends RouteEntry> =
  Schema<D> extends { response: infer R } ? (SuccessSchema<R> extends z.ZodType ? Unwrap<z.output<SuccessSchema<R>>> : unknown) : unknown;

/**
 * The URL path of a route with its params filled in (each percent-encoded); throws on a missing
 * param rather than calling a wrong URL.
 */
export function routePath(def: Pick<RouteEntry, 'path'>, params?: Record<string, string | number> | null): string {
  return def.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${name}" for ${def.path}`);
    return encodeURIComponent(String(v));
  });
}

/** The OpenAPI form of a path: `/wallet/charges/{kind}/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
