import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes, openApiPath, routePath } from './define';

describe('routePath', () => {
  const def = { path: '/wallet/charges/:kind/:id' };
  it('fills and percent-encodes every param', () => {
    expect(routePath(def, { kind: 'tip', id: 'a b/c' })).toBe('/wallet/charges/tip/a%20b%2Fc');
  });
  it('refuses a missing or empty param instead of calling a wrong URL', () => {
    expect(() => routePath(def, { kind: 'tip' })).toThrow(/Missing path parameter "id"/);
    expect(() => routePath(def, { kind: 'tip', id: '' })).toThrow(/"id"/);
  });
  it('leaves a path without params as is', () => {
    expect(routePath({ path: '/settings/public' })).toBe('/settings/public');
  });
});

describe('defineRoutes', () => {
  it('tags each entry with its module and keeps the entry', () => {
    const body = z.object({ a: z.string() });
    const m = defineRoutes('things', { create: { method: 'POST', path: '/things', access: 'user', description: 'd', schema: { body } } });
    expect(m.create.tags).toEqual(['things']);
    expect(m.create.schema.body).toBe(body);
    expect(m.create.access).toBe('user');
  });
  it('openApiPath turns :name into {name}', () => {
    expect(openApiPath('/a/:id/file/:fileId/status')).toBe('/a/{id}/file/{fileId}/status');
  });
});
