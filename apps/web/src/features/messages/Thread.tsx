'use client';
import { Fragment, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Avatar, Button, Dropdown, Skeleton, Spin } from 'antd';
import { ArrowLeftOutlined, MoreOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, INTL_LOCALE, type Conversation, type Message } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useSocketEmit, useSocketEvent, useSocketStatus } from '@/lib/socket';
import { EmptyState, ErrorState } from '@/components/states';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { conversationBlocked, markConversationRead, recipientSeen } from '@/store/conversation';
import { conversationLeft, emptyConversationMessages, loadMessages } from '@/store/message';
import { useBlockActions, useBlockedByMe } from '@/features/blocking/useBlocking';
import MessageBubble from './MessageBubble';
import MessageComposer from './MessageComposer';
import { useChatScroll } from '@/lib/use-chat-scroll';
import TierBadge from '@/components/tiers/TierBadge';
import css from './messages.module.css';

/** How long "typing…" shows after the other member's last typing event. */
const TYPING_MS = 3000;

/** The day separator: "Today", "Yesterday", else the date in the page's language ("Tue, Mar 3"). */
function useDayLabel() {
  const t = useTranslations('messages');
  const { locale } = useFormat();
  return (iso: string) => {
    const d = new Date(iso);
    const today = new Date();
    const yesterday = new Date(Date.now() - 86_400_000);
    if (d.toDateString() === today.toDateString()) return t('today');
    if (d.toDateString() === yesterday.toDateString()) return t('yesterday');
    return d.toLocaleDateString(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'short', year: d.getFullYear() === today.getFullYear() ? undefined : 'numeric' });
  };
}

export function ThreadSkeleton() {
  const t = useTranslations('messages');
  return (
    <div className={css.scroll} aria-busy="true" aria-label={t('loadingMessages')}>
      {[false, true, false, true, true].map((right, i) => (
        <div key={i} className={`${css.skeletonBubble}${right ? ` ${css.right}` : ''}`}>
          <div className={css.skeletonBox}>
            <Skeleton.Button active block size="large" shape="round" />
          </div>
        </div>
      ))}
    </div>
  );
}

export const profileHref = (p: Conversation['recipient']) => `/${p.username || p._id}`;

function ThreadHeader({ conversation: c, typing }: { conversation: Conversation; typing: boolean }) {
  const t = useTranslations('messages');
  const dispatch = useAppDispatch();
  const [menuOpen, setMenuOpen] = useState(false);
  const blockedByMe = useBlockedByMe(c.recipient._id, menuOpen || c.isBlocked);
  const { block, unblock } = useBlockActions();
  const who = { _id: c.recipient._id, name: c.recipient.name || c.recipient.username || t('thisUser') };
  const done = (isBlocked: boolean) => dispatch(conversationBlocked({ id: c._id, isBlocked }));
  const name = c.recipient.isPerformer ? (
    <Link href={profileHref(c.recipient)} prefetch={false} className={css.whoName}>
      {who.name}
    </Link>
  ) : (
    <span className={css.whoName}>{who.name}</span>
  );
  return (
    <header className={css.threadHead}>
      <Link href="/messages" prefetch={false} scroll={false} className={css.back} aria-label={t('back')}>
        <Button type="text" shape="circle" icon={<ArrowLeftOutlined />} tabIndex={-1} />
      </Link>
      <Avatar src={c.recipient.avatar || DEFAULT_AVATAR} alt="" size={40} />
      <div className={css.who}>
        <h2 className="sr-only">{t('conversationWith', { name: who.name })}</h2>
        <span className={css.nameLine}>
          {name}
          {c.recipientTier && <TierBadge tier={c.recipientTier} size="small" />}
        </span>
        <span className={css.whoSub} aria-live="polite">
          {typing ? <span className={css.typing}>{t('typing')}</span> : c.recipient.username ? `@${c.recipient.username}` : ''}
        </span>
      </div>
      <Dropdown
        trigger={['click']}
        onOpenChange={setMenuOpen}
        menu={{
          items: [
            ...(c.recipient.isPerformer ? [{ key: 'profile', icon: <UserOutlined />, label: <Link href={profileHref(c.recipient)}>{t('viewProfile')}</Link> }] : []),
            blockedByMe
              ? { key: 'unblock', icon: <StopOutlined />, label: t('unblockName', { name: who.name }), onClick: () => unblock(who, done) }
              : { key: 'block', icon: <StopOutlined />, label: t('blockName', { name: who.name }), danger: true, disabled: blockedByMe === undefined, onClick: () => block(who, done) },
          ],
        }}
      >
        <Button type="text" shape="circle" icon={<MoreOutlined />} aria-label={t('conversationOptions')} />
      </Dropdown>
    </header>
  );
}

