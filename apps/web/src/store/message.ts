/**
 * Message state (spec §3) and its transitions (spec §4 Messages): `conversationMap` per
 * conversation id {items, total, fetching, isLoadMore} — items oldest first (the API answers
 * newest first; loaded pages are stored reversed) —, `sendMessage` {sending, success, data, error},
 * `deleteMessage` {deleting, success, data, error} and `receiveMessage` (the last message pushed).
 * Beside the spec's fields: each conversation's `error` (its last load failed).
 * `isLoadMore` is true while the running load is a load-more (older messages on top), so the
 * thread shows a small spinner above the list instead of the first-load skeleton.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type Message, type SendMessageInput } from '@stagepass/shared';
import { MESSAGE_PAGE_SIZE } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, type ApiFailure } from '@/lib/api';
import { logout, resetAuth } from './auth';

export interface ConversationMessages {
  items: Message[];
  /** Messages of the conversation on the server (all of them, not only the loaded ones). */
  total: number;
  fetching: boolean;
  isLoadMore: boolean;
  error: string | null;
}

export interface RequestState {
  success: boolean;
  data: Message | null;
  error: string | null;
}

export interface MessageState {
  conversationMap: Record<string, ConversationMessages>;
  sendMessage: RequestState & { sending: boolean };
  deleteMessage: RequestState & { deleting: boolean };
  receiveMessage: Message | null;
}

export const emptyConversationMessages: ConversationMessages = { items: [], total: 0, fetching: false, isLoadMore: false, error: null };

export const initialMessageState: MessageState = {
  conversationMap: {},
  sendMessage: { sending: false, success: false, data: null, error: null },
  deleteMessage: { deleting: false, success: false, data: null, error: null },
  receiveMessage: null,
};

/** The refusal of a send or a delete: the spec's text, plus the server's reason when it refused on purpose (4xx). */
export interface MessageFailure {
  message: string;
  reason?: string;
}
export function failure(e: unknown): MessageFailure {
  const status = (e as ApiFailure | undefined)?.statusCode ?? 0;
  const reason = status >= 400 && status < 500 && status !== 401 ? errorText(e, '') : '';
  return reason ? { message: MESSAGES.updateFailed, reason } : { message: MESSAGES.updateFailed };
}

type ThunkConfig = { state: { message: MessageState }; rejectValue: MessageFailure };

function entry(s: MessageState, id: string): ConversationMessages {
  return (s.conversationMap[id] ??= { ...emptyConversationMessages, items: [] });
}

const has = (items: Message[], id: string) => items.some((m) => m._id === id);

/** Appends `m` unless a message with its _id is there already (then it is replaced: the newer view wins). */
function appendUnique(c: ConversationMessages, m: Message): boolean {
  const at = c.items.findIndex((x) => x._id === m._id);
  if (at >= 0) {
    c.items[at] = m;
    return false;
  }
  c.items.push(m);
  return true;
}

export interface LoadMessagesArgs {
  conversationId: string;
  /** Older messages (the next page up), prepended. */
  more?: boolean;
  /** Reload what is loaded (e.g. after buying a paid message: its files now have URLs). */
  refresh?: boolean;
}

/**
 * A page of a conversation's messages: the first 25 (replacing), `more` the next older 25, or
 * `refresh` as many as are loaded (at most 100). Skipped while a load of the same conversation
 * runs, and a load-more when everything is loaded.
 */
export const loadMessages = createAsyncThunk<{ data: Message[]; total: number }, LoadMessagesArgs, ThunkConfig>(
  'message/load',
  async ({ conversationId, more, refresh }, { getState, rejectWithValue }) => {
    const c = getState().message.conversationMap[conversationId];
    const offset = more ? (c?.items.length ?? 0) : 0;
    const limit = refresh ? Math.min(100, Math.max(MESSAGE_PAGE_SIZE, c?.items.length ?? 0)) : MESSAGE_PAGE_SIZE;
    try {
      return await call(routes.messages.messages, { params: { id: conversationId }, query: { offset, limit } });
    } catch (e) {
      return rejectWithValue(failure(e));
    }
  },
  {
    condition: ({ conversationId, more }, { getState }) => {
      const c = getState().message.conversationMap[conversationId];
      if (c?.fetching) return false;
      return !more || (c !== undefined && c.items.length < c.total);
    },
  },
);

export const sendMessage = createAsyncThunk<Message, { conversationId: string; body: SendMessageInput }, ThunkConfig>('message/send', async ({ conversationId, body }, { rejectWithValue }) => {
  try {
    return await call(routes.messages.send, { params: { id: conversationId }, body });
  } catch (e) {
    return rejectWithValue(failure(e));
  }
});

