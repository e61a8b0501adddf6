/**
 * Stream message state (spec §3: same shape as the message state, plus `activeConversation`) and
 * its transitions (spec §4 Messages): `conversationMap` per stream chat conversation id {items,
 * total, fetching, isLoadMore, error} — items oldest first (the API answers newest first; pages are
 * stored reversed, a load-more prepends older ones, deduplicated by _id) —, `sendMessage`,
 * `deleteMessage`, `receiveMessage` and `activeConversation` (the chat shown: its slow mode, tip
 * goal and tips total, whether the viewer may moderate). A remote deletion turns a message into
 * 'Message deleted' (isDeleted); the creator's "clear chat" and leaving the stream reset it. The
 * shape and the list steps are shared with the message state (./message-list).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type StreamConversation, type StreamMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, type ApiFailure } from '@/lib/api';
import { logout, resetAuth } from './auth';
import * as list from './message-list';

/** Messages per page of a stream chat. */
export const STREAM_MESSAGE_PAGE_SIZE = 50;

export type StreamConversationMessages = list.MessageList<StreamMessage>;
export type StreamRequestState = list.MessageRequestState<StreamMessage>;

export interface StreamMessageState extends list.MessageListState<StreamMessage> {
  activeConversation: StreamConversation | null;
}

export const emptyStreamConversationMessages: StreamConversationMessages = list.emptyMessageList();

export const initialStreamMessageState: StreamMessageState = { activeConversation: null, ...list.initialMessageListState<StreamMessage>() };

/** A refused send or delete: the text to show, the HTTP status (403 banned, 429 slow mode) and the seconds to wait (slow mode). */
export interface StreamMessageFailure {
  message: string;
  status?: number;
  retryAfter?: number;
}

/** The seconds a slow-mode refusal (429) asks to wait: from the message ("… 12 s …" / "12 seconds"), else null. */
export function retryAfterSeconds(message: string): number | null {
  const m = /(\d+)\s*(?:s\b|sec|second)/i.exec(message);
  return m ? Number(m[1]) : null;
}

export function streamFailure(e: unknown): StreamMessageFailure {
  const status = (e as ApiFailure | undefined)?.statusCode;
  const message = errorText(e, MESSAGES.updateFailed);
  const out: StreamMessageFailure = { message };
  if (status) out.status = status;
  if (status === 429) {
    const s = retryAfterSeconds(message);
    if (s !== null) out.retryAfter = s;
  }
  return out;
}

type ThunkConfig = { state: { streamMessage: StreamMessageState }; rejectValue: StreamMessageFailure };

/** A repeat of a message already listed replaces it, but a deletion seen first stays a deletion. */
const keepDeleted = (old: StreamMessage) => old.isDeleted;

/** The chat conversation of a stream (its settings and whether the caller may moderate): becomes the active one. */
export const loadStreamConversation = createAsyncThunk<StreamConversation, { streamId: string }, ThunkConfig>('streamMessage/conversation', async ({ streamId }, { rejectWithValue }) => {
  try {
    return await call(routes.streamChat.conversation, { params: { streamId } });
  } catch (e) {
    return rejectWithValue(streamFailure(e));
  }
});

/** A page of a stream chat: the newest (replacing) or, with `more`, the next older one (prepended). Skipped while one runs or when all are loaded. */
export const loadStreamMessages = createAsyncThunk<{ data: StreamMessage[]; total: number }, { conversationId: string; more?: boolean }, ThunkConfig>(
  'streamMessage/load',
  async ({ conversationId, more }, { getState, rejectWithValue }) => {
    const c = getState().streamMessage.conversationMap[conversationId];
    const offset = list.loadOffset(c, more);
    try {
      return await call(routes.streamChat.listPublic, { params: { id: conversationId }, query: { offset, limit: STREAM_MESSAGE_PAGE_SIZE } });
    } catch (e) {
      return rejectWithValue(streamFailure(e));
    }
  },
  {
    condition: ({ conversationId, more }, { getState }) => list.mayLoad(getState().streamMessage.conversationMap[conversationId], more),
  },
);

/** Writes in a stream chat (spec: the public-stream message call carries the conversation id). */
export const sendStreamMessage = createAsyncThunk<StreamMessage, { conversationId: string; text: string }, ThunkConfig>('streamMessage/send', async ({ conversationId, text }, { rejectWithValue }) => {
  try {
    return await call(routes.streamChat.sendPublic, { params: { id: conversationId }, body: { text } });
  } catch (e) {
    return rejectWithValue(streamFailure(e));
  }
});

