import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from './harness';
import { INPUT_DB_ERROR_MESSAGES } from '../src/platform/errors';

/**
 * Bad-input fuzz over every operation of the OpenAPI document (issue 8, "Done means"): each
 * operation gets, as an anonymous caller and as a signed-in fan, creator and admin, malformed
 * JSON, a wrong type in each body field, NUL characters in each string field / path parameter /
 * query parameter, 1 MB strings, malformed ids (36-character non-UUIDs, `__proto__`, `../`),
 * invalid enum values and cut-off multipart bodies. No answer may be a 5xx, nor a 400 that the
 * database gave rather than a schema (the error handler maps those; the schema must catch them). Deterministic: the
 * same cases every run, no randomness. FUZZ_BASELINE=1 also sends each unmutated base request and
 * prints its answer (to see how deep the mutations reach).
 *
 * The walk is shared out over the files fuzz-<n>.test.ts, one app each, so the API suite's two
 * workers share it: part n of FUZZ_PARTS takes every FUZZ_PARTS-th operation of the document,
 * starting at the n-th (each part checks that the parts together take every operation once). In a
 * part the four roles walk its operations side by side, each in the document's order with sign-out
 * last, and each with its own session: a case that ends a session ends only its own role's, which
 * signs in again before its next operation.
 */
type Schema = {
  type?: string | string[]; format?: string; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[];
  items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; minLength?: number; minimum?: number; minItems?: number;
  nullable?: boolean; default?: unknown; const?: unknown; $ref?: string;
};
type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Op = { method: string; path: string; params: Param[]; body?: Schema; upload: boolean };
interface Case { name: string; path: string; query: Record<string, string>; payload?: string | Buffer; contentType?: string }

const VALID_ID = '01900000-0000-7000-8000-000000000000'; // a well-formed UUIDv7 nobody has
const BAD_IDS = ['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '__proto__', '../', '..%2F..%2Fetc%2Fpasswd', 'constructor'];
const MEGA = 'a'.repeat(1_000_000); // a 1 MB string (the JSON body stays under the 1 MiB body limit)
const NUL = 'a\u0000b';

/**
 * Valid starting points where a generic sample would already be refused (patterns, business
 * ranges), so that each mutation below is the only thing wrong and reaches deeper code.
 */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /auth/users/register': { firstName: 'Fuzz', lastName: 'Tester', username: 'fuzztester', email: 'fuzz-tester@example.com', password: 'fuzz-pass-123' },
  'POST /auth/users/reset-password': { token: 'x'.repeat(43), password: 'fuzz-pass-123' },
  'POST /performer/feeds/polls': { options: ['one', 'two'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  'POST /performer/feeds': { text: 'Hello fans' },
  'POST /sandbox/cards': { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  'POST /payment/wallet/top-up': { amount: 10 },
  'POST /wallet/charges/{kind}/{id}': { price: 10 },
  'PUT /performers/subscription-settings': { monthlyPrice: 9.95 },
  'POST /payout-requests': { amount: 60 },
  'POST /stripe/accounts': { returnUrl: 'https://example.com/back', refreshUrl: 'https://example.com/again' },
  'POST /admin/screening/blocklist/import': { text: '0123456789abcdef,fuzz entry' },
  // Takedowns: an address in the web's link shape, so the fuzz reaches the item lookup (the id names nothing: 400 on urls.0).
  'POST /takedowns': { urls: ['/post/0190a0a0-0000-7000-8000-000000000000'] },
};
const BASE_PARAMS: Record<string, string> = { code: 'FR', country: 'FR', state: 'IDF' };

/** One member of a union (the first that is not null). */
const pick = (s: Schema): Schema => {
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return pick(alt.find((x) => x.type !== 'null') ?? alt[0]!);
  if (s.allOf) return Object.assign({}, ...s.allOf.map(pick));
  return s;
};
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);
/** Whether null is a valid value of the schema (then `null` is no bad input: the request is a valid one). */
const allowsNull = (s: Schema): boolean =>
  s.nullable === true || (Array.isArray(s.type) && s.type.includes('null')) || (s.anyOf ?? s.oneOf ?? []).some((x) => x.type === 'null' || allowsNull(x));

/** A plausible value for a schema (valid where it is cheap to be: formats, enums, minimums). */
function sample(schema: Schema, depth = 0): unknown {
  const s = pick(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return VALID_ID;
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (s.format === 'date') return '2000-01-01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, depth + 1));
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k] ?? {}, depth + 1);
      return out;
    }
    default:
      return 'x';
  }
}
/** A value of the wrong type for a schema. */
const wrongType = (schema: Schema): unknown => {
  const ty = typeOf(pick(schema));
  return ty === 'string' ? { not: 'a string' } : ty === 'array' ? 'not-an-array' : ty === 'object' ? ['not', 'an', 'object'] : 'not-a-number-or-boolean';
};
const isIdLike = (name: string, s: Schema = {}) => pick(s).format === 'uuid' || /(^id$|Id$|Ids$)/.test(name);

