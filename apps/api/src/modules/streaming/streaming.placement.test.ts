/**
 * Seats (streaming.placement.ts): viewers placed at the same moment cannot pass a server's limit
 * together — each placement holds a seat until its presence counts (`release`), on the real
 * database's count (PGlite), with two named servers and no Janus (placement never calls it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { LiveMedia } from '../../platform/live/provider';
import { StreamPlacement } from './streaming.placement';

describe('placement seats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const placement = (limit: number) =>
    new StreamPlacement({ db: t.ctx.db, media: { servers: () => ['a', 'b'] } as unknown as LiveMedia, settings: { get: async () => limit } as never });

  it('ten viewers placed at once on two servers of 3 seats: 3 + 3, the other four refused', async () => {
    const p = placement(3);
    const placed = await Promise.all(Array.from({ length: 10 }, (_, i) => p.leastLoaded(undefined, { streamId: 's', userId: `u${i}` })));
    expect(placed.filter((s) => s === 'a')).toHaveLength(3);
    expect(placed.filter((s) => s === 'b')).toHaveLength(3);
    expect(placed.filter((s) => s === null)).toHaveLength(4);
  });

  it('a released seat is free again; a check without a seat takes none', async () => {
    const p = placement(1);
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u1' })).toBe('a');
    expect(await p.leastLoaded(['a'])).toBeNull();
    p.release('s', 'u1');
    expect(await p.leastLoaded(['a'])).toBe('a');
    expect(await p.leastLoaded(['a'])).toBe('a');
  });

  it('the same viewer placed twice holds one seat', async () => {
    const p = placement(2);
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u1' })).toBe('a');
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u1' })).toBe('a');
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u2' })).toBe('a');
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u3' })).toBeNull();
  });

  it('a seat released while the count is read still counts for that decision', async () => {
    const p = placement(1);
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u1' })).toBe('a');
    const deciding = p.leastLoaded(['a'], { streamId: 's', userId: 'u2' });
    p.release('s', 'u1'); // its presence may be missing from the count being read
    expect(await deciding).toBeNull();
    expect(await p.leastLoaded(['a'], { streamId: 's', userId: 'u2' })).toBe('a');
  });
});
