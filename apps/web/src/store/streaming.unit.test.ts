import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { PrivateRequest } from '@stagepass/shared';

const call = vi.fn();
vi.mock('@/lib/api', () => ({ call: (...a: unknown[]) => call(...a), errorText: (e: unknown, f = '') => (e as { message?: string })?.message || f }));
const { resetAuth } = await import('./auth');
const { default: reducer, accessPrivateRequest, addPrivateRequest, initialStreamingState, loadPrivateRequests, privateRequestUpdated } = await import('./streaming');

const r = (i: number, p: Partial<PrivateRequest> = {}): PrivateRequest => ({
  _id: `r${i}`,
  performerId: 'luna',
  fan: null,
  performer: null,
  status: 'pending',
  rate: 2,
  conversationId: `c${i}`,
  streamId: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  expiresAt: '2026-11-01T12:02:00.000Z',
  ...p,
});
const makeStore = () => configureStore({ reducer: { streaming: reducer } });
const list = (s: ReturnType<ReturnType<typeof makeStore>['getState']>) => s.streaming.privateRequests.map((x) => x._id);

describe('streaming slice (spec §3 Streaming state, §4 Streaming)', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('starts with no private requests', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual(initialStreamingState);
  });

  it('adding a private request appends it (the same one again replaces its entry)', () => {
    const store = makeStore();
    store.dispatch(addPrivateRequest(r(1)));
    store.dispatch(addPrivateRequest(r(2)));
    store.dispatch(addPrivateRequest(r(1, { rate: 3 })));
    expect(list(store.getState())).toEqual(['r1', 'r2']);
    expect(store.getState().streaming.privateRequests[0]!.rate).toBe(3);
  });

  it('accessing a request removes the one with that conversationId', () => {
    const store = makeStore();
    store.dispatch(addPrivateRequest(r(1)));
    store.dispatch(addPrivateRequest(r(2)));
    store.dispatch(accessPrivateRequest({ conversationId: 'c1' }));
    expect(list(store.getState())).toEqual(['r2']);
  });

  it('a pushed request is added while pending and removed once answered', () => {
    const store = makeStore();
    store.dispatch(privateRequestUpdated(r(1)));
    expect(list(store.getState())).toEqual(['r1']);
    store.dispatch(privateRequestUpdated(r(1, { status: 'declined' })));
    expect(list(store.getState())).toEqual([]);
  });

  it('loads the list (keeping a request pushed meanwhile); a failure keeps the error', async () => {
    const store = makeStore();
    let resolve!: (v: unknown) => void;
    call.mockReturnValueOnce(new Promise((res) => (resolve = res)));
    const p = store.dispatch(loadPrivateRequests());
    expect(store.getState().streaming.loading).toBe(true);
    store.dispatch(privateRequestUpdated(r(3)));
    resolve({ data: [r(1), r(2)], total: 2 });
    await p;
    expect(list(store.getState())).toEqual(['r1', 'r2', 'r3']);
    call.mockRejectedValueOnce({ message: 'Network down' });
    await store.dispatch(loadPrivateRequests());
    expect(store.getState().streaming).toMatchObject({ loading: false, error: 'Network down' });
  });

  it('signing out empties it', () => {
    const store = makeStore();
    store.dispatch(addPrivateRequest(r(1)));
    store.dispatch(resetAuth());
    expect(store.getState().streaming).toEqual(initialStreamingState);
  });
});
