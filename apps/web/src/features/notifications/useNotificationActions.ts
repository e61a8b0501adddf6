'use client';
import { useCallback } from 'react';
import { App } from 'antd';
import type { Notification } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { useAppDispatch } from '@/store';
import { fetchTotalUnread, markAllNotificationsRead, markNotificationRead } from '@/store/notification';

/** Opening a notification marks it read (the count drops at once); "Mark all read". A failed call is said and the count re-read. */
export function useNotificationActions() {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const fail = useCallback(
    (e: unknown) => {
      void message.error(errorText(e));
      void dispatch(fetchTotalUnread());
    },
    [dispatch, message],
  );
  const open = useCallback(
    (n: Pick<Notification, '_id' | 'read'>) => {
      if (!n.read) dispatch(markNotificationRead(n._id)).unwrap().catch(fail);
    },
    [dispatch, fail],
  );
  const readAll = useCallback(() => {
    dispatch(markAllNotificationsRead()).unwrap().catch(fail);
  }, [dispatch, fail]);
  return { open, readAll };
}
