import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { normalizeIp } from './geo.service';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const check = (ip?: string) => t.app.inject({ method: 'GET', url: '/block/countries/check', headers: ip === undefined ? {} : { 'x-client-ip': ip } });
const block = async (codes: string[]) => {
  const res = await t.app.inject({ method: 'PUT', url: '/admin/settings/blockedCountries', payload: { value: codes }, headers: admin.auth });
  expect(res.statusCode).toBe(200);
};

describe('GET /block/countries/check', () => {
  it('a US address is not blocked by default', async () => {
    const res = await check('8.8.8.8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { blocked: false, country: 'US' } });
  });

  it('blocking US takes effect at once; GB stays open; unblocking reopens', async () => {
    await block(['US']);
    try {
      expect((await check('8.8.8.8')).json().data).toEqual({ blocked: true, country: 'US' });
      expect((await check('81.2.69.142')).json().data).toEqual({ blocked: false, country: 'GB' });
      // IPv4-mapped IPv6 and a port are the same address.
      expect((await check('::ffff:8.8.8.8')).json().data).toEqual({ blocked: true, country: 'US' });
      expect((await check('8.8.8.8:54321')).json().data).toEqual({ blocked: true, country: 'US' });
    } finally {
      await block([]);
    }
    expect((await check('8.8.8.8')).json().data).toEqual({ blocked: false, country: 'US' });
  });

  it('IPv6 addresses resolve and are blocked by their country (bracketed with a port too)', async () => {
    const ip = '2001:4860:4860::8888';
    const first = (await check(ip)).json().data;
    expect(first.country).toMatch(/^[A-Z]{2}$/);
    expect(first.blocked).toBe(false);
    await block([first.country]);
    try {
      expect((await check(ip)).json().data).toEqual({ blocked: true, country: first.country });
      expect((await check(`[${ip}]:443`)).json().data).toEqual({ blocked: true, country: first.country });
    } finally {
      await block([]);
    }
  });

  it('a forwarded list uses its first address', async () => {
    await block(['US']);
    try {
      expect((await check('8.8.8.8, 10.0.0.1')).json().data).toEqual({ blocked: true, country: 'US' });
      expect((await check('81.2.69.142, 8.8.8.8')).json().data).toEqual({ blocked: false, country: 'GB' });
    } finally {
      await block([]);
    }
  });

  it('private, loopback and link-local addresses: no country, never blocked', async () => {
    await block(['US', 'GB']);
    try {
      for (const ip of ['10.0.0.1', '192.168.1.20', '172.16.5.4', '127.0.0.1', '::1', '169.254.10.10', 'fe80::1', '0.0.0.0']) {
        const res = await check(ip);
        expect(res.statusCode, ip).toBe(200);
        expect(res.json().data, ip).toEqual({ blocked: false, country: null });
      }
      // No header: the request address (inject: 127.0.0.1).
      expect((await check()).json().data).toEqual({ blocked: false, country: null });
    } finally {
      await block([]);
    }
  });

  it('a garbage header → 200, not blocked, no country', async () => {
    await block(['US']);
    try {
      for (const ip of ['not-an-ip', '999.1.1.1', '8.8.8', ' , ', "'; DROP TABLE users; --", 'x'.repeat(5000), '8.8.8.8.8']) {
        const res = await check(ip);
        expect(res.statusCode, ip.slice(0, 20)).toBe(200);
        expect(res.json().data).toEqual({ blocked: false, country: null });
      }
    } finally {
      await block([]);
    }
  });
});

describe('normalizeIp', () => {
  it('takes the first address of a list and drops the mapping prefix and port', () => {
    expect(normalizeIp('8.8.8.8, 10.0.0.1')).toBe('8.8.8.8');
    expect(normalizeIp(' ::ffff:1.2.3.4 ')).toBe('1.2.3.4');
    expect(normalizeIp('1.2.3.4:80')).toBe('1.2.3.4');
    expect(normalizeIp('[2001:db8::1]:8080')).toBe('2001:db8::1');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('')).toBeNull();
    expect(normalizeIp(null)).toBeNull();
    expect(normalizeIp(',')).toBeNull();
  });
});
