/**
 * Notification state (spec §3) and its transitions (spec §4 Notifications): loading / error /
 * success, the list as `notificationIds` + `notificationMapping` (by _id) + `dataSource` (the
 * rows in order), `page` (the next page to load, starting at 1) and `total` (the unread count).
 * Beside the spec's fields: `filter` (the list shown: all or only unread — the page's tabs) and
 * `hasMore` (whether the last page was full), which the infinite list needs.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NOTIFICATION_PAGE_SIZE, type Notification } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { logout, resetAuth } from './auth';

export type NotificationFilter = 'all' | 'unread';

export interface NotificationState {
  loading: boolean;
  error: string | null;
  success: boolean;
  notificationIds: string[];
  notificationMapping: Record<string, Notification>;
  dataSource: Notification[];
  /** The next page to load; 1 until the first load. */
  page: number;
  /** Unread notifications of the user (all of them, not only the loaded ones). */
  total: number;
  filter: NotificationFilter;
  hasMore: boolean;
}

export const initialNotificationState: NotificationState = {
  loading: false,
  error: null,
  success: false,
  notificationIds: [],
  notificationMapping: {},
  dataSource: [],
  page: 1,
  total: 0,
  filter: 'all',
  hasMore: false,
};

function setList(s: NotificationState, ids: string[]) {
  s.notificationIds = ids;
  s.dataSource = ids.map((id) => s.notificationMapping[id]);
}

function store(s: NotificationState, items: Notification[]) {
  for (const n of items) s.notificationMapping[n._id] = n;
}

const nonNegative = (n: number) => Math.max(0, Math.floor(n));

/** One page of the list: `more` false loads page 1 of `filter` (replacing the list), true the next page of the current filter. */
export const fetchNotifications = createAsyncThunk<Notification[], { filter?: NotificationFilter; more?: boolean }, { state: { notification: NotificationState }; rejectValue: string }>(
  'notification/fetch',
  async ({ more }, { getState, rejectWithValue }) => {
    const s = getState().notification;
    const filter = s.filter;
    // The next page starts after the rows the server still lists under this filter: pushed rows
    // shift the list down, and on the Unread tab the rows read meanwhile have left it (an offset of
    // (page - 1) × 12 would then skip as many unread ones).
    const offset = !more ? 0 : filter === 'unread' ? s.dataSource.filter((n) => !n.read).length : s.notificationIds.length;
    try {
      const res = await call(routes.notifications.list, {
        query: { offset, limit: NOTIFICATION_PAGE_SIZE, sort: 'desc', sortBy: 'updatedAt', ...(filter === 'unread' ? { read: 'false' } : {}) },
      });
      return res.data;
    } catch (e) {
      return rejectWithValue(errorText(e));
    }
  },
  {
    // An add-more while a page is on its way (or with nothing more to load) is dropped.
    condition: ({ more }, { getState }) => {
      const s = getState().notification;
      return !more || (!s.loading && s.hasMore);
    },
  },
);

export const fetchTotalUnread = createAsyncThunk('notification/fetchTotal', async () => (await call(routes.notifications.totalUnread)).total);

/** Marks one read (the count drops at once) and takes the server's unread total. */
export const markNotificationRead = createAsyncThunk('notification/markRead', async (id: string) => (await call(routes.notifications.read, { params: { id } })).total);

export const markAllNotificationsRead = createAsyncThunk('notification/markAllRead', async () => (await call(routes.notifications.readAll)).total);

