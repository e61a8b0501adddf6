import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { Notification } from '@stagepass/shared';

const call = vi.fn();
vi.mock('@/lib/api', () => ({ call: (...a: unknown[]) => call(...a), errorText: (e: unknown) => String(e) }));
const { default: reducer, fetchNotifications, notificationRead, notificationReceived } = await import('./notification');

const n = (id: string, read = false): Notification => ({
  _id: id, type: 'follow', actor: null, objectKind: null, objectId: null, text: id, link: null, read, count: 1, createdAt: '2026-11-23T20:00:00.000Z', updatedAt: '2026-11-23T20:00:00.000Z',
});
const page = (from: number, count = 12) => Array.from({ length: count }, (_, i) => n(`n${from + i}`));
const makeStore = () => configureStore({ reducer: { notification: reducer } });
const lastQuery = () => (call.mock.calls.at(-1)?.[1] as { query: Record<string, unknown> }).query;

describe('fetchNotifications paging', () => {
  beforeEach(() => call.mockReset());

  it('asks for 12 from the start, then from after the rows already listed (pushed ones included)', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: page(0), total: 30 });
    await store.dispatch(fetchNotifications({ filter: 'all' }));
    expect(lastQuery()).toMatchObject({ offset: 0, limit: 12 });
    expect(lastQuery().read).toBeUndefined();
    store.dispatch(notificationReceived({ notification: n('pushed'), totalUnread: 13 }));
    call.mockResolvedValueOnce({ data: page(11), total: 31 });
    await store.dispatch(fetchNotifications({ more: true }));
    expect(lastQuery()).toMatchObject({ offset: 13, limit: 12 });
    const s = store.getState().notification;
    expect(s.page).toBe(3);
    expect(new Set(s.notificationIds).size).toBe(s.notificationIds.length);
  });

  it('on the Unread tab, rows read meanwhile no longer count in the offset', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: page(0), total: 20 });
    await store.dispatch(fetchNotifications({ filter: 'unread' }));
    expect(lastQuery()).toMatchObject({ offset: 0, read: 'false' });
    store.dispatch(notificationRead('n0'));
    store.dispatch(notificationRead('n1'));
    call.mockResolvedValueOnce({ data: page(12, 8), total: 18 });
    await store.dispatch(fetchNotifications({ more: true }));
    expect(lastQuery()).toMatchObject({ offset: 10, read: 'false' });
    expect(store.getState().notification.hasMore).toBe(false);
  });

  it('no add-more after a short page', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: page(0, 5), total: 5 });
    await store.dispatch(fetchNotifications({ filter: 'all' }));
    await store.dispatch(fetchNotifications({ more: true }));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
