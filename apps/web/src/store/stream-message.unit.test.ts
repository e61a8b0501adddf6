import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { MESSAGES, type StreamConversation, type StreamMessage } from '@stagepass/shared';

const call = vi.fn();
vi.mock('@/lib/api', () => ({ call: (...a: unknown[]) => call(...a), errorText: (e: unknown, f = '') => (e as { message?: string })?.message || f }));
const { resetAuth } = await import('./auth');
const {
  default: reducer, deleteStreamMessage, initialStreamMessageState, loadStreamConversation, loadStreamMessages, retryAfterSeconds, sendStreamMessage,
  streamChatCleared, streamChatLeft, streamConversationUpdated, streamMessageReceived, streamMessageRemotelyDeleted, STREAM_MESSAGE_PAGE_SIZE,
} = await import('./stream-message');

const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, i)).toISOString();
const m = (i: number, conversationId = 'c1', p: Partial<StreamMessage> = {}): StreamMessage => ({
  _id: `m${i}`,
  conversationId,
  streamId: 's1',
  type: 'text',
  text: `message ${i}`,
  amount: null,
  isDeleted: false,
  senderId: 'fan',
  sender: null,
  createdAt: at(i),
  ...p,
});
const conversation: StreamConversation = { _id: 'c1', type: 'stream', streamId: 's1', performerId: 'luna', slowModeSeconds: 0, tipGoal: 50, tipsTotal: 0, canModerate: false };
const newestFirst = (newest: number, count: number) => Array.from({ length: count }, (_, i) => m(newest - i));
const makeStore = () => configureStore({ reducer: { streamMessage: reducer } });
const ids = (s: ReturnType<ReturnType<typeof makeStore>['getState']>, c = 'c1') => s.streamMessage.conversationMap[c]!.items.map((x) => x._id);

