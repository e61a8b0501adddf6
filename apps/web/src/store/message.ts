/**
 * Message state (spec §3) and its transitions (spec §4 Messages): `conversationMap` per
 * conversation id {items, total, fetching, isLoadMore} — items oldest first (the API answers
 * newest first; loaded pages are stored reversed) —, `sendMessage` {sending, success, data, error},
 * `deleteMessage` {deleting, success, data, error} and `receiveMessage` (the last message pushed).
 * Beside the spec's fields: each conversation's `error` (its last load failed).
 * `isLoadMore` is true while the running load is a load-more (older messages on top), so the
 * thread shows a small spinner above the list instead of the first-load skeleton. The shape and
 * the list steps are shared with the stream message state (./message-list).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type Message, type SendMessageInput } from '@stagepass/shared';
import { MESSAGE_PAGE_SIZE } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, type ApiFailure } from '@/lib/api';
import { logout, resetAuth } from './auth';
import * as list from './message-list';

export type ConversationMessages = list.MessageList<Message>;
export type RequestState = list.MessageRequestState<Message>;
export type MessageState = list.MessageListState<Message>;

export const emptyConversationMessages: ConversationMessages = list.emptyMessageList();

export const initialMessageState: MessageState = list.initialMessageListState();

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

export interface LoadMessagesArgs extends list.LoadArgs {
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
    const offset = list.loadOffset(c, more);
    const limit = refresh ? Math.min(100, Math.max(MESSAGE_PAGE_SIZE, c?.items.length ?? 0)) : MESSAGE_PAGE_SIZE;
    try {
      return await call(routes.messages.messages, { params: { id: conversationId }, query: { offset, limit } });
    } catch (e) {
      return rejectWithValue(failure(e));
    }
  },
  {
    condition: ({ conversationId, more }, { getState }) => list.mayLoad(getState().message.conversationMap[conversationId], more),
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
    /** A message pushed by the server (or the sender's own, from another tab): appended, once (a repeat replaces it: the newer view wins). */
    messageReceived(s, a: PayloadAction<Message>) {
      list.receive(s, a.payload);
    },
    /** The other side (or the sender elsewhere) deleted a message: it stays in place as 'Message deleted!'. */
    messageRemotelyDeleted(s, a: PayloadAction<{ conversationId: string; messageId: string }>) {
      const m = list.markDeleted(s, a.payload.conversationId, a.payload.messageId, MESSAGES.messageDeleted);
      if (!m) return;
      m.files = [];
      m.isLocked = false;
    },
    /** Leaving a conversation resets its items (the next visit loads them again). */
    conversationLeft(s, a: PayloadAction<string>) {
      list.resetList(s, a.payload);
    },
    resetMessages() {
      return initialMessageState;
    },
  },
  extraReducers: (b) => {
    b.addCase(loadMessages.pending, (s, a) => list.loadStarted(s, a.meta.arg))
      .addCase(loadMessages.fulfilled, (s, a) => list.pageLoaded(s, a.meta.arg, a.payload))
      .addCase(loadMessages.rejected, (s, a) => {
        // A load skipped by its condition leaves no trace.
        if (!a.meta.condition) list.loadFailed(s, a.meta.arg.conversationId, list.failureText(a.payload));
      })
      .addCase(sendMessage.pending, (s) => list.sendStarted(s))
      .addCase(sendMessage.fulfilled, (s, a) => list.sent(s, a.meta.arg.conversationId, a.payload))
      .addCase(sendMessage.rejected, (s, a) => list.sendFailed(s, list.failureText(a.payload)))
      .addCase(deleteMessage.pending, (s) => list.deleteStarted(s))
      .addCase(deleteMessage.fulfilled, (s, a) => {
        // The sender's own deletion takes the message out of the list.
        const c = s.conversationMap[a.meta.arg.conversationId];
        if (c && list.hasMessage(c.items, a.meta.arg.messageId)) {
          c.items = c.items.filter((m) => m._id !== a.meta.arg.messageId);
          c.total = Math.max(0, c.total - 1);
        }
        list.deleted(s, a.payload);
      })
      .addCase(deleteMessage.rejected, (s, a) => list.deleteFailed(s, a.payload?.reason ?? list.failureText(a.payload)))
      .addCase(logout.fulfilled, () => initialMessageState)
      .addCase(resetAuth, () => initialMessageState);
  },
});

export const { messageReceived, messageRemotelyDeleted, conversationLeft, resetMessages } = messageSlice.actions;
export default messageSlice.reducer;