/**
 * One open conversation: the header (back on phones, the other member, typing…, block menu), the
 * messages (25 at a time, older ones when scrolled to the top, day separators, "Seen" under the
 * last own message the other member has read) and the composer. While open it is joined on the
 * socket ('conversation/join', again after a reconnect; 'conversation/leave' and its items reset
 * when left) and marked read when a message of the other member arrives.
 */
export default function Thread({ conversation: c }: { conversation: Conversation }) {
  const t = useTranslations('messages');
  const specText = useSpecText();
  const dayLabel = useDayLabel();
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const emit = useSocketEmit();
  const status = useSocketStatus();
  const state = useAppSelector((s) => s.message.conversationMap[c._id]) ?? emptyConversationMessages;
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = c._id;

  useEffect(() => {
    if (status !== 'connected') return;
    emit('conversation/join', { conversationId: id });
    return () => emit('conversation/leave', { conversationId: id });
  }, [id, status, emit]);
  useEffect(
    () => () => {
      clearTimeout(typingTimer.current);
      dispatch(conversationLeft(id));
    },
    [id, dispatch],
  );

  useSocketEvent('message/typing', (e) => {
    if (e.conversationId !== id || e.userId === me?._id) return;
    setTyping(true);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setTyping(false), TYPING_MS);
  });
  useSocketEvent('message/seen', (e) => {
    if (e.conversationId === id && e.userId !== me?._id) dispatch(recipientSeen({ conversationId: id, seenAt: e.seenAt }));
  });
  useSocketEvent('message/created', ({ message }) => {
    if (message.conversationId !== id || message.senderId === me?._id) return;
    setTyping(false);
    void dispatch(markConversationRead(id));
  });

  // Scrolling (lib/use-chat-scroll.ts); near the top, older messages load.
  const items = state.items;
  const { scroller, content, onScroll } = useChatScroll(items, me?._id, () => {
    if (items.length < state.total && !state.fetching) void dispatch(loadMessages({ conversationId: id, more: true }));
  });

  const lastOwn = [...items].reverse().find((m) => m.senderId === me?._id && !m.isDeleted);
  const seen = Boolean(lastOwn && c.recipientSeenAt && c.recipientSeenAt >= lastOwn.createdAt);
  const firstLoad = state.fetching && !state.isLoadMore && !items.length;

  let body;
  if (firstLoad) body = <ThreadSkeleton />;
  else if (state.error && !items.length)
    body = (
      <div className={css.threadState}>
        <ErrorState title={specText(state.error)} message={t('messagesLoadFailed')} onRetry={() => void dispatch(loadMessages({ conversationId: id }))} />
      </div>
    );
  else if (!items.length)
    body = (
      <div className={css.threadState}>
        <EmptyState title={t('noMessages')} description={c.recipient.name ? t('sayHello', { name: c.recipient.name }) : t('sayHelloThem')} />
      </div>
    );
  else
    body = (
      <div ref={scroller} className={css.scroll} onScroll={onScroll} role="log" aria-label={t('title')} aria-busy={state.fetching}>
        <div ref={content} className={css.content}>
          <div className={css.olderBar}>
            {state.isLoadMore ? (
              <Spin size="small" aria-label={t('loadingOlder')} />
            ) : items.length < state.total ? (
              <Button type="link" size="small" onClick={() => void dispatch(loadMessages({ conversationId: id, more: true }))}>
                {t('loadEarlier')}
              </Button>
            ) : null}
          </div>
          {items.map((m: Message, i) => {
            const newDay = i === 0 || new Date(items[i - 1]!.createdAt).toDateString() !== new Date(m.createdAt).toDateString();
            return (
              <Fragment key={m._id}>
                {newDay && <div className={css.day}>{dayLabel(m.createdAt)}</div>}
                <MessageBubble message={m} own={m.senderId === me?._id} conversation={c} />
                {seen && m._id === lastOwn?._id && (
                  <div className={css.seen} data-testid="seen">
                    {t('seen')}
                  </div>
                )}
              </Fragment>
            );
          })}
        </div>
      </div>
    );

  return (
    <>
      <ThreadHeader conversation={c} typing={typing} />
      {body}
      <MessageComposer conversation={c} />
    </>
  );
}
