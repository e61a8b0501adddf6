import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { MESSAGE_PAGE_SIZE, MESSAGES, type Message } from '@stagepass/shared';

const call = vi.fn();
vi.mock('@/lib/api', () => ({ call: (...a: unknown[]) => call(...a), errorText: (e: unknown, f = '') => (e as { message?: string })?.message || f }));
const { resetAuth } = await import('./auth');
const {
  default: reducer, conversationLeft, deleteMessage, initialMessageState, loadMessages, messageReceived, messageRemotelyDeleted, resetMessages, sendMessage,
} = await import('./message');

const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, i)).toISOString();
const m = (i: number, conversationId = 'c1'): Message => ({
  _id: `m${i}`,
  conversationId,
  senderId: i % 2 ? 'fan' : 'luna',
  text: `message ${i}`,
  files: [],
  price: null,
  isBought: false,
  isLocked: false,
  isDeleted: false,
  massMessageId: null,
  boughtByRecipient: null,
  massPurchases: null,
  createdAt: at(i),
  updatedAt: at(i),
});
/** The API's answer: newest first, from `newest` down. */
const newestFirst = (newest: number, count: number) => Array.from({ length: count }, (_, i) => m(newest - i));
const makeStore = () => configureStore({ reducer: { message: reducer } });
const ids = (s: ReturnType<ReturnType<typeof makeStore>['getState']>, c = 'c1') => s.message.conversationMap[c]!.items.map((x) => x._id);
const lastQuery = () => (call.mock.calls.at(-1)?.[1] as { query: Record<string, unknown> }).query;