/** Every deterministic bad-input case of one operation. */
function casesFor(op: Op): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const basePath: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, BASE_PARAMS[p.name] ?? String(sample(p.schema ?? {}))]));
  const baseQuery: Record<string, string> = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema ?? {}))]));
  const url = (params: Record<string, string>) => op.path.replace(/\{([^}]+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? 'x'));
  const out: Case[] = [];
  const withPath = (name: string, k: string, v: string) => out.push({ name, path: url({ ...basePath, [k]: v }), query: baseQuery, ...bodyOf(baseBody) });
  const withQuery = (name: string, k: string, v: string) => out.push({ name, path: url(basePath), query: { ...baseQuery, [k]: v }, ...bodyOf(baseBody) });
  const baseBody = op.body ? { ...(sample(op.body) as Record<string, unknown>), ...BASE_BODIES[`${op.method} ${op.path}`] } : undefined;
  function bodyOf(body: unknown): Pick<Case, 'payload' | 'contentType'> {
    return body === undefined ? {} : { payload: JSON.stringify(body), contentType: 'application/json' };
  }
  const withBody = (name: string, body: unknown) => out.push({ name, path: url(basePath), query: baseQuery, ...bodyOf(body) });

  if (process.env.FUZZ_BASELINE) withBody('baseline', baseBody);
  for (const p of pathParams) {
    withPath(`NUL in path {${p.name}}`, p.name, NUL);
    withPath(`1 MB path {${p.name}}`, p.name, MEGA);
    if (pick(p.schema ?? {}).enum) withPath(`bad enum path {${p.name}}`, p.name, 'no-such-value');
    for (const bad of BAD_IDS) withPath(`bad id path {${p.name}}=${bad}`, p.name, bad);
  }
  for (const p of queryParams) {
    withQuery(`NUL in query ${p.name}`, p.name, NUL);
    withQuery(`1 MB query ${p.name}`, p.name, MEGA);
    withQuery(`wrong type query ${p.name}`, p.name, '-1.5e999');
    if (pick(p.schema ?? {}).enum || p.name === 'sortBy') withQuery(`bad enum query ${p.name}`, p.name, p.name === 'sortBy' ? '__proto__' : 'no-such-value');
    if (isIdLike(p.name, p.schema)) for (const bad of BAD_IDS) withQuery(`bad id query ${p.name}=${bad}`, p.name, bad);
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    out.push({ name: 'malformed JSON', path: url(basePath), query: baseQuery, payload: '{"a": [1, 2', contentType: 'application/json' });
    out.push({ name: 'JSON array instead of object', path: url(basePath), query: baseQuery, payload: '[]', contentType: 'application/json' });
    out.push({ name: 'JSON with __proto__', path: url(basePath), query: baseQuery, payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' });
  }
  if (op.body && baseBody && typeof baseBody === 'object') {
    const props = pick(op.body).properties ?? {};
    for (const [k, s] of Object.entries(props)) {
      const ps = pick(s);
      withBody(`wrong type body.${k}`, { ...baseBody, [k]: wrongType(s) });
      if (!allowsNull(s)) withBody(`null body.${k}`, { ...baseBody, [k]: null });
      const ty = typeOf(ps);
      if (ty === 'string') {
        withBody(`NUL in body.${k}`, { ...baseBody, [k]: NUL });
        withBody(`1 MB body.${k}`, { ...baseBody, [k]: MEGA });
      }
      if (ty === 'array' && typeOf(pick(ps.items ?? {})) === 'string') {
        withBody(`NUL in body.${k}[0]`, { ...baseBody, [k]: [NUL] });
        if (isIdLike(k, ps.items)) for (const bad of BAD_IDS) withBody(`bad id body.${k}[0]=${bad}`, { ...baseBody, [k]: [bad] });
      }
      if (ty === 'number' || ty === 'integer') {
        withBody(`huge number body.${k}`, { ...baseBody, [k]: 1e308 });
        withBody(`negative number body.${k}`, { ...baseBody, [k]: -2147483649 });
      }
      if (ps.enum) withBody(`bad enum body.${k}`, { ...baseBody, [k]: 'no-such-value' });
      if (ty === 'string' && isIdLike(k, s)) for (const bad of BAD_IDS) withBody(`bad id body.${k}=${bad}`, { ...baseBody, [k]: bad });
      if (ty === 'object' && ps.properties) {
        for (const [k2, s2] of Object.entries(ps.properties)) {
          if (typeOf(pick(s2)) === 'string') withBody(`NUL in body.${k}.${k2}`, { ...baseBody, [k]: { ...(sample(ps) as object), [k2]: NUL } });
        }
      }
    }
  }
  if (op.upload) {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(9000, 7)]);
    for (const field of ['file', 'avatar', 'cover', 'documentVerification']) {
      const mp = multipart({ kind: 'other' }, [{ field, filename: 'x.png', content: png, type: 'image/png' }]);
      const fileAt = mp.payload.indexOf(png);
      out.push({ name: `multipart cut mid-file (${field})`, path: url(basePath), query: baseQuery, payload: mp.payload.subarray(0, fileAt + 5000), contentType: mp.headers['content-type'] });
      out.push({ name: `multipart without closing boundary (${field})`, path: url(basePath), query: baseQuery, payload: mp.payload.subarray(0, fileAt + png.length + 2), contentType: mp.headers['content-type'] });
      const nul = multipart({ kind: NUL, firstName: NUL }, [{ field, filename: 'x\u0000.png', content: png, type: 'image/png' }]);
      out.push({ name: `multipart NUL field and file name (${field})`, path: url(basePath), query: baseQuery, payload: nul.payload, contentType: nul.headers['content-type'] });
    }
    out.push({ name: 'multipart without boundary', path: url(basePath), query: baseQuery, payload: 'garbage', contentType: 'multipart/form-data' });
  }
  return out;
}

