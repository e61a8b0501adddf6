'use client';
import { useEffect, useRef, type HTMLAttributes } from 'react';
import { useRouter } from 'next/navigation';
import { App } from 'antd';
import type { Notification } from '@stagepass/shared';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';
import { useAppDispatch } from '@/store';
import { patchAuthUser } from '@/store/auth';
import { fetchTotalUnread, notificationReceived, setTotalUnread } from '@/store/notification';
import { NotificationAvatar } from './NotificationRow';
import { useNotificationActions } from './useNotificationActions';
import css from './notifications.module.css';

/**
 * The signed-in user's live notification plumbing, mounted once by the shell: reads the unread
 * total, then follows the socket — a new notification goes on top of the list with a toast (4.5 s,
 * progress, pause on hover, 'Close'; a click marks it read and follows its link), a changed total
 * is taken as is (and read again after a reconnect), and a changed wallet balance goes to the current user (the header shows it).
 */
export default function NotificationsListener() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { notification } = App.useApp();
  const { open } = useNotificationActions();

  // Once per mount (the slice is emptied at sign-out, see store/notification.ts).
  useEffect(() => {
    void dispatch(fetchTotalUnread());
  }, [dispatch]);
  // Back after a lost connection: events may have been missed meanwhile, so the count is read again.
  const status = useSocketStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'connected' && wasDown.current) void dispatch(fetchTotalUnread());
    wasDown.current = status === 'disconnect' || status === 'reconnecting' || status === 'failed';
  }, [status, dispatch]);

  useSocketEvent('notification/created', ({ notification: n, totalUnread }) => {
    dispatch(notificationReceived({ notification: n, totalUnread }));
    showToast(n);
  });
  useSocketEvent('notification/total-unread', ({ total }) => dispatch(setTotalUnread(total)));
  useSocketEvent('wallet/balance', ({ balance }) => dispatch(patchAuthUser({ balance })));

  function showToast(n: Notification) {
    notification.open({
      key: n._id,
      title: n.actor?.name ?? 'Stagepass',
      description: <span className={css.toastText}>{n.text}</span>,
      icon: <NotificationAvatar notification={n} size={36} />,
      className: n.link ? css.toast : undefined,
      role: 'status',
      props: { 'data-testid': 'notification-toast' } as HTMLAttributes<HTMLDivElement>,
      onClick: () => {
        open(n);
        notification.destroy(n._id);
        if (n.link) router.push(n.link);
      },
    });
  }

  return null;
}