describe('message slice (spec §3 Message state, §4 Messages)', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('starts empty', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual(initialMessageState);
  });

  it('a fetch sets fetching; the loaded items are stored in reverse order (oldest first)', async () => {
    const store = makeStore();
    let resolve!: (v: unknown) => void;
    call.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const p = store.dispatch(loadMessages({ conversationId: 'c1' }));
    expect(store.getState().message.conversationMap.c1).toMatchObject({ fetching: true, isLoadMore: false });
    resolve({ data: newestFirst(40, MESSAGE_PAGE_SIZE), total: 41 });
    await p;
    expect(lastQuery()).toEqual({ offset: 0, limit: MESSAGE_PAGE_SIZE });
    const c = store.getState().message.conversationMap.c1!;
    expect(c.fetching).toBe(false);
    expect(c.total).toBe(41);
    expect(ids(store.getState())[0]).toBe('m16');
    expect(ids(store.getState()).at(-1)).toBe('m40');
  });

  it('load-more asks from after the loaded ones and prepends the older page (no repeats)', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: newestFirst(40, MESSAGE_PAGE_SIZE), total: 41 });
    await store.dispatch(loadMessages({ conversationId: 'c1' }));
    // The older page overlaps the loaded one by one message (one of them was deleted meanwhile).
    call.mockResolvedValueOnce({ data: newestFirst(16, 17), total: 41 });
    const p = store.dispatch(loadMessages({ conversationId: 'c1', more: true }));
    expect(store.getState().message.conversationMap.c1!.isLoadMore).toBe(true);
    await p;
    expect(lastQuery()).toEqual({ offset: MESSAGE_PAGE_SIZE, limit: MESSAGE_PAGE_SIZE });
    const list = ids(store.getState());
    expect(list).toHaveLength(41);
    expect(list[0]).toBe('m0');
    expect(list.at(-1)).toBe('m40');
    expect(new Set(list).size).toBe(41);
    // Everything is loaded: no further load-more request.
    await store.dispatch(loadMessages({ conversationId: 'c1', more: true }));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('a load is skipped while one of the same conversation runs (another conversation is not held up)', async () => {
    const store = makeStore();
    call.mockReturnValue(new Promise(() => undefined));
    void store.dispatch(loadMessages({ conversationId: 'c1' }));
    void store.dispatch(loadMessages({ conversationId: 'c1' }));
    void store.dispatch(loadMessages({ conversationId: 'c1', more: true }));
    expect(call).toHaveBeenCalledTimes(1);
    void store.dispatch(loadMessages({ conversationId: 'c2' }));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('a message pushed while the first page loads is kept after it', async () => {
    const store = makeStore();
    let resolve!: (v: unknown) => void;
    call.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const p = store.dispatch(loadMessages({ conversationId: 'c1' }));
    store.dispatch(messageReceived(m(9)));
    resolve({ data: newestFirst(5, 3), total: 3 });
    await p;
    expect(ids(store.getState())).toEqual(['m3', 'm4', 'm5', 'm9']);
  });

  it('a failed load keeps the spec text', async () => {
    const store = makeStore();
    call.mockRejectedValueOnce({ statusCode: 500, message: 'boom' });
    await store.dispatch(loadMessages({ conversationId: 'c1' }));
    expect(store.getState().message.conversationMap.c1).toMatchObject({ fetching: false, error: MESSAGES.updateFailed });
  });

  it('sending sets sending; success appends the message once (deduplicated by _id)', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: newestFirst(2, 3), total: 3 });
    await store.dispatch(loadMessages({ conversationId: 'c1' }));
    let resolve!: (v: unknown) => void;
    call.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const p = store.dispatch(sendMessage({ conversationId: 'c1', body: { text: 'hi' } }));
    expect(store.getState().message.sendMessage.sending).toBe(true);
    // The socket's copy of one's own message may come before the answer.
    store.dispatch(messageReceived(m(3)));
    resolve(m(3));
    await p;
    const s = store.getState().message;
    expect(ids(store.getState())).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(s.conversationMap.c1!.total).toBe(4);
    expect(s.sendMessage).toEqual({ sending: false, success: true, data: m(3), error: null });
  });

  it('a failed send stores the error (the spec text; the server reason beside it for a refusal)', async () => {
    const store = makeStore();
    call.mockRejectedValueOnce({ statusCode: 403, message: 'Luna accepts messages from subscribers only' });
    const r = await store.dispatch(sendMessage({ conversationId: 'c1', body: { text: 'hi' } }));
    expect(store.getState().message.sendMessage).toMatchObject({ sending: false, success: false, error: MESSAGES.updateFailed });
    expect(r.payload).toEqual({ message: MESSAGES.updateFailed, reason: 'Luna accepts messages from subscribers only' });
    call.mockRejectedValueOnce({ statusCode: 0, message: '' });
    const r2 = await store.dispatch(sendMessage({ conversationId: 'c1', body: { text: 'hi' } }));
    expect(r2.payload).toEqual({ message: MESSAGES.updateFailed });
  });

  it('deleting removes the message on success only', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: newestFirst(2, 3), total: 3 });
    await store.dispatch(loadMessages({ conversationId: 'c1' }));
    call.mockRejectedValueOnce({ statusCode: 409, message: 'Someone bought this message' });
    await store.dispatch(deleteMessage({ conversationId: 'c1', messageId: 'm1' }));
    expect(ids(store.getState())).toEqual(['m0', 'm1', 'm2']);
    expect(store.getState().message.deleteMessage.error).toBe('Someone bought this message');
    call.mockResolvedValueOnce({ ...m(1), isDeleted: true, text: '' });
    await store.dispatch(deleteMessage({ conversationId: 'c1', messageId: 'm1' }));
    expect(ids(store.getState())).toEqual(['m0', 'm2']);
    expect(store.getState().message.conversationMap.c1!.total).toBe(2);
    expect(store.getState().message.deleteMessage).toMatchObject({ deleting: false, success: true });
  });

  it('a received message is appended once and remembered as receiveMessage', () => {
    let s = reducer(undefined, messageReceived(m(1)));
    s = reducer(s, messageReceived(m(2)));
    s = reducer(s, messageReceived(m(2)));
    expect(s.conversationMap.c1!.items.map((x) => x._id)).toEqual(['m1', 'm2']);
    expect(s.conversationMap.c1!.total).toBe(2);
    expect(s.receiveMessage?._id).toBe('m2');
  });

  it("a remote deletion shows 'Message deleted!' and sets isDeleted (files gone)", () => {
    let s = reducer(undefined, messageReceived({ ...m(1), files: [{ _id: 'f', type: 'image', status: 'ready', mimeType: 'image/webp', thumbnails: [] }], price: 5, isLocked: true }));
    s = reducer(s, messageRemotelyDeleted({ conversationId: 'c1', messageId: 'm1' }));
    expect(s.conversationMap.c1!.items[0]).toMatchObject({ text: 'Message deleted!', isDeleted: true, files: [], isLocked: false });
    // Unknown ones change nothing.
    expect(reducer(s, messageRemotelyDeleted({ conversationId: 'c9', messageId: 'x' }))).toEqual(s);
  });

  it('leaving a conversation resets its items; a sign-out resets everything', () => {
    let s = reducer(undefined, messageReceived(m(1)));
    s = reducer(s, messageReceived(m(2, 'c2')));
    s = reducer(s, conversationLeft('c1'));
    expect(s.conversationMap.c1).toEqual({ items: [], total: 0, fetching: false, isLoadMore: false, error: null });
    expect(s.conversationMap.c2!.items).toHaveLength(1);
    expect(reducer(s, resetMessages())).toEqual(initialMessageState);
    expect(reducer(s, resetAuth())).toEqual(initialMessageState);
  });

  it('a refresh reloads as many as are loaded (e.g. after an unlock) and replaces them', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: newestFirst(60, MESSAGE_PAGE_SIZE), total: 61 });
    await store.dispatch(loadMessages({ conversationId: 'c1' }));
    call.mockResolvedValueOnce({ data: newestFirst(35, MESSAGE_PAGE_SIZE), total: 61 });
    await store.dispatch(loadMessages({ conversationId: 'c1', more: true }));
    call.mockResolvedValueOnce({ data: newestFirst(60, 50).map((x) => (x._id === 'm60' ? { ...x, isBought: true } : x)), total: 61 });
    await store.dispatch(loadMessages({ conversationId: 'c1', refresh: true }));
    expect(lastQuery()).toEqual({ offset: 0, limit: 50 });
    expect(ids(store.getState())).toHaveLength(50);
    expect(store.getState().message.conversationMap.c1!.items.at(-1)!.isBought).toBe(true);
  });
});
