/**
 * What the message state and the stream message state share (spec §3: the stream message state has
 * the message state's shape, plus `activeConversation`; spec §4 Messages): the state's shape and the
 * pure steps both slices' reducers take on it (Immer drafts). `conversationMap` per conversation id
 * {items, total, fetching, isLoadMore, error} — items oldest first: the API answers newest first, so
 * a loaded page is stored reversed and a load-more prepends the older page, deduplicated by _id —,
 * `sendMessage` {sending, success, data, error}, `deleteMessage` {deleting, success, data, error}
 * and `receiveMessage` (the last message pushed).
 */
import { MESSAGES } from '@stagepass/shared';

/** What the list needs of a message (a private message or a stream chat message). */
export interface ListedMessage {
  _id: string;
  conversationId: string;
  text: string;
  isDeleted: boolean;
  createdAt: string;
}

export interface MessageList<M> {
  items: M[];
  /** Messages of the conversation on the server (all of them, not only the loaded ones). */
  total: number;
  fetching: boolean;
  /** The running load is a load-more (older messages on top). */
  isLoadMore: boolean;
  /** The last load failed. */
  error: string | null;
}

export interface MessageRequestState<M> {
  success: boolean;
  data: M | null;
  error: string | null;
}

export interface MessageListState<M> {
  conversationMap: Record<string, MessageList<M>>;
  sendMessage: MessageRequestState<M> & { sending: boolean };
  deleteMessage: MessageRequestState<M> & { deleting: boolean };
  receiveMessage: M | null;
}

export const emptyMessageList = <M>(): MessageList<M> => ({ items: [], total: 0, fetching: false, isLoadMore: false, error: null });

export const initialMessageListState = <M>(): MessageListState<M> => ({
  conversationMap: {},
  sendMessage: { sending: false, success: false, data: null, error: null },
  deleteMessage: { deleting: false, success: false, data: null, error: null },
  receiveMessage: null,
});

/** The text a refused load, send or delete leaves: the failure's, else the spec's. */
export const failureText = (f?: { message: string }) => f?.message ?? MESSAGES.updateFailed;

/** The arguments of a load: the conversation, and `more` for the next older page. */
export interface LoadArgs {
  conversationId: string;
  more?: boolean;
}

/** Whether a load may start: none of the same conversation runs, and a load-more only while some are not loaded. */
export function mayLoad<M>(c: MessageList<M> | undefined, more?: boolean): boolean {
  if (c?.fetching) return false;
  return !more || (c !== undefined && c.items.length < c.total);
}

/** The offset of a load: past what is loaded for a load-more, else 0 (the newest page). */
export const loadOffset = <M>(c: MessageList<M> | undefined, more?: boolean) => (more ? (c?.items.length ?? 0) : 0);

/** The conversation's list, created empty on first use. */
export function listOf<M>(s: MessageListState<M>, id: string): MessageList<M> {
  return (s.conversationMap[id] ??= emptyMessageList<M>());
}

export const hasMessage = (items: readonly ListedMessage[], id: string) => items.some((m) => m._id === id);

/**
 * Appends `m` to the conversation unless a message with its _id is there already (then it is
 * replaced by the newer view, unless `keepOld` says the old one stays); the total counts a new one.
 */
export function appendUnique<M extends ListedMessage>(s: MessageListState<M>, conversationId: string, m: M, keepOld?: (old: M) => boolean): void {
  const c = listOf(s, conversationId);
  const at = c.items.findIndex((x) => x._id === m._id);
  if (at >= 0) {
    if (!keepOld?.(c.items[at]!)) c.items[at] = m;
    return;
  }
  c.items.push(m);
  c.total += 1;
}

/** A message pushed by the server: appended once, and the last one received. */
export function receive<M extends ListedMessage>(s: MessageListState<M>, m: M, keepOld?: (old: M) => boolean): void {
  appendUnique(s, m.conversationId, m, keepOld);
  s.receiveMessage = m;
}

export function loadStarted<M>(s: MessageListState<M>, { conversationId, more }: LoadArgs): void {
  const c = listOf(s, conversationId);
  c.fetching = true;
  c.isLoadMore = Boolean(more);
  c.error = null;
}

/** A page (newest first) arrived: stored oldest first; a load-more prepends it without repeats. */
export function pageLoaded<M extends ListedMessage>(s: MessageListState<M>, { conversationId, more }: LoadArgs, { data, total }: { data: M[]; total: number }): void {
  const c = listOf(s, conversationId);
  const page = [...data].reverse();
  if (more) {
    c.items = [...page.filter((m) => !hasMessage(c.items, m._id)), ...c.items];
  } else {
    // A message pushed while the page was on its way (newer than the page) is kept after it.
    const newest = page.at(-1)?.createdAt ?? '';
    const later = c.items.filter((m) => !hasMessage(page, m._id) && m.createdAt > newest);
    c.items = [...page, ...later];
  }
  c.total = Math.max(total, c.items.length);
  c.fetching = false;
  c.isLoadMore = false;
}

export function loadFailed<M>(s: MessageListState<M>, conversationId: string, error: string): void {
  const c = listOf(s, conversationId);
  c.fetching = false;
  c.isLoadMore = false;
  c.error = error;
}

/** A message deleted elsewhere stays in place as `text` (the caller's 'Message deleted' text), isDeleted; returned for the caller's own fields. */
export function markDeleted<M extends ListedMessage>(s: MessageListState<M>, conversationId: string, messageId: string, text: string): M | undefined {
  const m = s.conversationMap[conversationId]?.items.find((x) => x._id === messageId);
  if (!m) return undefined;
  m.text = text;
  m.isDeleted = true;
  return m;
}

/** The conversation's messages return to their initial state (when it has any). */
export function resetList<M>(s: MessageListState<M>, conversationId: string): void {
  if (s.conversationMap[conversationId]) s.conversationMap[conversationId] = emptyMessageList<M>();
}

export function sendStarted<M>(s: MessageListState<M>): void {
  s.sendMessage = { sending: true, success: false, data: null, error: null };
}

/** The sender's own message: appended once to the conversation it was sent to. */
export function sent<M extends ListedMessage>(s: MessageListState<M>, conversationId: string, m: M, keepOld?: (old: M) => boolean): void {
  appendUnique(s, conversationId, m, keepOld);
  s.sendMessage = { sending: false, success: true, data: m, error: null };
}

export function sendFailed<M>(s: MessageListState<M>, error: string): void {
  s.sendMessage = { sending: false, success: false, data: null, error };
}

export function deleteStarted<M>(s: MessageListState<M>): void {
  s.deleteMessage = { deleting: true, success: false, data: null, error: null };
}

export function deleted<M>(s: MessageListState<M>, m: M): void {
  s.deleteMessage = { deleting: false, success: true, data: m, error: null };
}

export function deleteFailed<M>(s: MessageListState<M>, error: string): void {
  s.deleteMessage = { deleting: false, success: false, data: null, error };
}
