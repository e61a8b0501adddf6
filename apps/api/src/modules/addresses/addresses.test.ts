import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSchema } from '@stagepass/shared';
import { createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: Made | null, method: Method, path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const home = { name: 'Home', recipientName: 'Fiona Fan', phone: '+1 415 555 0100', country: 'us', state: 'CA', city: 'San Francisco', streetAddress: '1 Market St', zipCode: '94105' };

describe('addresses', () => {
  it('own only: create, list (default first), read, replace, delete; others get 404', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const a = await req(fan, 'POST', '/addresses/create', home);
    expect(a.statusCode, a.body).toBe(200);
    const first = addressSchema.parse(a.json().data);
    expect(first).toMatchObject({ country: 'US', state: 'CA', isDefault: true, description: '' });
    const b = (await req(fan, 'POST', '/addresses/create', { ...home, name: 'Studio', city: 'Los Angeles', isDefault: true })).json().data;
    const list = (await req(fan, 'GET', '/addresses/search')).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((x: { _id: string; isDefault: boolean }) => [x._id, x.isDefault])).toEqual([[b._id, true], [first._id, false]]);
    expect((await req(fan, 'GET', '/addresses/search?q=studio')).json().data.total).toBe(1);
    expect((await req(fan, 'GET', '/addresses/search?q=%25')).json().data.total).toBe(0);
    const upd = await req(fan, 'PUT', `/addresses/${first._id}`, { ...home, name: 'Home (new)', isDefault: true });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Home (new)', isDefault: true });
    expect((await req(fan, 'GET', `/addresses/${b._id}`)).json().data.isDefault).toBe(false);
    for (const [m, path, body] of [['GET', `/addresses/${b._id}`], ['PUT', `/addresses/${b._id}`, home], ['DELETE', `/addresses/${b._id}`]] as const) {
      expect((await req(other, m, path, body)).statusCode, `${m} ${path}`).toBe(404);
    }
    expect((await req(other, 'GET', '/addresses/search')).json().data.total).toBe(0);
    expect((await req(null, 'GET', '/addresses/search')).statusCode).toBe(401);
    expect((await req(fan, 'DELETE', `/addresses/${b._id}`)).statusCode).toBe(200);
    expect((await req(fan, 'GET', `/addresses/${b._id}`)).statusCode).toBe(404);
    expect((await req(fan, 'GET', '/addresses/not-a-uuid')).statusCode).toBe(400);
  });

  it('checks country, state and city against the reference data, and the fields', async () => {
    const fan = await createFan(t);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await req(fan, 'POST', '/addresses/create', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad({ ...home, country: 'ZZ' }, 'country');
    await bad({ ...home, state: 'XX' }, 'state');
    await bad({ ...home, state: '' }, 'state');
    await bad({ ...home, city: 'Atlantis' }, 'city');
    await bad({ ...home, zipCode: '' }, 'zipCode');
    await bad({ ...home, phone: 'call me' }, 'phone');
    await bad({ ...home, name: 'x'.repeat(61) }, 'name');
    // A country without states (Gibraltar in the reference data) takes any city, and no state.
    expect((await req(fan, 'POST', '/addresses/create', { ...home, country: 'GI', state: '', city: 'Gibraltar' })).statusCode).toBe(200);
    await bad({ ...home, country: 'GI', state: 'CA', city: 'Gibraltar' }, 'state');
  });

  it('at most 20 per user, also when created at once; exactly one default', async () => {
    const fan = await createFan(t);
    const made = await Promise.all(Array.from({ length: 24 }, (_, i) => req(fan, 'POST', '/addresses/create', { ...home, name: `A${i}` })));
    expect(made.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(made.filter((r) => r.statusCode === 422)).toHaveLength(4);
    const list = (await req(fan, 'GET', '/addresses/search?limit=100')).json().data;
    expect(list.total).toBe(20);
    expect(list.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});