describe('stream message slice (spec §3 Stream message state, §4 Messages)', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('starts empty, with no active conversation', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual(initialStreamMessageState);
    expect(initialStreamMessageState.activeConversation).toBeNull();
  });

  it('loading the stream conversation makes it active', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce(conversation);
    await store.dispatch(loadStreamConversation({ streamId: 's1' }));
    expect(call.mock.calls[0]![1]).toEqual({ params: { streamId: 's1' } });
    expect(store.getState().streamMessage.activeConversation).toEqual(conversation);
  });

  it('stores a page reversed (oldest first); load-more prepends the older page without repeats, then stops', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: newestFirst(60, STREAM_MESSAGE_PAGE_SIZE), total: 61 });
    const p = store.dispatch(loadStreamMessages({ conversationId: 'c1' }));
    expect(store.getState().streamMessage.conversationMap.c1!.fetching).toBe(true);
    await p;
    expect(ids(store.getState())[0]).toBe('m11');
    expect(ids(store.getState()).at(-1)).toBe('m60');
    call.mockResolvedValueOnce({ data: newestFirst(11, 12), total: 61 });
    await store.dispatch(loadStreamMessages({ conversationId: 'c1', more: true }));
    expect((call.mock.calls[1]![1] as { query: unknown }).query).toEqual({ offset: STREAM_MESSAGE_PAGE_SIZE, limit: STREAM_MESSAGE_PAGE_SIZE });
    const list = ids(store.getState());
    expect(list).toHaveLength(61);
    expect(list[0]).toBe('m0');
    expect(new Set(list).size).toBe(61);
    await store.dispatch(loadStreamMessages({ conversationId: 'c1', more: true }));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('a load is skipped while one of the same chat runs', async () => {
    const store = makeStore();
    call.mockReturnValue(new Promise(() => undefined));
    void store.dispatch(loadStreamMessages({ conversationId: 'c1' }));
    void store.dispatch(loadStreamMessages({ conversationId: 'c1' }));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a failed load keeps the error', async () => {
    const store = makeStore();
    call.mockRejectedValueOnce({ statusCode: 403, message: 'You cannot watch this stream' });
    await store.dispatch(loadStreamMessages({ conversationId: 'c1' }));
    expect(store.getState().streamMessage.conversationMap.c1).toMatchObject({ fetching: false, error: 'You cannot watch this stream' });
  });

  it('a received message is appended once (the sender\'s own answer and the push dedupe by _id); a tip updates the tips total', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce(conversation);
    await store.dispatch(loadStreamConversation({ streamId: 's1' }));
    call.mockResolvedValueOnce(m(1));
    await store.dispatch(sendStreamMessage({ conversationId: 'c1', text: 'hi' }));
    store.dispatch(streamMessageReceived({ message: m(1) }));
    expect(ids(store.getState())).toEqual(['m1']);
    store.dispatch(streamMessageReceived({ message: m(2, 'c1', { type: 'tip', amount: 5 }), tipsTotal: 5 }));
    expect(ids(store.getState())).toEqual(['m1', 'm2']);
    expect(store.getState().streamMessage.conversationMap.c1!.total).toBe(2);
    expect(store.getState().streamMessage.activeConversation!.tipsTotal).toBe(5);
    expect(store.getState().streamMessage.receiveMessage?._id).toBe('m2');
  });

  it('a refused send keeps the error; slow mode (429) tells the seconds to wait', async () => {
    const store = makeStore();
    call.mockRejectedValueOnce({ statusCode: 429, message: 'Slow mode: wait 12 s' });
    const r = await store.dispatch(sendStreamMessage({ conversationId: 'c1', text: 'hi' }));
    expect(r.payload).toEqual({ message: 'Slow mode: wait 12 s', status: 429, retryAfter: 12 });
    expect(store.getState().streamMessage.sendMessage).toMatchObject({ sending: false, success: false, error: 'Slow mode: wait 12 s' });
    expect(retryAfterSeconds('Try again in 30 seconds')).toBe(30);
    expect(retryAfterSeconds('Slow down')).toBeNull();
  });

  it("a remote deletion shows 'Message deleted' in place; so does one's own delete", async () => {
    const store = makeStore();
    store.dispatch(streamMessageReceived({ message: m(1) }));
    store.dispatch(streamMessageReceived({ message: m(2) }));
    store.dispatch(streamMessageRemotelyDeleted({ conversationId: 'c1', messageId: 'm1' }));
    expect(store.getState().streamMessage.conversationMap.c1!.items[0]).toMatchObject({ _id: 'm1', text: MESSAGES.streamMessageDeleted, isDeleted: true });
    call.mockResolvedValueOnce(m(2, 'c1', { isDeleted: true, text: MESSAGES.streamMessageDeleted }));
    await store.dispatch(deleteStreamMessage({ conversationId: 'c1', messageId: 'm2' }));
    expect(store.getState().streamMessage.conversationMap.c1!.items[1]).toMatchObject({ _id: 'm2', text: 'Message deleted', isDeleted: true });
    // The push of the message arriving late does not bring its text back.
    store.dispatch(streamMessageReceived({ message: m(1) }));
    expect(store.getState().streamMessage.conversationMap.c1!.items[0]!.isDeleted).toBe(true);
  });

  it('clearing the chat resets it; leaving the stream resets it and drops the active conversation', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce(conversation);
    await store.dispatch(loadStreamConversation({ streamId: 's1' }));
    store.dispatch(streamMessageReceived({ message: m(1) }));
    store.dispatch(streamMessageReceived({ message: m(1, 'c2') }));
    store.dispatch(streamChatCleared({ conversationId: 'c1' }));
    expect(store.getState().streamMessage.conversationMap.c1).toMatchObject({ items: [], total: 0 });
    expect(ids(store.getState(), 'c2')).toEqual(['m1']);
    store.dispatch(streamMessageReceived({ message: m(3) }));
    store.dispatch(streamChatLeft({ conversationId: 'c1' }));
    expect(store.getState().streamMessage.conversationMap.c1).toBeUndefined();
    expect(store.getState().streamMessage.activeConversation).toBeNull();
  });

  it('settings pushed for the active chat apply to it only', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce(conversation);
    await store.dispatch(loadStreamConversation({ streamId: 's1' }));
    store.dispatch(streamConversationUpdated({ conversationId: 'c9', slowModeSeconds: 30 }));
    expect(store.getState().streamMessage.activeConversation!.slowModeSeconds).toBe(0);
    store.dispatch(streamConversationUpdated({ conversationId: 'c1', slowModeSeconds: 30, tipGoal: null }));
    expect(store.getState().streamMessage.activeConversation).toMatchObject({ slowModeSeconds: 30, tipGoal: null });
  });

  it('signing out resets everything', () => {
    const store = makeStore();
    store.dispatch(streamMessageReceived({ message: m(1) }));
    store.dispatch(resetAuth());
    expect(store.getState().streamMessage).toEqual(initialStreamMessageState);
  });
});
