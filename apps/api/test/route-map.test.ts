/**
 * The route map (packages/shared/src/routes), the routes the API registers and its OpenAPI
 * document agree: every entry is registered once, behind the guard of its access level; nothing is
 * registered outside the map (assertMappedRoutes refuses it at registration); every visible entry
 * is in /docs/json with its method. Then each guard is probed: an anonymous call to any non-public
 * route is 401 whatever it sends, a fan calling a creator or operator route 403, a creator calling
 * an operator route 403, an operator without two-factor authentication 403 on operator routes
 * (told to turn it on) and the fan's own answer on every other route (issue 25 F1: they are a
 * plain user everywhere; operator-without-2fa.test.ts replays each service-level exemption).
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, routePath, routes, type RouteDef } from '@stagepass/shared/routes';
import { assertMappedRoutes, handle, mappedRoutes } from '../src/platform/routes';
import { ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, TWO_FACTOR_MESSAGES } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';

const entries: RouteDef[] = Object.values(routes).flatMap((m) => Object.values(m) as RouteDef[]);
const ID = '0190a0b0-0000-7000-8000-000000000000';
const fill = (def: RouteDef) => {
  const names = [...def.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  return routePath(def, Object.fromEntries(names.map((n) => [n, ID])));
};

let t: TestApp;
let fan: Made;
let creator: Made;
let bareOperator: Made;
beforeAll(async () => {
  t = await createTestApp();
  fan = await createFan(t);
  creator = await createCreator(t);
  bareOperator = await createAdminWithout2fa(t);
});
afterAll(() => t.close());

describe('the route map', () => {
  it('has unique names per module and unique method + path', () => {
    const keys = entries.map((e) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(100);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every entry is registered exactly once, with the guard its access level means', () => {
    const registered = mappedRoutes(t.app);
    for (const def of entries) {
      const found = registered.filter((r) => r.def === def);
      expect(found, `${def.method} ${def.path}`).toHaveLength(1);
      expect(found[0]!.method).toBe(def.method);
    }
    expect(registered).toHaveLength(entries.length);
  });

  it('the OpenAPI document lists exactly the visible entries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const inDoc = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    const visible = entries.filter((e) => !e.schema.hide).map((e) => `${e.method} ${openApiPath(e.path)}`).sort();
    expect(inDoc).toEqual(visible);
    for (const e of entries.filter((x) => !x.schema.hide)) expect(doc.paths[openApiPath(e.path)]![e.method.toLowerCase()]!.tags).toEqual([...e.tags]);
  });

  it('a route outside the map is refused at registration, and so is one without its guard', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    assertMappedRoutes(app);
    await expect(app.register(async (a) => void a.get('/stray', async () => ({}))).ready()).rejects.toThrow(/not in the route map/);

    const app2 = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    assertMappedRoutes(app2);
    app2.setValidatorCompiler(validatorCompiler);
    app2.setSerializerCompiler(serializerCompiler);
    await expect(
      app2.register(async (a) => void a.route({ method: 'GET', url: routes.wallet.search.path, config: { routeDef: routes.wallet.search }, handler: async () => ({}) })).ready(),
    ).rejects.toThrow(/lacks the user guard/);

    const app3 = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app3.setValidatorCompiler(validatorCompiler);
    app3.setSerializerCompiler(serializerCompiler);
    assertMappedRoutes(app3);
    await app3.register(async (a) => handle(a, routes.health.live, async () => ({ status: 'ok' as const }))).ready();
    expect(mappedRoutes(app3)).toHaveLength(1);
    await app3.close();
  });
});

describe('every guard holds (probe of each entry)', () => {
  const nonPublic = entries.filter((e) => e.access !== 'anyone');
  const body = { junk: 'x'.repeat(10) };

  it('anonymous → 401 on every non-public entry, whatever it sends', async () => {
    for (const def of nonPublic) {
      const res = await t.app.inject({ method: def.method, url: `${fill(def)}?limit=abc`, payload: def.method === 'GET' || def.method === 'DELETE' ? undefined : body });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
    }
  });

  it('a fan → 403 on creator and operator entries; a creator → 403 on operator entries', async () => {
    for (const def of nonPublic.filter((e) => e.access !== 'user')) {
      const payload = def.method === 'GET' || def.method === 'DELETE' ? undefined : body;
      const asFan = await t.app.inject({ method: def.method, url: fill(def), headers: fan.auth, payload });
      expect(asFan.statusCode, `fan ${def.method} ${def.path}`).toBe(403);
      if (def.access === 'admin') {
        const asCreator = await t.app.inject({ method: def.method, url: fill(def), headers: creator.auth, payload });
        expect(asCreator.statusCode, `creator ${def.method} ${def.path}`).toBe(403);
      }
    }
  });

  it("an operator without 2FA → 403 (turn it on) on operator entries, and a fan's answer on every other entry", async () => {
    const user = nonPublic.filter((e) => e.access !== 'admin' && !e.path.startsWith('/auth/logout'));
    for (const def of nonPublic.filter((e) => e.access === 'admin')) {
      const payload = def.method === 'GET' || def.method === 'DELETE' ? undefined : body;
      const res = await t.app.inject({ method: def.method, url: fill(def), headers: bareOperator.auth, payload });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(403);
      expect(res.json().message, `${def.method} ${def.path}`).toBe(TWO_FACTOR_MESSAGES.adminRequired);
    }
    for (const def of user) {
      const payload = def.method === 'GET' || def.method === 'DELETE' ? undefined : body;
      const [asFan, asBare] = await Promise.all([fan, bareOperator].map((who) => t.app.inject({ method: def.method, url: fill(def), headers: who.auth, payload })));
      expect(asBare!.statusCode, `${def.method} ${def.path}: ${asBare!.body.slice(0, 160)}`).toBe(asFan!.statusCode);
    }
  });
});

/**
 * Issue 28 §6: the routes through which an operator opens another user's private data are marked
 * `operatorRead` in the map (a new one must be added here, deliberately), each carries the reason
 * check, and a malformed reason is refused (400 reason_required) before anything is read. The
 * reads themselves (no reason → 400 and no row, a reason → one row): operator-reads.test.ts.
 */
