/**
 * Registers API handlers against the shared route map (packages/shared/src/routes). The entry
 * gives the method, path, schemas, description and who may call it; this file turns `access` into
 * the guard, so a handler cannot be registered without the guard its entry declares, and
 * `assertMappedRoutes` refuses any route registered outside the map.
 */
import type {
  FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess, RouteDef } from '@stagepass/shared/routes';
import { ACCESS_REASON_HEADER } from '@stagepass/shared';
import { adminOnly, authenticated, performerOnly, performerOrAdmin, type Guard } from './auth';
import { operatorReadGate } from './audit';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The handler of a map entry, typed from the entry's schemas (params, query, body, headers, reply). */
export type RouteHandler<D extends RouteDef> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, unknown, D['schema'], ZodTypeProvider, FastifyBaseLogger
>;

/** The guard each access level means (ARCHITECTURE.md "API conventions"). */
export const GUARD_OF: Record<RouteAccess, Guard | null> = {
  anyone: null,
  user: authenticated,
  performer: performerOnly,
  admin: adminOnly,
  performerOrAdmin,
};

/** Route options an API handler may add to its entry: operational, not part of the contract. */
export interface HandleOptions {
  /** Extra checks after the access guard (e.g. a per-user limit). */
  preHandler?: RouteShorthandOptions['preHandler'];
  /** Route config (e.g. `rateLimit`). */
  config?: Record<string, unknown>;
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route map entry the route was registered from (read by the agreement test and assertMappedRoutes). */
    routeDef?: RouteDef;
  }
}

/** What the OpenAPI description of a route marked `operatorRead` adds. */
const OPERATOR_READ_NOTE = ` Operators opening another user's private data here send why in the \`${ACCESS_REASON_HEADER}\` header (percent-encoded, 3–500 characters; missing → 400 \`reason_required\`); the read is audited with it.`;

/**
 * Registers `handler` for the map entry `def`, behind the guard of its `access`; a route marked
 * `operatorRead` also gets the operators' reason check (`operatorReadGate`, platform/audit.ts).
 */
export function handle<D extends RouteDef>(app: ZodApp, def: D, handler: RouteHandler<D>, opts: HandleOptions = {}) {
  const guard = GUARD_OF[def.access];
  const extra = opts.preHandler ? (Array.isArray(opts.preHandler) ? opts.preHandler : [opts.preHandler]) : [];
  app.route<RouteGenericInterface, unknown, D['schema']>({
    method: def.method,
    url: def.path,
    schema: Object.assign({}, def.schema, { tags: [...def.tags], description: def.operatorRead ? def.description + OPERATOR_READ_NOTE : def.description }),
    // The reason check runs before validation: an operator's malformed reason is refused whatever the
    // input (a params enum such as a release's file name, a body), before anything is parsed or read.
    ...(def.operatorRead ? { preValidation: [operatorReadGate] } : {}),
    preHandler: guard ? [guard, ...extra] : extra,
    config: { ...opts.config, routeDef: def },
    bodyLimit: opts.bodyLimit,
    handler,
  });
}

type JsonObjectSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * The OpenAPI document's transform (app.ts): the zod schemas as JSON schema, and on every route
 * marked `operatorRead` the `x-access-reason` header as a REQUIRED header parameter (issue 28 §6).
 * It is documented, not validated: an owner reading their own data sends none, and an operator's
 * missing reason is the service's 400 `reason_required` (platform/audit.ts).
 */
export const openApiTransform: typeof jsonSchemaTransform = (arg) => {
  const out = jsonSchemaTransform(arg);
  const def = (arg.route as { config?: { routeDef?: RouteDef } } | undefined)?.config?.routeDef;
  if (!def?.operatorRead) return out;
  const headers = ((out.schema as { headers?: JsonObjectSchema }).headers ?? { type: 'object', properties: {} }) as JsonObjectSchema;
  const reasonHeader = {
    type: 'string',
    minLength: 3,
    description: "Why the operator opens this person's private data: the reason, percent-encoded UTF-8 (3–500 characters once decoded). Required of operators reading another user's data (missing or invalid → 400 `reason_required`); the read is audited with it.",
  };
  return {
    ...out,
    schema: {
      ...out.schema,
      headers: { ...headers, type: 'object', properties: { ...headers.properties, [ACCESS_REASON_HEADER]: reasonHeader }, required: [...new Set([...(headers.required ?? []), ACCESS_REASON_HEADER])] },
    },
  };
};

/** A registered route and its map entry, as the agreement test reads them. */
export interface MappedRoute {
  method: string;
  url: string;
  def: RouteDef;
  /** The guard found in the route's hooks (null for `anyone`). */
  guard: Guard | null;
}
const registered = new WeakMap<FastifyInstance, MappedRoute[]>();
/** The routes registered on `app` (after `ready()`), each with its map entry. */
export const mappedRoutes = (app: FastifyInstance): readonly MappedRoute[] => registered.get(app) ?? [];

const hookList = (h: unknown): unknown[] => (Array.isArray(h) ? h : h ? [h] : []);

/**
 * Every route must come from the map: an onRoute hook that throws at registration for a route
 * registered without an entry (plugins' own routes — the OpenAPI UI under /docs — excepted), or
 * without the guard its entry's access level means.
 */
export function assertMappedRoutes(app: FastifyInstance, { exceptPrefixes = ['/docs'] }: { exceptPrefixes?: string[] } = {}) {
  const list: MappedRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD')) return;
    if (exceptPrefixes.some((p) => route.url === p || route.url.startsWith(`${p}/`))) return;
    const def = route.config?.routeDef;
    if (!def) throw new Error(`Route ${methods.join(',')} ${route.url} is not in the route map (packages/shared/src/routes): register it with handle()`);
    const want = GUARD_OF[def.access];
    const hooks = [...hookList(route.preValidation), ...hookList(route.preHandler)];
    if (want && !hooks.includes(want)) throw new Error(`Route ${route.url} lacks the ${def.access} guard of its map entry`);
    list.push({ method: methods.join(','), url: route.url, def, guard: want });
  });
}
