'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Avatar, Badge, Button, Input, Skeleton } from 'antd';
import { DEFAULT_AVATAR, MESSAGES, type Conversation } from '@stagepass/shared';
import { fullDate, timeAgo } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { fetchConversations } from '@/store/conversation';
import TierBadge from '@/components/tiers/TierBadge';
import css from './messages.module.css';

/** What the list shows of the last message: "You: …" for one's own, "Attachment" for media alone. */
export function lastMessagePreview(c: Conversation, meId: string | undefined): string {
  if (!c.lastMessageCreatedAt) return 'No messages yet';
  if (c.lastMessageDeleted) return MESSAGES.messageDeleted;
  const text = c.lastMessage.trim() || 'Attachment';
  return c.lastSenderId && c.lastSenderId === meId ? `You: ${text}` : text;
}

function Row({ c, active }: { c: Conversation; active: boolean }) {
  const me = useCurrentUser();
  const unread = c.totalNotSeenMessages;
  const name = c.recipient.name || c.recipient.username || 'User';
  return (
    <li>
      <Link
        href={`/messages?c=${c._id}`}
        prefetch={false}
        scroll={false}
        className={`${css.row}${active ? ` ${css.active}` : ''}${unread ? ` ${css.unread}` : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={`Conversation with ${name}${unread ? `, ${unread} unread` : ''}`}
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
              <time className={css.rowTime} dateTime={c.lastMessageCreatedAt} title={fullDate(c.lastMessageCreatedAt)}>
                {timeAgo(c.lastMessageCreatedAt)}
              </time>
            )}
          </div>
          <div className={css.rowLine}>
            <span className={css.rowText}>{lastMessagePreview(c, me?._id)}</span>
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
  const dispatch = useAppDispatch();
  const { list, mapping, q } = useAppSelector((s) => s.conversation);
  const [text, setText] = useState(q);

  // Search after a pause in typing (the slice drops answers to an older text).
  useEffect(() => {
    if (text.trim() === q) return;
    const t = setTimeout(() => void dispatch(fetchConversations({ q: text })), 300);
    return () => clearTimeout(t);
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
      <ul className={css.rows} aria-busy="true" aria-label="Loading conversations">
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
      </ul>
    );
  else if (list.error && !rows.length)
    body = (
      <div className={css.listState}>
        <ErrorState title="Conversations didn't load" message={list.error} onRetry={() => void dispatch(fetchConversations({}))} />
      </div>
    );
  else if (!rows.length)
    body = (
      <div className={css.listState}>
        {q ? (
          <EmptyState title="No conversations match" description={`Nobody called “${q}” among your conversations.`} />
        ) : (
          <EmptyState title="No conversations yet" description="Visit a creator's page and press Message to start one." />
        )}
      </div>
    );
  else
    body = (
      <>
        <ul className={css.rows} aria-label="Conversation list">
          {rows.map((c) => (
            <Row key={c._id} c={c} active={c._id === activeId} />
          ))}
        </ul>
        {more && (
          <div className={css.more}>
            <div ref={sentinel} className={css.sentinel} />
            <Button type="link" loading={list.requesting} onClick={() => void dispatch(fetchConversations({ more: true }))}>
              Load more
            </Button>
          </div>
        )}
      </>
    );

  return (
    <>
      <div className={css.listHead}>
        <h2 className={css.listTitle}>Messages</h2>
        <Input.Search
          allowClear
          placeholder="Search conversations"
          aria-label="Search conversations"
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
