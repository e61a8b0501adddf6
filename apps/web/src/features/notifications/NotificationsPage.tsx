'use client';
import { useEffect, useRef } from 'react';
import { Button, Card, Tabs } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { ErrorState, EmptyState } from '@/components/states';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchNotifications, type NotificationFilter } from '@/store/notification';
import NotificationRow, { NotificationRowSkeleton } from './NotificationRow';
import { useNotificationActions } from './useNotificationActions';
import css from './notifications.module.css';
import width from '@/components/layouts/page-width.module.css';
import { count } from '@/lib/format';

/** Calls `onVisible` whenever the sentinel comes near the viewport. */
function useSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const cb = useRef(onVisible);
  useEffect(() => {
    cb.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && cb.current(), { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return ref;
}

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/** /notifications: every notification, 12 a page with infinite scroll, All / Unread, Mark all read. */
export default function NotificationsPage() {
  const dispatch = useAppDispatch();
  const s = useAppSelector((st) => st.notification);
  const { open, readAll } = useNotificationActions();
  const filter = s.filter;
  const firstLoad = s.loading && s.page === 1;

  useEffect(() => {
    // Always fresh on arrival (the bell may have loaded the list a while ago).
    void dispatch(fetchNotifications({ filter: 'all' }));
  }, [dispatch]);

  const loadMore = () => void dispatch(fetchNotifications({ more: true }));
  const sentinel = useSentinel(loadMore, s.hasMore && !s.loading && !s.error);
  const rows = s.dataSource;

  let body;
  if (firstLoad)
    body = (
      <ul className={css.list} aria-busy="true" aria-label="Loading notifications">
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
      </ul>
    );
  else if (s.error && s.page === 1)
    body = <ErrorState title="Notifications didn't load" message={s.error} onRetry={() => void dispatch(fetchNotifications({ filter }))} />;
  else if (!rows.length)
    body =
      filter === 'unread' ? (
        <EmptyState title="You're all caught up" description="No unread notifications." />
      ) : (
        <EmptyState title="No notifications yet" description="Tips, new subscribers, comments and other news about your account show up here." />
      );
  else
    body = (
      <>
        <ul className={css.list} aria-label="Notifications">
          {rows.map((n) => (
            <NotificationRow key={n._id} notification={n} onOpen={open} />
          ))}
          {s.loading && <NotificationRowSkeleton />}
        </ul>
        <div ref={sentinel} aria-hidden="true" />
        {s.error && (
          <p className={css.listEnd} role="alert">
            {s.error}{' '}
            <Button size="small" onClick={loadMore}>
              Try again
            </Button>
          </p>
        )}
        {s.hasMore && !s.loading && !s.error && (
          <Button block onClick={loadMore}>
            Load more
          </Button>
        )}
        {!s.hasMore && rows.length > 6 && <p className={`muted ${css.listEnd}`}>That&rsquo;s everything.</p>}
      </>
    );

  return (
    <div className={`container page ${width.w760}`}>
      <div className={css.pageHead}>
        <div>
          <h1 className="page-title">Notifications</h1>
          <p className="page-lead">{s.total > 0 ? `${count(s.total)} unread` : 'Nothing unread'}</p>
        </div>
        <Button icon={<CheckOutlined />} onClick={readAll} disabled={s.total === 0}>
          Mark all read
        </Button>
      </div>
      <Tabs
        activeKey={filter}
        onChange={(v) => void dispatch(fetchNotifications({ filter: v as NotificationFilter }))}
        items={FILTERS.map((f) => ({ key: f.value, label: f.label }))}
        className={css.tabs}
      />
      <Card className={css.card} size="small">{body}</Card>
    </div>
  );
}
