import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { MESSAGES, type Conversation, type Message } from '@stagepass/shared';

const call = vi.fn();
vi.mock('@/lib/api', () => ({ call: (...a: unknown[]) => call(...a), errorText: (e: unknown, f = '') => (e as { message?: string })?.message || f }));
const { resetAuth } = await import('./auth');
const { default: messageReducer, deleteMessage, sendMessage } = await import('./message');
const {
  default: reducer, clearActiveConversation, conversationAdded, conversationBlocked, conversationMessage, conversationSeen, fetchConversations, initialConversationState,
  lastMessageDeleted, markConversationRead, openConversation, recipientSeen, selectConversation, setTotalUnreadMessages,
} = await import('./conversation');

const conv = (id: string, unseen = 0): Conversation => ({
  _id: id,
  type: 'private',
  totalNotSeenMessages: unseen,
  lastMessage: `last of ${id}`,
  lastMessageDeleted: false,
  lastMessageCreatedAt: '2026-11-01T12:00:00.000Z',
  lastSenderId: 'luna',
  recipient: { _id: `u-${id}`, name: `User ${id}`, username: `user${id}`, avatar: '', isPerformer: true },
  recipientSeenAt: null,
  isBlocked: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
});
const makeStore = () => configureStore({ reducer: { conversation: reducer, message: messageReducer } });
type S = ReturnType<ReturnType<typeof makeStore>['getState']>;
const listed = (s: S) => s.conversation.list.data;
const lastCall = () => call.mock.calls.at(-1) as [{ path: string }, { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> }];

