import { describe, expect, it } from 'vitest';
import { FAN_CHANNELS, fanSearchKey, fanUpdateSchema, fansQuerySchema } from '@stagepass/shared';
import { decodeCursor, encodeCursor, fanChannel, likePrefix } from './fans.service';

describe('fans: pure rules', () => {
  it('a cursor round-trips its sort value and fan id; anything else is a 400', () => {
    const id = '0190c0de-0000-7000-8000-000000000001';
    for (const v of [0, 123_456, '2026-01-02T03:04:05.000Z', 'zed the generous']) expect(decodeCursor(encodeCursor(v, id))).toEqual([v, id]);
    for (const bad of ['!!', 'e30', Buffer.from('[1,"x"]').toString('base64url'), Buffer.from('[{},"' + id + '"]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });

  it('the search key is lower-cased and trimmed; the LIKE prefix escapes wildcards and drops a leading @', () => {
    expect(fanSearchKey('  Luna STAR ')).toBe('luna star');
    expect(fanSearchKey(null)).toBe('');
    expect(likePrefix('@Kit')).toBe('kit%');
    expect(likePrefix('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });

  it('a referral share is not a fan channel; every other channel is', () => {
    expect(fanChannel('referral')).toBeNull();
    expect(fanChannel('tip_menu')).toBe('tip_menu');
    expect(FAN_CHANNELS).not.toContain('referral');
  });

  it('the query and update schemas: defaults, limits, nothing to change', () => {
    expect(fansQuerySchema.parse({})).toEqual({ sort: 'spent', order: 'desc', filter: 'all', limit: 25 });
    expect(fansQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(fanUpdateSchema.safeParse({}).success).toBe(false);
    expect(fanUpdateSchema.safeParse({ customName: 'x'.repeat(41) }).success).toBe(false);
    expect(fanUpdateSchema.safeParse({ note: 'y'.repeat(1000) }).success).toBe(true);
    expect(fanUpdateSchema.parse({ customName: '  Kit  ' })).toEqual({ customName: 'Kit' });
  });
});
