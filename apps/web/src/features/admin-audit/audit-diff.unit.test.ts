import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('auditDiff', () => {
  it('flattens objects to dotted paths and marks what changed', () => {
    expect(auditDiff({ status: 'active', profile: { name: 'A', age: 30 }, roles: ['user'] }, { status: 'suspended', profile: { name: 'A' }, roles: ['user', 'admin'], note: 'spam' })).toEqual([
      { path: 'status', before: 'active', after: 'suspended', kind: 'changed' },
      { path: 'profile.name', before: 'A', after: 'A', kind: 'same' },
      { path: 'profile.age', before: '30', after: '—', kind: 'removed' },
      { path: 'roles[0]', before: 'user', after: 'user', kind: 'same' },
      { path: 'roles[1]', before: '—', after: 'admin', kind: 'added' },
      { path: 'note', before: '—', after: 'spam', kind: 'added' },
    ]);
  });

  it('a plain value (a setting) is one line; a missing snapshot is all added or all removed', () => {
    expect(auditDiff('Old', 'New')).toEqual([{ path: '', before: 'Old', after: 'New', kind: 'changed' }]);
    expect(auditDiff(null, { hidden: true })).toEqual([{ path: 'hidden', before: '—', after: 'true', kind: 'added' }]);
    expect(auditDiff({ code: 'X' }, null)).toEqual([{ path: 'code', before: 'X', after: '—', kind: 'removed' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ name: 'A' }, { name: '' })).toEqual([{ path: 'name', before: 'A', after: '""', kind: 'changed' }]);
  });

  it('empty objects and null values are values; deep nesting stops at 4 levels', () => {
    expect(auditDiff({ a: {} }, { a: null })).toEqual([{ path: 'a', before: '{}', after: 'null', kind: 'changed' }]);
    expect(auditDiff({ a: { b: { c: { d: { e: 1 } } } } }, null)).toEqual([{ path: 'a.b.c.d', before: '{"e":1}', after: '—', kind: 'removed' }]);
  });
});