/** Deletes one message (its sender or a moderator): it shows 'Message deleted' for everyone. */
export const deleteStreamMessage = createAsyncThunk<StreamMessage, { conversationId: string; messageId: string }, ThunkConfig>('streamMessage/delete', async ({ messageId }, { rejectWithValue }) => {
  try {
    return await call(routes.streamChat.remove, { params: { id: messageId } });
  } catch (e) {
    return rejectWithValue(streamFailure(e));
  }
});

/** The message stays in place as 'Message deleted' (a tip keeps its amount). */
function markDeleted(s: StreamMessageState, conversationId: string, messageId: string) {
  const m = list.markDeleted(s, conversationId, messageId, MESSAGES.streamMessageDeleted);
  if (m) m.amount = m.type === 'tip' ? m.amount : null;
}

const streamMessageSlice = createSlice({
  name: 'streamMessage',
  initialState: initialStreamMessageState,
  reducers: {
    /** A message pushed by the server ('stream-message/created'): appended once; a tip's new total goes to the active conversation. */
    streamMessageReceived(s, a: PayloadAction<{ message: StreamMessage; tipsTotal?: number }>) {
      const { message, tipsTotal } = a.payload;
      list.receive(s, message, keepDeleted);
      if (tipsTotal !== undefined && s.activeConversation?._id === message.conversationId) s.activeConversation.tipsTotal = tipsTotal;
    },
    /** 'stream-message/deleted': the message stays in place as 'Message deleted'. */
    streamMessageRemotelyDeleted(s, a: PayloadAction<{ conversationId: string; messageId: string }>) {
      markDeleted(s, a.payload.conversationId, a.payload.messageId);
    },
    /** 'stream-message/cleared' (the spec's reset of stream chat): the conversation's messages return to their initial state. */
    streamChatCleared(s, a: PayloadAction<{ conversationId: string }>) {
      list.resetList(s, a.payload.conversationId);
    },
    /** The chat's settings changed ('stream/updated'): slow mode, tip goal, tips total. */
    streamConversationUpdated(s, a: PayloadAction<Partial<Pick<StreamConversation, 'slowModeSeconds' | 'tipGoal' | 'tipsTotal' | 'canModerate'>> & { conversationId: string }>) {
      const { conversationId, ...p } = a.payload;
      if (s.activeConversation?._id === conversationId) s.activeConversation = { ...s.activeConversation, ...p };
    },
    /** Leaving the stream: its chat's items reset and it is no longer active. */
    streamChatLeft(s, a: PayloadAction<{ conversationId: string }>) {
      delete s.conversationMap[a.payload.conversationId];
      if (s.activeConversation?._id === a.payload.conversationId) s.activeConversation = null;
      s.sendMessage = initialStreamMessageState.sendMessage;
      s.deleteMessage = initialStreamMessageState.deleteMessage;
    },
    resetStreamMessages() {
      return initialStreamMessageState;
    },
  },
  extraReducers: (b) => {
    b.addCase(loadStreamConversation.fulfilled, (s, a) => {
      s.activeConversation = a.payload;
    })
      .addCase(loadStreamMessages.pending, (s, a) => list.loadStarted(s, a.meta.arg))
      .addCase(loadStreamMessages.fulfilled, (s, a) => list.pageLoaded(s, a.meta.arg, a.payload))
      .addCase(loadStreamMessages.rejected, (s, a) => {
        if (!a.meta.condition) list.loadFailed(s, a.meta.arg.conversationId, list.failureText(a.payload));
      })
      .addCase(sendStreamMessage.pending, (s) => list.sendStarted(s))
      .addCase(sendStreamMessage.fulfilled, (s, a) => list.sent(s, a.meta.arg.conversationId, a.payload, keepDeleted))
      .addCase(sendStreamMessage.rejected, (s, a) => list.sendFailed(s, list.failureText(a.payload)))
      .addCase(deleteStreamMessage.pending, (s) => list.deleteStarted(s))
      .addCase(deleteStreamMessage.fulfilled, (s, a) => {
        markDeleted(s, a.meta.arg.conversationId, a.meta.arg.messageId);
        list.deleted(s, a.payload);
      })
      .addCase(deleteStreamMessage.rejected, (s, a) => list.deleteFailed(s, list.failureText(a.payload)))
      .addCase(logout.fulfilled, () => initialStreamMessageState)
      .addCase(resetAuth, () => initialStreamMessageState);
  },
});

export const { streamMessageReceived, streamMessageRemotelyDeleted, streamChatCleared, streamConversationUpdated, streamChatLeft, resetStreamMessages } = streamMessageSlice.actions;
export default streamMessageSlice.reducer;
