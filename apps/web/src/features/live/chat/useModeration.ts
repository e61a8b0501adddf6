'use client';
/**
 * The chat moderation actions (the stream's creator, their moderators, operators): delete a
 * message, time out or ban its sender, clear the chat, set slow mode. Each confirms and reports.
 * The creator alone also appoints (and removes) moderators from a message's sender. A ban or an
 * appointment revalidates the lists the studio's Moderation card shows.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { MESSAGES, type Stream, type StreamMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import { useAppDispatch } from '@/store';
import { deleteStreamMessage, streamChatCleared, streamConversationUpdated } from '@/store/stream-message';

export const TIME_OUT_MINUTES = [5, 10, 60] as const;

export const senderName = (m: StreamMessage) => m.sender?.name || m.sender?.username || 'this viewer';

export function useModeration(stream: Pick<Stream, '_id' | 'conversationId'>) {
  const dispatch = useAppDispatch();
  const { modal, message } = App.useApp();

  const remove = useCallback(
    (m: StreamMessage) =>
      modal.confirm({
        title: 'Delete this message?',
        content: "Everyone in the stream sees 'Message deleted' instead.",
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          const r = await dispatch(deleteStreamMessage({ conversationId: m.conversationId, messageId: m._id }));
          if (deleteStreamMessage.rejected.match(r)) message.error(r.payload?.message ?? MESSAGES.updateFailed);
        },
      }),
    [dispatch, modal, message],
  );

  /** `minutes` null: banned from the creator's streams until lifted. */
  const ban = useCallback(
    (m: StreamMessage, minutes: number | null) => {
      if (!m.senderId) return;
      const userId = m.senderId;
      const who = senderName(m);
      modal.confirm({
        title: minutes ? `Time out ${who} for ${minutes} minutes?` : `Ban ${who}?`,
        content: minutes
          ? 'They are removed from the stream and cannot come back or chat until the time-out ends.'
          : "They are removed from the stream and cannot watch or chat in this creator's streams until the ban is lifted.",
        okText: minutes ? 'Time out' : 'Ban',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await call(routes.streaming.ban, { body: { userId, minutes, streamId: stream._id, reason: '' } });
            message.success(minutes ? `${who} is timed out for ${minutes} minutes` : `${who} is banned`);
            void revalidateRoutes(routes.streaming.bans);
          } catch (e) {
            message.error(errorText(e));
          }
        },
      });
    },
    [modal, message, stream._id],
  );

  const clear = useCallback(
    () =>
      modal.confirm({
        title: 'Clear the chat?',
        content: 'Every message is removed for everyone in the stream.',
        okText: 'Clear chat',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await call(routes.streamChat.clear, { params: { id: stream._id } });
            dispatch(streamChatCleared({ conversationId: stream.conversationId }));
          } catch (e) {
            message.error(errorText(e));
          }
        },
      }),
    [dispatch, modal, message, stream._id, stream.conversationId],
  );

  const setSlowMode = useCallback(
    async (seconds: number) => {
      try {
        const c = await call(routes.streamChat.updateConversation, { params: { id: stream.conversationId }, body: { slowModeSeconds: seconds } });
        dispatch(streamConversationUpdated({ conversationId: stream.conversationId, slowModeSeconds: c.slowModeSeconds }));
        message.success(seconds ? `Slow mode: one message every ${seconds} s` : 'Slow mode is off');
      } catch (e) {
        message.error(errorText(e));
      }
    },
    [dispatch, message, stream.conversationId],
  );

  /** The creator appoints the sender a moderator of all their streams (the API takes a second appointment as the same one). */
  const appoint = useCallback(
    (m: StreamMessage) => {
      if (!m.senderId) return;
      const userId = m.senderId;
      const who = senderName(m);
      modal.confirm({
        title: `Make ${who} a moderator?`,
        content: 'In all your streams they can delete messages, clear the chat, time out and ban viewers, and set slow mode. You can remove them in the studio.',
        okText: 'Make moderator',
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await call(routes.streaming.addModerator, { body: { userId } });
            message.success(`${who} is now a moderator`);
          } catch (e) {
            message.error(errorText(e));
          } finally {
            void revalidateRoutes(routes.streaming.moderators);
          }
        },
      });
    },
    [modal, message],
  );

  /** The creator removes one of their moderators. */
  const dismiss = useCallback(
    async (m: StreamMessage) => {
      if (!m.senderId) return;
      const who = senderName(m);
      try {
        await call(routes.streaming.removeModerator, { params: { userId: m.senderId } });
        message.success(`${who} is no longer a moderator`);
      } catch (e) {
        message.error(errorText(e));
      } finally {
        void revalidateRoutes(routes.streaming.moderators);
      }
    },
    [message],
  );

  return { remove, ban, clear, setSlowMode, appoint, dismiss };
}
