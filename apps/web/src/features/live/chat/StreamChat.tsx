'use client';
import { useEffect, useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { App, Button, Select, Skeleton, Spin } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { STREAM_SLOW_MODE_MAX_SECONDS, type Stream } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useSocketEmit, useSocketEvent, useSocketStatus } from '@/lib/socket';
import { ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import { useRoute } from '@/lib/swr';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import {
  emptyStreamConversationMessages,
  loadStreamConversation,
  loadStreamMessages,
  streamChatCleared,
  streamChatLeft,
  streamConversationUpdated,
  streamMessageReceived,
  streamMessageRemotelyDeleted,
} from '@/store/stream-message';
import ChatComposer from './ChatComposer';
import ChatLine from './ChatLine';
import { useModeration } from './useModeration';
import { useChatScroll } from '@/lib/use-chat-scroll';
import css from '../live.module.css';

const SLOW_MODE_SECONDS = [0, 5, 10, 30, 60, 120, STREAM_SLOW_MODE_MAX_SECONDS];

/**
 * A stream's chat (spec §7 Stream chat): the messages (50 at a time, older ones on demand; tips
 * highlighted with their amount; 'Message deleted' for deleted ones), the composer, and — when the
 * viewer may moderate — a menu per message (delete, time out 5/10/60 min, ban), "Clear chat" and
 * the slow mode; the creator (of a public or group stream) also makes a sender a moderator of
 * their streams, or removes them (GET /streaming/moderators says who is one). While shown it is
 * joined on the socket ('stream/join', again after a reconnect; 'stream/leave' and its messages
 * reset when left). 'stream/kicked' → "You were removed from this stream" and `onKicked` (the
 * live page leaves; default: the creator's profile). `onKeyword`: the composer's tip-menu keyword check.
 */
export default function StreamChat({ stream, onKicked, onKeyword }: { stream: Stream; onKicked?: () => void; onKeyword?: (text: string) => boolean }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { message } = App.useApp();
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const slowModeOptions = useMemo(() => SLOW_MODE_SECONDS.map((s) => ({ value: s, label: s ? `${s} s` : t('off') })), [t]);
  const me = useCurrentUser();
  const emit = useSocketEmit();
  const status = useSocketStatus();
  const streamId = stream._id;
  const conversationId = stream.conversationId;
  const state = useAppSelector((s) => s.streamMessage.conversationMap[conversationId]) ?? emptyStreamConversationMessages;
  const active = useAppSelector((s) => (s.streamMessage.activeConversation?._id === conversationId ? s.streamMessage.activeConversation : null));
  const canModerate = active?.canModerate ?? stream.canModerate;
  const slowModeSeconds = active?.slowModeSeconds ?? stream.slowModeSeconds;
  const moderation = useModeration(stream);
  // Appointing moderators is the creator's own (the API's addModerator acts on the caller's streams).
  const isCreator = Boolean(me) && me?._id === stream.performerId && stream.type !== 'private';
  const moderators = useRoute(routes.streaming.moderators, isCreator ? {} : null);
  const moderatorIds = useMemo(() => new Set(moderators.data?.data.map((x) => x.userId)), [moderators.data]);

  useEffect(() => {
    if (status !== 'connected') return;
    emit('stream/join', { streamId });
    // Messages pushed while the socket was down are fetched again.
    void dispatch(loadStreamMessages({ conversationId }));
    return () => emit('stream/leave', { streamId });
  }, [streamId, conversationId, status, emit, dispatch]);
  useEffect(() => {
    void dispatch(loadStreamConversation({ streamId }));
    void dispatch(loadStreamMessages({ conversationId }));
    return () => {
      dispatch(streamChatLeft({ conversationId }));
    };
  }, [streamId, conversationId, dispatch]);

  useSocketEvent('stream-message/created', (e) => {
    if (e.message.conversationId === conversationId) dispatch(streamMessageReceived(e));
  });
  useSocketEvent('stream-message/deleted', (e) => {
    if (e.conversationId === conversationId) dispatch(streamMessageRemotelyDeleted(e));
  });
  useSocketEvent('stream-message/cleared', (e) => {
    if (e.conversationId === conversationId) dispatch(streamChatCleared(e));
  });
  useSocketEvent('stream/updated', ({ stream: s }) => {
    if (s._id === streamId) dispatch(streamConversationUpdated({ conversationId, slowModeSeconds: s.slowModeSeconds, tipGoal: s.tipGoal, tipsTotal: s.tipsTotal }));
  });
  useSocketEvent('stream/kicked', (e) => {
    if (e.performerId !== stream.performerId || (e.streamId && e.streamId !== streamId)) return;
    message.warning(t('removedFromStream'));
    if (onKicked) onKicked();
    else router.replace(`/${stream.performer?.username || stream.performerId}`);
  });

  // Scrolling (lib/use-chat-scroll.ts): to the bottom on arrival when near it, position kept on load-more.
  const items = state.items;
  const { scroller, content, onScroll } = useChatScroll<HTMLOListElement>(items, me?._id);

  const tipped = Boolean(me) && items.some((m) => m.type === 'tip' && m.senderId === me?._id);
  const firstLoad = state.fetching && !state.isLoadMore && items.length === 0;

  return (
    <section className={css.chat} aria-label={t('chatLabel')}>
      <div className={css.chatHead}>
        <h2 className={css.chatTitle}>{t('chatTitle')}</h2>
        {canModerate && (
          <>
            <Select
              aria-label={t('slowMode')}
              size="small"
              className={css.slowSelect}
              value={slowModeSeconds}
              options={slowModeOptions}
              onChange={(v) => void moderation.setSlowMode(v)}
              popupMatchSelectWidth={false}
            />
            <Button size="small" icon={<ClearOutlined />} onClick={moderation.clear}>
              {t('clearChat')}
            </Button>
          </>
        )}
      </div>
      <div className={css.chatScroll} ref={scroller} onScroll={onScroll} aria-live="polite" aria-relevant="additions">
        {items.length < state.total && items.length > 0 && (
          <div className={css.olderBar}>
            {state.isLoadMore ? <Spin size="small" /> : <Button size="small" type="link" onClick={() => void dispatch(loadStreamMessages({ conversationId, more: true }))}>{t('loadEarlier')}</Button>}
          </div>
        )}
        {firstLoad ? (
          <div aria-busy="true" aria-label={t('loadingChat')}>
            <Skeleton active title={false} paragraph={{ rows: 5 }} />
          </div>
        ) : state.error && items.length === 0 ? (
          <div className={css.chatState}>
            <ErrorState title={t('chatLoadFailed')} message={specText(state.error)} onRetry={() => void dispatch(loadStreamMessages({ conversationId }))} />
          </div>
        ) : items.length === 0 ? (
          <p className={`${css.chatState} muted`}>{t('noMessages')}</p>
        ) : (
          <ol className={css.chatList} ref={content}>
            {items.map((m) => (
              <ChatLine key={m._id} message={m} meId={me?._id} performerId={stream.performerId} canModerate={canModerate} canAppoint={isCreator} senderIsModerator={m.senderId !== null && moderatorIds.has(m.senderId)} actions={moderation} />
            ))}
          </ol>
        )}
      </div>
      {me && <ChatComposer conversationId={conversationId} slowModeSeconds={slowModeSeconds} exempt={canModerate || tipped} onKeyword={onKeyword} />}
    </section>
  );
}
