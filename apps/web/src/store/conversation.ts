/**
 * Conversation list state (spec §3) and its transitions (spec §4 Conversation list, Opening a
 * conversation): `list` {requesting, error, data (ids), total, success}, `mapping` by _id and
 * `activeConversation`. Beside the spec's fields: `q` (the search text of the list shown: GET
 * /conversations/search when set) and `totalUnread` (the user's unread messages in all
 * conversations — the header's and the tab bar's count).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type Conversation, type OpenConversationInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { logout, resetAuth } from './auth';
import { deleteMessage, failure, loadMessages, sendMessage, type MessageFailure, type MessageState } from './message';

export const CONVERSATION_PAGE_SIZE = 20;

export interface ConversationListState {
  requesting: boolean;
  error: string | null;
  data: string[];
  total: number;
  success: boolean;
}

export interface ConversationState {
  list: ConversationListState;
  mapping: Record<string, Conversation>;
  activeConversation: Conversation | null;
  q: string;
  totalUnread: number;
}

export const initialConversationState: ConversationState = {
  list: { requesting: false, error: null, data: [], total: 0, success: false },
  mapping: {},
  activeConversation: null,
  q: '',
  totalUnread: 0,
};

type ThunkConfig = { state: { conversation: ConversationState; message: MessageState }; rejectValue: MessageFailure };

const nonNegative = (n: number) => Math.max(0, Math.floor(n));

/** Applies `p` to a conversation in the mapping and, when it is the active one, there too. */
function patch(s: ConversationState, id: string, p: Partial<Conversation>) {
  const c = s.mapping[id];
  if (c) s.mapping[id] = { ...c, ...p };
  if (s.activeConversation?._id === id) s.activeConversation = { ...s.activeConversation, ...p };
}

function toTop(s: ConversationState, id: string) {
  s.list.data = [id, ...s.list.data.filter((x) => x !== id)];
}

/**
 * The list: the first page (replacing it) or, with `more`, the next one (appended). `q` (kept for
 * the next pages; '' for all) lists the conversations whose other party's name or username contains it. A load-more is dropped while a
 * page is on its way or when everything is listed.
 */
export const fetchConversations = createAsyncThunk<{ data: Conversation[]; total: number }, { q?: string; more?: boolean }, ThunkConfig>(
  'conversation/fetch',
  async ({ more }, { getState, rejectWithValue }) => {
    const s = getState().conversation;
    const query = { offset: more ? s.list.data.length : 0, limit: CONVERSATION_PAGE_SIZE };
    try {
      return s.q ? await call(routes.messages.search, { query: { ...query, q: s.q } }) : await call(routes.messages.list, { query });
    } catch (e) {
      return rejectWithValue(failure(e));
    }
  },
  {
    condition: ({ more }, { getState }) => {
      const { list } = getState().conversation;
      return !more || (!list.requesting && list.data.length < list.total);
    },
  },
);

export const fetchTotalUnreadMessages = createAsyncThunk('conversation/fetchTotalUnread', async () => (await call(routes.messages.totalUnread)).total);

/** Marks a conversation read: its unseen count is 0 at once (and the total drops by as much), then the server's total. */
export const markConversationRead = createAsyncThunk('conversation/markRead', async (id: string) => (await call(routes.messages.readAll, { params: { id } })).total);

export type OpenConversationArgs = { id: string } | OpenConversationInput;

/**
 * Opening a conversation (spec §4): with an id it becomes active, is marked read and its first 25
 * messages load; without one it is found or created from `source` + `sourceId` (POST
 * /conversations), added on top, then activated the same way.
 */
export const openConversation = createAsyncThunk<Conversation, OpenConversationArgs, ThunkConfig>('conversation/open', async (arg, { getState, dispatch, rejectWithValue }) => {
  let conv: Conversation;
  try {
    if ('id' in arg) conv = getState().conversation.mapping[arg.id] ?? (await call(routes.messages.get, { params: { id: arg.id } }));
    else conv = await call(routes.messages.open, { body: arg });
  } catch (e) {
    return rejectWithValue(failure(e));
  }
  dispatch(conversationAdded(conv));
  dispatch(selectConversation(conv));
  void dispatch(markConversationRead(conv._id));
  void dispatch(loadMessages({ conversationId: conv._id }));
  return conv;
});

