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
import { useTranslations } from 'next-intl';
import type { Messages } from '@/i18n/messages';
import { useSpecText } from '@/i18n/spec';

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

const FILTERS = [
  { value: 'all', label: 'filterAll' },
  { value: 'unread', label: 'unread' },
] as const satisfies readonly { value: NotificationFilter; label: keyof Messages['notifications'] }[];

/** /notifications: every notification, 12 a page with infinite scroll, All / Unread, Mark all read. */
export default function NotificationsPage() {
  const t = useTranslations('notifications');
  const specText = useSpecText();
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
      <ul className={css.list} aria-busy="true" aria-label={t('loading')}>
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
      </ul>
    );
  else if (s.error && s.page === 1)
    body = <ErrorState title={t('loadFailed')} message={specText(s.error)} onRetry={() => void dispatch(fetchNotifications({ filter }))} />;
  else if (!rows.length)
    body =
      filter === 'unread' ? (
        <EmptyState title={t('caughtUpTitle')} description={t('caughtUpText')} />
      ) : (
        <EmptyState title={t('emptyTitle')} description={t('pageEmptyText')} />
      );
  else
    body = (
      <>
        <ul className={css.list} aria-label={t('title')}>
          {rows.map((n) => (
            <NotificationRow key={n._id} notification={n} onOpen={open} />
          ))}
          {s.loading && <NotificationRowSkeleton />}
        </ul>
        <div ref={sentinel} aria-hidden="true" />
        {s.error && (
          <p className={css.listEnd} role="alert">
            {specText(s.error)}{' '}
            <Button size="small" onClick={loadMore}>
              {t('tryAgain')}
            </Button>
          </p>
        )}
        {s.hasMore && !s.loading && !s.error && (
          <Button block onClick={loadMore}>
            {t('loadMore')}
          </Button>
        )}
        {!s.hasMore && rows.length > 6 && <p className={`muted ${css.listEnd}`}>{t('everything')}</p>}
      </>
    );

  return (
    <div className={`container page ${width.w760}`}>
      <div className={css.pageHead}>
        <div>
          <h1 className="page-title">{t('title')}</h1>
          <p className="page-lead">{s.total > 0 ? t('unreadCount', { count: s.total }) : t('nothingUnread')}</p>
        </div>
        <Button icon={<CheckOutlined />} onClick={readAll} disabled={s.total === 0}>
          {t('markAllRead')}
        </Button>
      </div>
      <Tabs
        activeKey={filter}
        onChange={(v) => void dispatch(fetchNotifications({ filter: v as NotificationFilter }))}
        items={FILTERS.map((f) => ({ key: f.value, label: t(f.label) }))}
        className={css.tabs}
      />
      <Card className={css.card} size="small">{body}</Card>
    </div>
  );
}
