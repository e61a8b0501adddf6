'use client';
import Link from 'next/link';
import { Avatar, Skeleton } from 'antd';
import { BellFilled } from '@ant-design/icons';
import { DEFAULT_AVATAR, type Notification } from '@stagepass/shared';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/lib/format';
import css from './notifications.module.css';

/** The actor's avatar, or the site's bell for the platform's own notifications. */
export function NotificationAvatar({ notification: n, size = 40 }: { notification: Notification; size?: number }) {
  if (!n.actor) return <Avatar size={size} icon={<BellFilled />} className={css.systemAvatar} alt="" />;
  return <Avatar size={size} src={n.actor.avatar || DEFAULT_AVATAR} alt="" />;
}

/**
 * One notification: avatar, text, relative time, an unread dot. A click (or Enter) marks it read
 * and follows its link; one without a link is a button that only marks it read.
 */
export default function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const t = useTranslations('notifications');
  const f = useFormat();
  const content = (
    <>
      <NotificationAvatar notification={n} />
      <span className={css.body}>
        <span className={css.text}>{n.text}</span>
        <time className={css.time} dateTime={n.createdAt} title={f.fullDate(n.createdAt)}>
          {f.timeAgo(n.createdAt)}
        </time>
      </span>
      {n.read ? <span className={css.dotPlaceholder} /> : <span className={css.dot} role="img" aria-label={t('unread')} />}
    </>
  );
  const cls = `${css.row}${n.read ? '' : ` ${css.unread}`}`;
  return (
    <li className={css.item} data-testid="notification" data-read={n.read ? 'true' : 'false'}>
      {n.link ? (
        <Link href={n.link} prefetch={false} className={cls} onClick={() => onOpen(n)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={cls} onClick={() => onOpen(n)}>
          {content}
        </button>
      )}
    </li>
  );
}

export function NotificationRowSkeleton() {
  return (
    <li className={`${css.item} ${css.skeletonRow}`}>
      <Skeleton avatar={{ size: 40 }} active title={false} paragraph={{ rows: 2, width: ['90%', '30%'] }} />
    </li>
  );
}