const notificationSlice = createSlice({
  name: 'notification',
  initialState: initialNotificationState,
  reducers: {
    /** The first load: replaces the list and advances page. */
    notificationsLoaded(s, a: PayloadAction<Notification[]>) {
      s.notificationMapping = {};
      store(s, a.payload);
      setList(s, Array.from(new Set(a.payload.map((n) => n._id))));
      s.page = 2;
      s.hasMore = a.payload.length >= NOTIFICATION_PAGE_SIZE;
      s.loading = false;
      s.error = null;
      s.success = true;
    },
    /** Add-more: appends (without repeating a row already shown) and advances page. */
    moreNotificationsLoaded(s, a: PayloadAction<Notification[]>) {
      store(s, a.payload);
      const ids = [...s.notificationIds];
      for (const n of a.payload) if (!ids.includes(n._id)) ids.push(n._id);
      setList(s, ids);
      s.page += 1;
      s.hasMore = a.payload.length >= NOTIFICATION_PAGE_SIZE;
      s.loading = false;
      s.error = null;
      s.success = true;
    },
    /** A notification pushed by the server: on top of the list, with the unread total after it. */
    notificationReceived(s, a: PayloadAction<{ notification: Notification; totalUnread: number }>) {
      const n = a.payload.notification;
      store(s, [n]);
      setList(s, [n._id, ...s.notificationIds.filter((id) => id !== n._id)]);
      s.total = nonNegative(a.payload.totalUnread);
    },
    /** Marks one read: lowers total by one, never below 0; a read (or unknown-as-read) one changes nothing. */
    notificationRead(s, a: PayloadAction<string>) {
      const n = s.notificationMapping[a.payload];
      if (n?.read) return;
      if (n) {
        s.notificationMapping[a.payload] = { ...n, read: true };
        setList(s, s.notificationIds);
      }
      s.total = nonNegative(s.total - 1);
    },
    allNotificationsRead(s) {
      for (const id of s.notificationIds) s.notificationMapping[id] = { ...s.notificationMapping[id], read: true };
      setList(s, s.notificationIds);
      s.total = 0;
    },
    /** The unread total as the server (an answer or the socket) reports it. */
    setTotalUnread(s, a: PayloadAction<number>) {
      s.total = nonNegative(a.payload);
    },
    resetNotifications() {
      return initialNotificationState;
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchNotifications.pending, (s, a) => {
      s.loading = true;
      s.error = null;
      s.success = false;
      if (!a.meta.arg.more) {
        s.filter = a.meta.arg.filter ?? s.filter;
        s.page = 1;
      }
    })
      .addCase(fetchNotifications.fulfilled, (s, a) => {
        // A page of a filter left meanwhile (the user switched tabs) is dropped.
        if (!a.meta.arg.more && (a.meta.arg.filter ?? s.filter) !== s.filter) return;
        notificationSlice.caseReducers[a.meta.arg.more ? 'moreNotificationsLoaded' : 'notificationsLoaded'](s, { type: a.type, payload: a.payload });
      })
      .addCase(fetchNotifications.rejected, (s, a) => {
        s.loading = false;
        s.success = false;
        s.error = a.payload ?? errorText(a.error);
      })
      .addCase(fetchTotalUnread.fulfilled, (s, a) => {
        s.total = nonNegative(a.payload);
      })
      .addCase(markNotificationRead.pending, (s, a) => {
        notificationSlice.caseReducers.notificationRead(s, { type: a.type, payload: a.meta.arg });
      })
      .addCase(markNotificationRead.fulfilled, (s, a) => {
        s.total = nonNegative(a.payload);
      })
      .addCase(markAllNotificationsRead.pending, (s) => {
        notificationSlice.caseReducers.allNotificationsRead(s);
      })
      .addCase(markAllNotificationsRead.fulfilled, (s, a) => {
        s.total = nonNegative(a.payload);
      })
      // Signed out (or the session ended): nothing of the previous user stays.
      .addCase(logout.fulfilled, () => initialNotificationState)
      .addCase(resetAuth, () => initialNotificationState);
  },
});

export const { notificationsLoaded, moreNotificationsLoaded, notificationReceived, notificationRead, allNotificationsRead, setTotalUnread, resetNotifications } =
  notificationSlice.actions;
export default notificationSlice.reducer;
