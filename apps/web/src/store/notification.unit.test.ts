import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE, type Notification } from '@stagepass/shared';
import { resetAuth } from './auth';
import reducer, {
  allNotificationsRead, fetchNotifications, initialNotificationState, markAllNotificationsRead, markNotificationRead, moreNotificationsLoaded,
  notificationRead, notificationReceived, notificationsLoaded, resetNotifications, setTotalUnread, type NotificationState,
} from './notification';

const n = (id: string, read = false): Notification => ({
  _id: id,
  type: 'tip',
  actor: { _id: 'a1', name: 'Frankie Fan', username: 'frankie', avatar: '', isPerformer: false },
  objectKind: null,
  objectId: null,
  text: `Frankie tipped you (${id})`,
  link: '/creator/earnings',
  read,
  count: 1,
  createdAt: '2026-11-23T20:00:00.000Z',
  updatedAt: '2026-11-23T20:00:00.000Z',
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => n(`n${from + i}`));
const ids = (s: NotificationState) => s.dataSource.map((x) => x._id);

describe('notification slice (spec §3 Notification state, §4 Notifications)', () => {
  it('starts empty at page 1 with no unread', () => {
    const s = reducer(undefined, { type: '@@init' });
    expect(s).toEqual(initialNotificationState);
    expect(s.page).toBe(1);
    expect(s.total).toBe(0);
  });

  it('the first load replaces the list and advances page', () => {
    const before = reducer(undefined, notificationsLoaded(page(100, 3)));
    const s = reducer(before, notificationsLoaded(page(0, NOTIFICATION_PAGE_SIZE)));
    expect(s.notificationIds).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(s.notificationIds[0]).toBe('n0');
    expect(s.notificationMapping.n100).toBeUndefined();
    expect(ids(s)).toEqual(s.notificationIds);
    expect(s.page).toBe(2);
    expect(s.hasMore).toBe(true);
    expect(s.success).toBe(true);
    expect(s.loading).toBe(false);
    // A reload starts again from page 1 and lands on page 2 again.
    expect(reducer(s, notificationsLoaded(page(0, 2))).page).toBe(2);
  });

  it('add-more appends without duplicates and advances page', () => {
    let s = reducer(undefined, notificationsLoaded(page(0, NOTIFICATION_PAGE_SIZE)));
    // The second page overlaps the first by one row (a new notification shifted the list).
    s = reducer(s, moreNotificationsLoaded(page(NOTIFICATION_PAGE_SIZE - 1, 5)));
    expect(s.page).toBe(3);
    expect(s.notificationIds).toHaveLength(NOTIFICATION_PAGE_SIZE + 4);
    expect(new Set(s.notificationIds).size).toBe(s.notificationIds.length);
    expect(ids(s).slice(-1)).toEqual([`n${NOTIFICATION_PAGE_SIZE + 3}`]);
    expect(s.hasMore).toBe(false);
  });

  it('a pushed notification is prepended and the total rises to the server total', () => {
    let s = reducer(undefined, notificationsLoaded(page(0, 2)));
    s = reducer(s, setTotalUnread(2));
    s = reducer(s, notificationReceived({ notification: n('new'), totalUnread: 3 }));
    expect(ids(s)).toEqual(['new', 'n0', 'n1']);
    expect(s.total).toBe(3);
    // The same one pushed twice stays one row.
    s = reducer(s, notificationReceived({ notification: n('new'), totalUnread: 3 }));
    expect(ids(s)).toEqual(['new', 'n0', 'n1']);
  });

  it('marking one read lowers total by one, never below 0; a read one changes nothing', () => {
    let s = reducer(undefined, notificationsLoaded([n('a'), n('b'), n('c', true)]));
    s = reducer(s, setTotalUnread(2));
    s = reducer(s, notificationRead('a'));
    expect(s.total).toBe(1);
    expect(s.notificationMapping.a.read).toBe(true);
    expect(s.dataSource[0].read).toBe(true);
    s = reducer(s, notificationRead('a'));
    expect(s.total).toBe(1);
    s = reducer(s, notificationRead('c'));
    expect(s.total).toBe(1);
    s = reducer(s, notificationRead('b'));
    expect(s.total).toBe(0);
    s = reducer(s, setTotalUnread(0));
    s = reducer(s, notificationRead('not-loaded'));
    expect(s.total).toBe(0);
  });

  it('the read thunk lowers the count at once and then takes the server total', () => {
    let s = reducer(undefined, notificationsLoaded([n('a'), n('b')]));
    s = reducer(s, setTotalUnread(5));
    s = reducer(s, { type: markNotificationRead.pending.type, meta: { arg: 'a', requestId: 'r', requestStatus: 'pending' } });
    expect(s.total).toBe(4);
    s = reducer(s, { type: markNotificationRead.fulfilled.type, payload: 7, meta: { arg: 'a', requestId: 'r', requestStatus: 'fulfilled' } });
    expect(s.total).toBe(7);
  });

  it('read-all marks every row read and zeroes the total', () => {
    let s = reducer(undefined, notificationsLoaded([n('a'), n('b')]));
    s = reducer(s, setTotalUnread(9));
    s = reducer(s, allNotificationsRead());
    expect(s.total).toBe(0);
    expect(s.dataSource.every((x) => x.read)).toBe(true);
    s = reducer(s, setTotalUnread(1));
    s = reducer(s, { type: markAllNotificationsRead.pending.type, meta: { requestId: 'r', requestStatus: 'pending' } });
    expect(s.total).toBe(0);
  });

  it('the total is set from the server or the socket (never negative)', () => {
    let s = reducer(undefined, setTotalUnread(4));
    expect(s.total).toBe(4);
    s = reducer(s, setTotalUnread(-2));
    expect(s.total).toBe(0);
  });

  it('a first page of a tab left meanwhile is dropped; an error is kept', () => {
    let s = reducer(undefined, { type: fetchNotifications.pending.type, meta: { arg: { filter: 'unread' }, requestId: 'r1', requestStatus: 'pending' } });
    expect(s.filter).toBe('unread');
    expect(s.loading).toBe(true);
    s = reducer(s, { type: fetchNotifications.pending.type, meta: { arg: { filter: 'all' }, requestId: 'r2', requestStatus: 'pending' } });
    s = reducer(s, { type: fetchNotifications.fulfilled.type, payload: [n('u')], meta: { arg: { filter: 'unread' }, requestId: 'r1', requestStatus: 'fulfilled' } });
    expect(s.notificationIds).toEqual([]);
    s = reducer(s, { type: fetchNotifications.fulfilled.type, payload: [n('x')], meta: { arg: { filter: 'all' }, requestId: 'r2', requestStatus: 'fulfilled' } });
    expect(s.notificationIds).toEqual(['x']);
    s = reducer(s, { type: fetchNotifications.rejected.type, payload: 'Something went wrong, please try again later', meta: { arg: { more: true }, requestId: 'r3', requestStatus: 'rejected', rejectedWithValue: true }, error: {} });
    expect(s.error).toBe('Something went wrong, please try again later');
    expect(s.loading).toBe(false);
    expect(reducer(s, resetNotifications())).toEqual(initialNotificationState);
    // A session that ends takes the previous user's notifications with it.
    expect(reducer(reducer(s, setTotalUnread(3)), resetAuth())).toEqual(initialNotificationState);
  });
});