describe('conversation slice (spec §3 Conversation list state, §4 Conversation list)', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('starts empty', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual(initialConversationState);
  });

  it('loading, then success: the list is replaced, each item mapped; loading more appends', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: [conv('old')], total: 1 });
    await store.dispatch(fetchConversations({}));
    let resolve!: (v: unknown) => void;
    call.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const p = store.dispatch(fetchConversations({}));
    expect(store.getState().conversation.list).toMatchObject({ requesting: true, success: false, error: null });
    resolve({ data: [conv('a'), conv('b')], total: 3 });
    await p;
    expect(listed(store.getState())).toEqual(['a', 'b']);
    expect(store.getState().conversation.list).toMatchObject({ requesting: false, success: true, total: 3 });
    expect(store.getState().conversation.mapping.b!.recipient.name).toBe('User b');
    call.mockResolvedValueOnce({ data: [conv('b'), conv('c')], total: 3 });
    await store.dispatch(fetchConversations({ more: true }));
    expect(lastCall()[1].query).toEqual({ offset: 2, limit: 20 });
    expect(listed(store.getState())).toEqual(['a', 'b', 'c']);
    // All listed: no further request.
    await store.dispatch(fetchConversations({ more: true }));
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('a search lists through /conversations/search and keeps its text for the next pages', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: [conv('a')], total: 2 });
    await store.dispatch(fetchConversations({ q: ' lun ' }));
    expect(lastCall()[0].path).toBe('/conversations/search');
    expect(lastCall()[1].query).toEqual({ offset: 0, limit: 20, q: 'lun' });
    call.mockResolvedValueOnce({ data: [conv('b')], total: 2 });
    await store.dispatch(fetchConversations({ more: true }));
    expect(lastCall()[1].query).toEqual({ offset: 1, limit: 20, q: 'lun' });
    call.mockResolvedValueOnce({ data: [conv('x')], total: 1 });
    await store.dispatch(fetchConversations({ q: '' }));
    expect(lastCall()[0].path).toBe('/conversations');
    expect(listed(store.getState())).toEqual(['x']);
  });

  it('an error clears the list', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: [conv('a')], total: 1 });
    await store.dispatch(fetchConversations({}));
    call.mockRejectedValueOnce({ statusCode: 500, message: 'boom' });
    await store.dispatch(fetchConversations({}));
    expect(store.getState().conversation.list).toEqual({ requesting: false, error: MESSAGES.updateFailed, data: [], total: 0, success: false });
  });

  it('selecting makes it active and adds it on top when missing', () => {
    let s = reducer(undefined, conversationAdded(conv('a')));
    s = reducer(s, selectConversation(conv('a')));
    expect(s.activeConversation?._id).toBe('a');
    expect(s.list.data).toEqual(['a']);
    s = reducer(s, selectConversation(conv('b')));
    expect(s.activeConversation?._id).toBe('b');
    expect(s.list.data).toEqual(['b', 'a']);
  });

  it('a new conversation goes on top when not there yet', () => {
    let s = reducer(undefined, conversationAdded(conv('a')));
    s = reducer(s, conversationAdded(conv('b')));
    s = reducer(s, conversationAdded(conv('a')));
    expect(s.list.data).toEqual(['b', 'a']);
    expect(s.list.total).toBe(2);
  });

  it('marking seen sets the unseen count to 0 (in the active one too)', () => {
    let s = reducer(undefined, selectConversation(conv('a', 4)));
    s = reducer(s, conversationSeen('a'));
    expect(s.mapping.a!.totalNotSeenMessages).toBe(0);
    expect(s.activeConversation!.totalNotSeenMessages).toBe(0);
  });

  it('the read thunk drops the total by the unseen count at once, then takes the server total', () => {
    let s = reducer(undefined, conversationAdded(conv('a', 3)));
    s = reducer(s, setTotalUnreadMessages(5));
    s = reducer(s, { type: markConversationRead.pending.type, meta: { arg: 'a', requestId: 'r', requestStatus: 'pending' } });
    expect(s.totalUnread).toBe(2);
    expect(s.mapping.a!.totalNotSeenMessages).toBe(0);
    // A message pushed between the request and its answer was read too.
    s = reducer(s, conversationMessage({ _id: 'a', lastMessage: 'new', lastMessageCreatedAt: '2026-11-02T09:00:00.000Z', lastSenderId: 'luna', totalNotSeenMessages: 1 }));
    s = reducer(s, { type: markConversationRead.fulfilled.type, payload: 1, meta: { arg: 'a', requestId: 'r', requestStatus: 'fulfilled' } });
    expect(s.totalUnread).toBe(1);
    expect(s.mapping.a!.totalNotSeenMessages).toBe(0);
    expect(reducer(s, setTotalUnreadMessages(-3)).totalUnread).toBe(0);
  });

  it('clearing the active conversation empties it', () => {
    const s = reducer(reducer(undefined, selectConversation(conv('a'))), clearActiveConversation());
    expect(s.activeConversation).toBeNull();
    expect(s.list.data).toEqual(['a']);
  });

  it("a new message updates the conversation's last message, time and sender, and moves it on top", () => {
    let s = reducer(undefined, conversationAdded(conv('a')));
    s = reducer(s, conversationAdded(conv('b')));
    s = reducer(s, selectConversation(conv('a')));
    s = reducer(s, conversationMessage({ _id: 'a', lastMessage: 'hello', lastMessageCreatedAt: '2026-11-02T09:00:00.000Z', lastSenderId: 'fan', totalNotSeenMessages: 2 }));
    expect(s.mapping.a).toMatchObject({ lastMessage: 'hello', lastMessageCreatedAt: '2026-11-02T09:00:00.000Z', lastSenderId: 'fan', totalNotSeenMessages: 2 });
    expect(s.activeConversation).toMatchObject({ lastMessage: 'hello', lastSenderId: 'fan' });
    expect(s.list.data).toEqual(['a', 'b']);
    // Unknown conversations are not listed by a message alone (the listener loads them first).
    s = reducer(s, conversationMessage({ _id: 'z', lastMessage: 'x', lastMessageCreatedAt: '2026-11-02T09:00:00.000Z', lastSenderId: 'fan' }));
    expect(s.list.data).toEqual(['a', 'b']);
  });

  it("one's own sent message becomes the last message too", () => {
    let s = reducer(undefined, conversationAdded(conv('a')));
    s = reducer(s, conversationAdded(conv('b')));
    const sent: Message = {
      _id: 'm1', conversationId: 'a', senderId: 'fan', text: 'mine', files: [], price: null, isBought: false, isLocked: false, isDeleted: false, massMessageId: null, boughtByRecipient: null, massPurchases: null,
      createdAt: '2026-11-03T09:00:00.000Z', updatedAt: '2026-11-03T09:00:00.000Z',
    };
    s = reducer(s, { type: sendMessage.fulfilled.type, payload: sent, meta: { arg: { conversationId: 'a', body: { text: 'mine' } }, requestId: 'r', requestStatus: 'fulfilled' } });
    expect(s.mapping.a).toMatchObject({ lastMessage: 'mine', lastSenderId: 'fan' });
    expect(s.list.data[0]).toBe('a');
  });

  it("deleting the last message shows 'Message deleted!' in the list; an older one changes nothing", () => {
    let s = reducer(undefined, conversationAdded(conv('a')));
    s = reducer(s, lastMessageDeleted({ conversationId: 'a', createdAt: '2026-10-01T00:00:00.000Z' }));
    expect(s.mapping.a!.lastMessage).toBe('last of a');
    expect(s.mapping.a!.lastMessageDeleted).toBe(false);
    const deleted = { _id: 'm9', conversationId: 'a', createdAt: '2026-11-01T12:00:00.000Z' } as Message;
    s = reducer(s, { type: deleteMessage.fulfilled.type, payload: deleted, meta: { arg: { conversationId: 'a', messageId: 'm9' }, requestId: 'r', requestStatus: 'fulfilled' } });
    expect(s.mapping.a!).toMatchObject({ lastMessage: '', lastMessageDeleted: true });
  });

  it('read receipts and blocks patch the conversation; a sign-out resets everything', () => {
    let s = reducer(undefined, selectConversation(conv('a')));
    s = reducer(s, recipientSeen({ conversationId: 'a', seenAt: '2026-11-02T10:00:00.000Z' }));
    s = reducer(s, conversationBlocked({ id: 'a', isBlocked: true }));
    expect(s.activeConversation).toMatchObject({ recipientSeenAt: '2026-11-02T10:00:00.000Z', isBlocked: true });
    expect(reducer(s, resetAuth())).toEqual(initialConversationState);
  });

  it('opening with an id: active, marked read, first 25 messages loading', async () => {
    const store = makeStore();
    call.mockImplementation(async (def: { path: string }) => {
      if (def.path === '/conversations/:id') return conv('a', 2);
      if (def.path === '/messages/read-all/:id') return { total: 0 };
      return { data: [], total: 0 };
    });
    await store.dispatch(openConversation({ id: 'a' }));
    const paths = call.mock.calls.map((c) => (c[0] as { path: string }).path);
    expect(paths).toEqual(['/conversations/:id', '/messages/read-all/:id', '/messages/conversations/:id']);
    expect(call.mock.calls[2]![1]).toMatchObject({ params: { id: 'a' }, query: { offset: 0, limit: 25 } });
    const s = store.getState();
    expect(s.conversation.activeConversation?._id).toBe('a');
    expect(s.conversation.mapping.a!.totalNotSeenMessages).toBe(0);
    expect(listed(s)).toEqual(['a']);
  });

  it('opening without an id creates it from source + sourceId, adds it on top and activates it', async () => {
    const store = makeStore();
    call.mockResolvedValueOnce({ data: [conv('a')], total: 1 });
    await store.dispatch(fetchConversations({}));
    call.mockImplementation(async (def: { path: string; method: string }) => {
      if (def.path === '/conversations' && def.method === 'POST') return conv('new');
      if (def.path === '/messages/read-all/:id') return { total: 0 };
      return { data: [], total: 0 };
    });
    await store.dispatch(openConversation({ source: 'performer', sourceId: 'u-new' }));
    expect(call.mock.calls[1]![1]).toEqual({ body: { source: 'performer', sourceId: 'u-new' } });
    expect(listed(store.getState())).toEqual(['new', 'a']);
    expect(store.getState().conversation.activeConversation?._id).toBe('new');
  });

  it('a failed open rejects with the spec text (and the refusal reason)', async () => {
    const store = makeStore();
    call.mockRejectedValueOnce({ statusCode: 403, message: 'Luna accepts messages from her subscribers only' });
    const r = await store.dispatch(openConversation({ source: 'performer', sourceId: 'u-luna' }));
    expect(r.payload).toEqual({ message: MESSAGES.updateFailed, reason: 'Luna accepts messages from her subscribers only' });
    expect(store.getState().conversation.activeConversation).toBeNull();
  });
});
