'use client';
import { useEffect, useRef, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { Button, Space } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { MESSAGES, type OpenConversationInput } from '@stagepass/shared';
import { CONVERSATION_SOURCES } from '@stagepass/shared';
import { EmptyState, ErrorState } from '@/components/states';
import { useAppDispatch, useAppSelector } from '@/store';
import { clearActiveConversation, fetchConversations, openConversation } from '@/store/conversation';
import ConversationList from './ConversationList';
import Thread, { ThreadSkeleton } from './Thread';
import { useSpecText } from '@/i18n/spec';
import css from './messages.module.css';

/** Where the page was asked to go: a conversation (`?c=`), or someone to write to (`?to=<userId>&source=performer|user`). */
function useTarget(): { id: string | null; open: OpenConversationInput | null } {
  const q = useSearchParams();
  const id = q.get('c');
  const to = q.get('to');
  const source = q.get('source') ?? 'performer';
  const open = to && (CONVERSATION_SOURCES as readonly string[]).includes(source) ? { source: source as OpenConversationInput['source'], sourceId: to } : null;
  return { id, open };
}

/**
 * /messages: the conversation list (search, unread badges) beside the open thread; below 860 px one
 * of the two, the thread with a back button. `?c=<id>` opens a conversation (spec §4 "Opening a
 * conversation": active, marked read, first 25 messages); `?to=<userId>&source=performer|user`
 * finds or creates it first, then the address becomes `?c=<id>`.
 */
export default function MessagesPage() {
  const t = useTranslations('messages');
  const specText = useSpecText();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { id, open } = useTarget();
  const active = useAppSelector((s) => s.conversation.activeConversation);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<{ message: string; reason?: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const openKey = open ? `${open.source}:${open.sourceId}` : null;

  // The list once per visit (the socket keeps it current meanwhile).
  useEffect(() => {
    void dispatch(fetchConversations({ q: '' }));
    return () => {
      dispatch(clearActiveConversation());
    };
  }, [dispatch]);

  const wanted = useRef<string | null>(null);
  /** The conversation a `?to=` visit just opened: its `?c=` address needs no second opening. */
  const justOpened = useRef<string | null>(null);
  useEffect(() => {
    const key = id ?? openKey;
    if (id && id === justOpened.current) {
      justOpened.current = null;
      return;
    }
    wanted.current = key;
    setFailure(null);
    if (!key) {
      dispatch(clearActiveConversation());
      return;
    }
    setOpening(true);
    const target = id ? { id } : open!;
    void dispatch(openConversation(target)).then((r) => {
      if (wanted.current !== key) return;
      setOpening(false);
      if (openConversation.fulfilled.match(r)) {
        if (!id) {
          justOpened.current = r.payload._id;
          router.replace(`/messages?c=${r.payload._id}`, { scroll: false });
        }
      } else setFailure(r.payload ?? { message: MESSAGES.updateFailed });
    });
    // `open` is derived from openKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, openKey, attempt, dispatch, router]);

  const showThread = Boolean(id || openKey);
  let thread;
  if (failure)
    thread = (
      <div className={css.threadState}>
        <ErrorState title={specText(failure.message)} message={failure.reason ? specText(failure.reason) : t('openFailed')} extra={
          <Space wrap>
            <Button onClick={() => router.push('/messages')}>{t('allConversations')}</Button>
            {!failure.reason && (
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('tryAgain')}
              </Button>
            )}
          </Space>
        } />
      </div>
    );
  else if (active && (active._id === id || (!id && !opening))) thread = <Thread key={active._id} conversation={active} />;
  else if (showThread || opening) thread = <ThreadSkeleton />;
  else
    thread = (
      <div className={css.threadState}>
        <EmptyState title={t('emptyTitle')} description={t('emptyText')} action={<MessageOutlined aria-hidden="true" />} />
      </div>
    );

  return (
    <div className={'container page'}>
      <h1 className="sr-only">{t('title')}</h1>
      <div className={css.messenger} data-view={showThread ? 'thread' : 'list'}>
        <section className={css.listPane} aria-label={t('conversations')}>
          <ConversationList activeId={active?._id ?? id} />
        </section>
        <section className={css.threadPane} aria-label={t('conversation')}>
          {thread}
        </section>
      </div>
    </div>
  );
}