describe("operators' reads of private data need a reason", () => {
  const OPERATOR_READS = [
    'GET /admin/age-verifications',
    'GET /admin/content/:kind/:id',
    'GET /admin/performers/:id/statements/:period.:format',
    'GET /admin/performers/:id/tax-details',
    'GET /admin/conversations/:id/messages',
    'GET /admin/disputes/:id',
    'GET /admin/releases/:id',
    'GET /admin/releases/:id/files/:file',
    'POST /admin/releases/export',
    'GET /admin/reports/:target/:targetId',
    'POST /admin/streams/:id/watch',
    'GET /admin/subscriptions',
    'GET /admin/users/:id/conversations',
    'GET /admin/verifications',
    'GET /orders/:id',
    'GET /performers/documents/:fileId',
  ];
  const marked = entries.filter((e) => e.operatorRead);

  it('the marked entries are exactly the known ones', () => {
    expect(marked.map((e) => `${e.method} ${e.path}`).filter((k) => !OPERATOR_READS.includes(k)), 'marked but not listed here').toEqual([]);
    expect(OPERATOR_READS.filter((k) => !marked.some((e) => `${e.method} ${e.path}` === k)), 'listed here but not marked').toEqual([]);
  });

  it('the OpenAPI document lists the reason header as a required header parameter on each, and on no other route', async () => {
    type Param = { in: string; name: string; required?: boolean };
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
    for (const e of entries.filter((x) => !x.schema.hide)) {
      const params = doc.paths[openApiPath(e.path)]![e.method.toLowerCase()]!.parameters ?? [];
      const reason = params.find((p) => p.in === 'header' && p.name === ACCESS_REASON_HEADER);
      if (e.operatorRead) expect(reason, `${e.method} ${e.path}`).toMatchObject({ required: true });
      else expect(reason, `${e.method} ${e.path}`).toBeUndefined();
    }
  });

  // The ids are unknown: a 400 reason_required can only come from the route's reason check (handle()).
  it('an operator with a malformed reason → 400 reason_required on each; a fan sending one gets what a fan gets', async () => {
    const operator = await createAdmin(t);
    // Params valid for the schema (validation answers first), the ids unknown.
    const urlOf = (def: RouteDef) => (def.path.includes(':target/') ? routePath(def, { target: 'message', targetId: ID }) : fill(def));
    for (const def of marked) {
      for (const bad of ['', 'ab', 'x'.repeat(501), 'line%0Abreak']) {
        const res = await t.app.inject({ method: def.method, url: urlOf(def), headers: { ...operator.auth, [ACCESS_REASON_HEADER]: bad } });
        expect(res.statusCode, `${def.path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().code, def.path).toBe(REASON_REQUIRED_CODE);
      }
      const [plain, withReason] = await Promise.all(
        [{}, { [ACCESS_REASON_HEADER]: 'Curious' }].map((h) => t.app.inject({ method: def.method, url: urlOf(def), headers: { ...fan.auth, ...h } })),
      );
      expect(withReason!.statusCode, def.path).toBe(plain!.statusCode);
    }
  });
});
