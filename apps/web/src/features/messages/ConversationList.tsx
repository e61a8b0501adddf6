'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Avatar, Badge, Button, Input, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, MESSAGES, type Conversation } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { EmptyState, ErrorState } from '@/components/states';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { fetchConversations } from '@/store/conversation';
import TierBadge from '@/components/tiers/TierBadge';
import css from './messages.module.css';

/** What the list shows of the last message: "You: …" for one's own, "Attachment" for media alone. */
function usePreview() {
  const t = useTranslations('messages');
  const specText = useSpecText();
  return (c: Conversation, meId: string | undefined): string => {
    if (!c.lastMessageCreatedAt) return t('noMessages');
    if (c.lastMessageDeleted) return specText(MESSAGES.messageDeleted);
    const text = c.lastMessage.trim() || t('attachment');
    return c.lastSenderId && c.lastSenderId === meId ? t('previewYou', { text }) : text;
  };
}

function Row({ c, active }: { c: Conversation; active: boolean }) {
  const me = useCurrentUser();
  const t = useTranslations('messages');
  const f = useFormat();
  const preview = usePreview();
  const unread = c.totalNotSeenMessages;
  const name = c.recipient.name || c.recipient.username || t('userFallback');
  return (
    <li>
      <Link
        href={`/messages?c=${c._id}`}
        prefetch={false}
        scroll={false}
        className={`${css.row}${active ? ` ${css.active}` : ''}${unread ? ` ${css.unread}` : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={t('rowLabel', { name, unread })}
        data-testid="conversation"
      >
        <Avatar src={c.recipient.avatar || DEFAULT_AVATAR} alt="" size={44} />
        <div className={css.rowBody}>
          <div className={css.rowLine}>
            <span className={css.nameLine}>
              <span className={css.rowName}>{name}</span>
              {/* A creator's conversations: the fan's tier with them (subscriptions README "Tier badges"). */}
              {c.recipientTier && <TierBadge tier={c.recipientTier} size="small" />}
            </span>
            {c.lastMessageCreatedAt && (
              <time className={css.rowTime} dateTime={c.lastMessageCreatedAt} title={f.fullDate(c.lastMessageCreatedAt)}>
                {f.timeAgo(c.lastMessageCreatedAt)}
              </time>
            )}
          </div>
          <div className={css.rowLine}>
            <span className={css.rowText}>{preview(c, me?._id)}</span>
            {unread > 0 && <Badge count={unread} overflowCount={99} size="small" aria-hidden="true" />}
          </div>
        </div>
      </Link>
    </li>
  );
}

function RowSkeleton() {
  return (
    <li className={css.skeletonRow}>
      <Skeleton avatar={{ size: 44 }} active title={{ width: '50%' }} paragraph={{ rows: 1, width: '80%' }} />
    </li>
  );
}

/**
 * The conversation list of /messages: a search box (GET /conversations/search after a short pause),
 * the rows (newest activity first, unread badges), more rows on scroll, skeletons, empty and error
 * states. The list lives in the `conversation` slice.
 */
export default function ConversationList({ activeId }: { activeId: string | null }) {
  const t = useTranslations('messages');
  const specText = useSpecText();
  const dispatch = useAppDispatch();
  const { list, mapping, q } = useAppSelector((s) => s.conversation);
  const [text, setText] = useState(q);

  // Search after a pause in typing (the slice drops answers to an older text).
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => void dispatch(fetchConversations({ q: text })), 300);
    return () => clearTimeout(timer);
  }, [text, q, dispatch]);

  const more = list.data.length < list.total;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void dispatch(fetchConversations({ more: true }));
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, dispatch, list.data.length]);

  const rows = list.data.map((id) => mapping[id]).filter((c): c is Conversation => Boolean(c));
  let body;
  if (list.requesting && !rows.length)
    body = (
      <ul className={css.rows} aria-busy="true" aria-label={t('loadingConversations')}>
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
      </ul>
    );
  else if (list.error && !rows.length)
    body = (
      <div className={css.listState}>
        <ErrorState title={t('conversationsLoadFailed')} message={specText(list.error)} onRetry={() => void dispatch(fetchConversations({}))} />
      </div>
    );
  else if (!rows.length)
    body = (
      <div className={css.listState}>
        {q ? (
          <EmptyState title={t('noMatchTitle')} description={t('noMatchText', { q })} />
        ) : (
          <EmptyState title={t('noConversationsTitle')} description={t('noConversationsText')} />
        )}
      </div>
    );
  else
    body = (
      <>
        <ul className={css.rows} aria-label={t('conversationList')}>
          {rows.map((c) => (
            <Row key={c._id} c={c} active={c._id === activeId} />
          ))}
        </ul>
        {more && (
          <div className={css.more}>
            <div ref={sentinel} className={css.sentinel} />
            <Button type="link" loading={list.requesting} onClick={() => void dispatch(fetchConversations({ more: true }))}>
              {t('loadMore')}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <>
      <div className={css.listHead}>
        <h2 className={css.listTitle}>{t('title')}</h2>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => void dispatch(fetchConversations({ q: v }))}
          loading={list.requesting && Boolean(q)}
        />
      </div>
      <div className={css.listScroll}>{body}</div>
    </>
  );
}