const conversationSlice = createSlice({
  name: 'conversation',
  initialState: initialConversationState,
  reducers: {
    /** Makes it the active one; added on top of the list when missing. */
    selectConversation(s, a: PayloadAction<Conversation>) {
      const c = a.payload;
      s.mapping[c._id] = { ...s.mapping[c._id], ...c };
      if (!s.list.data.includes(c._id)) s.list.data.unshift(c._id);
      s.activeConversation = s.mapping[c._id];
    },
    /** A new conversation (opened here, or one whose first message just arrived): on top when not listed. */
    conversationAdded(s, a: PayloadAction<Conversation>) {
      const c = a.payload;
      s.mapping[c._id] = { ...s.mapping[c._id], ...c };
      if (!s.list.data.includes(c._id)) {
        s.list.data.unshift(c._id);
        s.list.total += 1;
      }
    },
    /** Seen: its unseen count is 0. */
    conversationSeen(s, a: PayloadAction<string>) {
      patch(s, a.payload, { totalNotSeenMessages: 0 });
    },
    clearActiveConversation(s) {
      s.activeConversation = null;
    },
    /** A new message: last message, time and sender (and the receiver's unseen count) change; it moves to the top. */
    conversationMessage(
      s,
      a: PayloadAction<{ _id: string; lastMessage: string; lastMessageCreatedAt: string; lastSenderId: string; totalNotSeenMessages?: number }>,
    ) {
      const { _id, ...p } = a.payload;
      if (p.totalNotSeenMessages === undefined) delete p.totalNotSeenMessages;
      patch(s, _id, { ...p, lastMessageDeleted: false });
      if (s.mapping[_id]) toTop(s, _id);
    },
    /** A message was deleted: when it was the last one, the list shows 'Message deleted!' for it. */
    lastMessageDeleted(s, a: PayloadAction<{ conversationId: string; createdAt: string }>) {
      if (s.mapping[a.payload.conversationId]?.lastMessageCreatedAt === a.payload.createdAt) patch(s, a.payload.conversationId, { lastMessage: '', lastMessageDeleted: true });
    },
    /** The other member read the conversation (read receipts). */
    recipientSeen(s, a: PayloadAction<{ conversationId: string; seenAt: string }>) {
      patch(s, a.payload.conversationId, { recipientSeenAt: a.payload.seenAt });
    },
    conversationBlocked(s, a: PayloadAction<{ id: string; isBlocked: boolean }>) {
      patch(s, a.payload.id, { isBlocked: a.payload.isBlocked });
    },
    setTotalUnreadMessages(s, a: PayloadAction<number>) {
      s.totalUnread = nonNegative(a.payload);
    },
    resetConversations() {
      return initialConversationState;
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchConversations.pending, (s, a) => {
      if (!a.meta.arg.more && a.meta.arg.q !== undefined) s.q = a.meta.arg.q.trim();
      s.list.requesting = true;
      s.list.error = null;
      s.list.success = false;
    })
      .addCase(fetchConversations.fulfilled, (s, a) => {
        // The answer to a search the user has since changed is dropped.
        if (!a.meta.arg.more && a.meta.arg.q !== undefined && a.meta.arg.q.trim() !== s.q) return;
        for (const c of a.payload.data) s.mapping[c._id] = c;
        const ids = a.payload.data.map((c) => c._id);
        s.list.data = a.meta.arg.more ? [...s.list.data, ...ids.filter((id) => !s.list.data.includes(id))] : Array.from(new Set(ids));
        s.list.total = a.payload.total;
        s.list.requesting = false;
        s.list.success = true;
        if (s.activeConversation && s.mapping[s.activeConversation._id]) s.activeConversation = s.mapping[s.activeConversation._id];
      })
      .addCase(fetchConversations.rejected, (s, a) => {
        if (a.meta.condition) return;
        s.list.requesting = false;
        s.list.success = false;
        s.list.error = a.payload?.message ?? MESSAGES.updateFailed;
        s.list.data = [];
        s.list.total = 0;
      })
      .addCase(fetchTotalUnreadMessages.fulfilled, (s, a) => {
        s.totalUnread = nonNegative(a.payload);
      })
      .addCase(markConversationRead.pending, (s, a) => {
        const unseen = s.mapping[a.meta.arg]?.totalNotSeenMessages ?? 0;
        s.totalUnread = nonNegative(s.totalUnread - unseen);
        patch(s, a.meta.arg, { totalNotSeenMessages: 0 });
      })
      .addCase(markConversationRead.fulfilled, (s, a) => {
        // A message counted meanwhile (its push came between the request and the answer) was read too.
        patch(s, a.meta.arg, { totalNotSeenMessages: 0 });
        s.totalUnread = nonNegative(a.payload);
      })
      // One's own message is the conversation's last one too.
      .addCase(sendMessage.fulfilled, (s, a) => {
        const m = a.payload;
        patch(s, m.conversationId, { lastMessage: m.text, lastMessageCreatedAt: m.createdAt, lastSenderId: m.senderId, lastMessageDeleted: false });
        if (s.mapping[m.conversationId]) toTop(s, m.conversationId);
      })
      .addCase(deleteMessage.fulfilled, (s, a) => {
        conversationSlice.caseReducers.lastMessageDeleted(s, { type: a.type, payload: { conversationId: a.meta.arg.conversationId, createdAt: a.payload.createdAt } });
      })
      .addCase(logout.fulfilled, () => initialConversationState)
      .addCase(resetAuth, () => initialConversationState);
  },
});

export const {
  selectConversation, conversationAdded, conversationSeen, clearActiveConversation, conversationMessage, lastMessageDeleted, recipientSeen, conversationBlocked, setTotalUnreadMessages, resetConversations,
} = conversationSlice.actions;
export default conversationSlice.reducer;
