'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { ErrorState, EmptyState } from '@/components/states';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchNotifications } from '@/store/notification';
import NotificationRow, { NotificationRowSkeleton } from './NotificationRow';
import { useNotificationActions } from './useNotificationActions';
import { notificationsLabel } from '@/components/layouts/nav';
import css from './notifications.module.css';
import { useTranslations } from 'next-intl';
import { useSpecText } from '@/i18n/spec';

/** How many of the latest notifications the bell's popover shows. */
const LATEST = 6;

function Latest({ onClose }: { onClose: () => void }) {
  const s = useAppSelector((st) => st.notification);
  const dispatch = useAppDispatch();
  const { open, readAll } = useNotificationActions();
  const t = useTranslations('notifications');
  const specText = useSpecText();
  const rows = s.dataSource.slice(0, LATEST);
  let body;
  if (s.loading && !rows.length)
    body = (
      <ul className={css.list} aria-busy="true" aria-label={t('loading')}>
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
        <NotificationRowSkeleton />
      </ul>
    );
  else if (s.error && !rows.length)
    body = (
      <div className={css.popoverState}>
        <ErrorState title={t('loadFailed')} message={specText(s.error)} onRetry={() => void dispatch(fetchNotifications({ filter: s.filter }))} />
      </div>
    );
  else if (!rows.length)
    body = (
      <div className={css.popoverState}>
        <EmptyState title={t('emptyTitle')} description={t('bellEmptyText')} />
      </div>
    );
  else
    body = (
      <ul className={css.list}>
        {rows.map((n) => (
          <NotificationRow
            key={n._id}
            notification={n}
            onOpen={(x) => {
              open(x);
              onClose();
            }}
          />
        ))}
      </ul>
    );
  return (
    <div className={css.popover} role="dialog" aria-labelledby="bell-title">
      <div className={css.popoverHead}>
        <h2 className={css.popoverTitle} id="bell-title">
          {t('title')}
        </h2>
        <Button type="link" size="small" className={css.link} onClick={readAll} disabled={s.total === 0}>
          {t('markAllRead')}
        </Button>
      </div>
      <div className={css.popoverList}>{body}</div>
      <div className={css.popoverFoot}>
        <Link href="/notifications" prefetch={false} onClick={onClose} className={css.link}>
          {t('seeAll')}
        </Link>
      </div>
    </div>
  );
}

/** The header's bell: the unread count, and a popover with the latest notifications. */
export default function NotificationBell({ className }: { className?: string }) {
  const total = useAppSelector((s) => s.notification.total);
  const tShell = useTranslations('shell');
  const loaded = useAppSelector((s) => s.notification.success || s.notification.loading);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const onOpenChange = (v: boolean) => {
    setOpen(v);
    // The list is loaded once (the socket keeps it current); the page's tabs may reload it.
    if (v && !loaded) void dispatch(fetchNotifications({ filter: 'all' }));
  };
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={<Latest onClose={() => setOpen(false)} />}
      classNames={{ root: 'notification-popover' }}
    >
      <span className={className}>
        <Badge count={total} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button type="text" shape="circle" icon={<BellOutlined className={css.bell} />} aria-label={notificationsLabel(tShell, total)} aria-haspopup="dialog" aria-expanded={open} data-testid="notification-bell" />
        </Badge>
      </span>
    </Popover>
  );
}