export const deleteMessage = createAsyncThunk<Message, { conversationId: string; messageId: string }, ThunkConfig>('message/delete', async ({ messageId }, { rejectWithValue }) => {
  try {
    return await call(routes.messages.remove, { params: { id: messageId } });
  } catch (e) {
    return rejectWithValue(failure(e));
  }
});

const messageSlice = createSlice({
  name: 'message',
  initialState: initialMessageState,
  reducers: {
    /** A message pushed by the server (or the sender's own, from another tab): appended, once. */
    messageReceived(s, a: PayloadAction<Message>) {
      const m = a.payload;
      const c = entry(s, m.conversationId);
      if (appendUnique(c, m)) c.total += 1;
      s.receiveMessage = m;
    },
    /** The other side (or the sender elsewhere) deleted a message: it stays in place as 'Message deleted!'. */
    messageRemotelyDeleted(s, a: PayloadAction<{ conversationId: string; messageId: string }>) {
      const m = s.conversationMap[a.payload.conversationId]?.items.find((x) => x._id === a.payload.messageId);
      if (!m) return;
      m.text = MESSAGES.messageDeleted;
      m.isDeleted = true;
      m.files = [];
      m.isLocked = false;
    },
    /** Leaving a conversation resets its items (the next visit loads them again). */
    conversationLeft(s, a: PayloadAction<string>) {
      if (s.conversationMap[a.payload]) s.conversationMap[a.payload] = { ...emptyConversationMessages, items: [] };
    },
    resetMessages() {
      return initialMessageState;
    },
  },
  extraReducers: (b) => {
    b.addCase(loadMessages.pending, (s, a) => {
      const c = entry(s, a.meta.arg.conversationId);
      c.fetching = true;
      c.isLoadMore = Boolean(a.meta.arg.more);
      c.error = null;
    })
      .addCase(loadMessages.fulfilled, (s, a) => {
        const c = entry(s, a.meta.arg.conversationId);
        const page = [...a.payload.data].reverse();
        if (a.meta.arg.more) {
          c.items = [...page.filter((m) => !has(c.items, m._id)), ...c.items];
        } else {
          // A message pushed while the page was on its way (newer than the page) is kept after it.
          const newest = page.at(-1)?.createdAt ?? '';
          const later = c.items.filter((m) => !has(page, m._id) && m.createdAt > newest);
          c.items = [...page, ...later];
        }
        c.total = Math.max(a.payload.total, c.items.length);
        c.fetching = false;
        c.isLoadMore = false;
      })
      .addCase(loadMessages.rejected, (s, a) => {
        // A load skipped by its condition leaves no trace.
        if (a.meta.condition) return;
        const c = entry(s, a.meta.arg.conversationId);
        c.fetching = false;
        c.isLoadMore = false;
        c.error = a.payload?.message ?? MESSAGES.updateFailed;
      })
      .addCase(sendMessage.pending, (s) => {
        s.sendMessage = { sending: true, success: false, data: null, error: null };
      })
      .addCase(sendMessage.fulfilled, (s, a) => {
        const c = entry(s, a.meta.arg.conversationId);
        if (appendUnique(c, a.payload)) c.total += 1;
        s.sendMessage = { sending: false, success: true, data: a.payload, error: null };
      })
      .addCase(sendMessage.rejected, (s, a) => {
        s.sendMessage = { sending: false, success: false, data: null, error: a.payload?.message ?? MESSAGES.updateFailed };
      })
      .addCase(deleteMessage.pending, (s) => {
        s.deleteMessage = { deleting: true, success: false, data: null, error: null };
      })
      .addCase(deleteMessage.fulfilled, (s, a) => {
        const c = s.conversationMap[a.meta.arg.conversationId];
        if (c && has(c.items, a.meta.arg.messageId)) {
          c.items = c.items.filter((m) => m._id !== a.meta.arg.messageId);
          c.total = Math.max(0, c.total - 1);
        }
        s.deleteMessage = { deleting: false, success: true, data: a.payload, error: null };
      })
      .addCase(deleteMessage.rejected, (s, a) => {
        s.deleteMessage = { deleting: false, success: false, data: null, error: a.payload?.reason ?? a.payload?.message ?? MESSAGES.updateFailed };
      })
      .addCase(logout.fulfilled, () => initialMessageState)
      .addCase(resetAuth, () => initialMessageState);
  },
});

export const { messageReceived, messageRemotelyDeleted, conversationLeft, resetMessages } = messageSlice.actions;
export default messageSlice.reducer;
