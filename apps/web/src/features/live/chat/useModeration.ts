'use client';
/**
 * The chat moderation actions (the stream's creator, their moderators, operators): delete a
 * message, time out or ban its sender, clear the chat, set slow mode. Each confirms and reports.
 * The creator alone also appoints (and removes) moderators from a message's sender. A ban or an
 * appointment revalidates the lists the studio's Moderation card shows.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { MESSAGES, type Stream, type StreamMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import { useSpecText } from '@/i18n/spec';
import { useAppDispatch } from '@/store';
import { deleteStreamMessage, streamChatCleared, streamConversationUpdated } from '@/store/stream-message';

export const TIME_OUT_MINUTES = [5, 10, 60] as const;

/** The sender's name, else `fallback` ("this viewer"). */
export const senderName = (m: StreamMessage, fallback: string) => m.sender?.name || m.sender?.username || fallback;

export function useModeration(stream: Pick<Stream, '_id' | 'conversationId'>) {
  const dispatch = useAppDispatch();
  const { modal, message } = App.useApp();
  const t = useTranslations('liveWatch');
  const specText = useSpecText();

  const remove = useCallback(
    (m: StreamMessage) =>
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteText', { deleted: specText(MESSAGES.streamMessageDeleted) }),
        okText: t('delete'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: async () => {
          const r = await dispatch(deleteStreamMessage({ conversationId: m.conversationId, messageId: m._id }));
          if (deleteStreamMessage.rejected.match(r)) message.error(specText(r.payload?.message ?? MESSAGES.updateFailed));
        },
      }),
    [dispatch, modal, message, t, specText],
  );

  /** `minutes` null: banned from the creator's streams until lifted. */
  const ban = useCallback(
    (m: StreamMessage, minutes: number | null) => {
      if (!m.senderId) return;
      const userId = m.senderId;
      const who = senderName(m, t('thisViewer'));
      modal.confirm({
        title: minutes ? t('timeOutTitle', { name: who, minutes }) : t('banTitle', { name: who }),
        content: minutes ? t('timeOutText') : t('banText'),
        okText: minutes ? t('timeOut') : t('ban'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await call(routes.streaming.ban, { body: { userId, minutes, streamId: stream._id, reason: '' } });
            message.success(minutes ? t('timedOut', { name: who, minutes }) : t('banned', { name: who }));
            void revalidateRoutes(routes.streaming.bans);
          } catch (e) {
            message.error(specText(errorText(e)));
          }
        },
      });
    },
    [modal, message, stream._id, t, specText],
  );

  const clear = useCallback(
    () =>
      modal.confirm({
        title: t('clearTitle'),
        content: t('clearText'),
        okText: t('clearChat'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await call(routes.streamChat.clear, { params: { id: stream._id } });
            dispatch(streamChatCleared({ conversationId: stream.conversationId }));
          } catch (e) {
            message.error(specText(errorText(e)));
          }
        },
      }),
    [dispatch, modal, message, stream._id, stream.conversationId, t, specText],
  );

  const setSlowMode = useCallback(
    async (seconds: number) => {
      try {
        const c = await call(routes.streamChat.updateConversation, { params: { id: stream.conversationId }, body: { slowModeSeconds: seconds } });
        dispatch(streamConversationUpdated({ conversationId: stream.conversationId, slowModeSeconds: c.slowModeSeconds }));
        message.success(seconds ? t('slowModeSet', { seconds }) : t('slowModeOff'));
      } catch (e) {
        message.error(specText(errorText(e)));
      }
    },
    [dispatch, message, stream.conversationId, t, specText],
  );

  /** The creator appoints the sender a moderator of all their streams (the API takes a second appointment as the same one). */
  const appoint = useCallback(
    (m: StreamMessage) => {
      if (!m.senderId) return;
      const userId = m.senderId;
      const who = senderName(m, t('thisViewer'));
      modal.confirm({
        title: t('appointTitle', { name: who }),
        content: t('appointText'),
        okText: t('appointOk'),
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await call(routes.streaming.addModerator, { body: { userId } });
            message.success(t('appointed', { name: who }));
          } catch (e) {
            message.error(specText(errorText(e)));
          } finally {
            void revalidateRoutes(routes.streaming.moderators);
          }
        },
      });
    },
    [modal, message, t, specText],
  );

  /** The creator removes one of their moderators. */
  const dismiss = useCallback(
    async (m: StreamMessage) => {
      if (!m.senderId) return;
      const who = senderName(m, t('thisViewer'));
      try {
        await call(routes.streaming.removeModerator, { params: { userId: m.senderId } });
        message.success(t('dismissed', { name: who }));
      } catch (e) {
        message.error(specText(errorText(e)));
      } finally {
        void revalidateRoutes(routes.streaming.moderators);
      }
    },
    [message, t, specText],
  );

  return { remove, ban, clear, setSlowMode, appoint, dismiss };
}