/** How many files share the walk (fuzz-1.test.ts … fuzz-<FUZZ_PARTS>.test.ts). */
export const FUZZ_PARTS = 2;

/** Every operation of the app's OpenAPI document, in its order. */
function operationsOf(app: TestApp['app']): Op[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>> };
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upload = !op.requestBody && method === 'post' && (/\/upload$/.test(path) || path === '/auth/performers/register');
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema, upload });
    }
  }
  return ops;
}
/** The operations of part `part` (1-based) of `parts`: every parts-th of the document, from the part-th. */
export const partOf = <T>(all: T[], part: number, parts: number): T[] => all.filter((_, i) => i % parts === part - 1);

/** Registers part `part` of the walk (one app, four roles side by side) in the calling test file. */
export function describeFuzz(part: number) {
  let t: TestApp;
  let roles: Array<{ name: string; who: Made | null }>;
  let all: Op[];
  let ops: Op[];

  beforeAll(async () => {
    t = await createTestApp();
    const [fan, creator, admin] = await Promise.all([createFan(t), createCreator(t), createAdmin(t)]);
    roles = [{ name: 'anonymous', who: null }, { name: 'fan', who: fan }, { name: 'creator', who: creator }, { name: 'admin', who: admin }];
    all = operationsOf(t.app);
    ops = partOf(all, part, FUZZ_PARTS);
    // Signing out ends the session the other cases of that role use: last.
    ops.sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe(`fuzz: bad input to every operation in /docs is never a 5xx (part ${part} of ${FUZZ_PARTS})`, () => {
    it('walks its share of the OpenAPI document as anonymous, fan, creator and admin', async () => {
      const started = Date.now();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let requests = 0;
      let ip = 0;
      const caseLists = ops.map((op) => casesFor(op));
      const cases = caseLists.reduce((n, l) => n + l.length, 0);
      // Each role walks the operations in order; the roles run side by side (separate sessions).
      const walk = async (role: (typeof roles)[number]) => {
        for (const [i, op] of ops.entries()) {
          for (const c of caseLists[i]!) {
            const qs = new URLSearchParams(c.query).toString();
            const headers: Record<string, string> = { ...(role.who?.auth ?? {}) };
            if (c.contentType) headers['content-type'] = c.contentType;
            ip++;
            const res = await t.app.inject({
              method: op.method as 'GET',
              url: qs ? `${c.path}?${qs}` : c.path,
              headers,
              payload: c.payload,
              // a fresh address per request: per-IP rate limits must not hide what lies behind them
              remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            });
            requests++;
            if (c.name === 'baseline') console.log(`baseline ${op.method} ${op.path} [${role.name}] ${res.statusCode} ${res.body.slice(0, 200)}`);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) failures.push(`${op.method} ${op.path} [${role.name}] ${c.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            // A 400 the database gave (mapped by the error handler) means a schema let bad input through: fix the schema.
            else if (res.statusCode === 400 && INPUT_DB_ERROR_MESSAGES.has(res.json().message)) failures.push(`${op.method} ${op.path} [${role.name}] ${c.name}: 400 from the database, not the schema: ${res.body.slice(0, 160)}`);
          }
          // A case may have ended the session (sign-out, password change): sign the role in again.
          if (role.who && (await t.app.inject({ method: 'GET', url: '/users/me', headers: role.who.auth })).statusCode === 401) {
            const { token } = await t.ctx.auth.issueSession(role.who.user.id, false);
            role.who.token = token;
            role.who.auth = { authorization: `Bearer ${token}` };
          }
        }
      };
      await Promise.all(roles.map(walk));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const summary = `${ops.length} of ${all.length} operations × ${cases} cases in all × ${roles.length} roles = ${requests} requests in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`;
      console.log(`fuzz part ${part}: ${summary}`);
      expect(all.length).toBeGreaterThan(100);
      // The parts together take every operation exactly once.
      const shares = Array.from({ length: FUZZ_PARTS }, (_, k) => partOf(all, k + 1, FUZZ_PARTS));
      expect(shares.flat().map((o) => `${o.method} ${o.path}`).sort()).toEqual(all.map((o) => `${o.method} ${o.path}`).sort());
      expect(ops.length).toBeGreaterThan(0);
      expect(failures, `${failures.length} answers were 5xx (${summary}):\n${failures.join('\n')}`).toEqual([]);
    }, 600_000);
  });
}
