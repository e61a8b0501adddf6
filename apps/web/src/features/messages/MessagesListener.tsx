'use client';
import { useEffect, useRef } from 'react';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector, type RootState } from '@/store';
import { conversationAdded, conversationBlocked, conversationMessage, fetchTotalUnreadMessages, lastMessageDeleted, setTotalUnreadMessages } from '@/store/conversation';
import { revalidateRoutes } from '@/lib/swr';
import { messageReceived, messageRemotelyDeleted } from '@/store/message';

/**
 * The signed-in user's live message plumbing, mounted once by the shell: reads the unread total
 * (the header's and the tab bar's count), then follows the socket — a new message goes to its
 * conversation's messages and moves the conversation up the list (a conversation not listed yet is
 * loaded and put on top, once the list was loaded), a deletion shows 'Message deleted!' (in the
 * list too when it was the last one), a changed total is taken as is (and read again after a
 * reconnect), and a block begun or ended by either side closes or reopens their conversations.
 */
export default function MessagesListener() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const mapping = useAppSelector((s) => s.conversation.mapping);
  const listLoaded = useAppSelector((s) => s.conversation.list.success);

  useEffect(() => {
    void dispatch(fetchTotalUnreadMessages());
  }, [dispatch]);
  const status = useSocketStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'connected' && wasDown.current) void dispatch(fetchTotalUnreadMessages());
    wasDown.current = status === 'disconnect' || status === 'reconnecting' || status === 'failed';
  }, [status, dispatch]);

  useSocketEvent('message/created', ({ message, conversation, totalUnread }) => {
    dispatch(setTotalUnreadMessages(totalUnread));
    dispatch(messageReceived(message));
    if (mapping[conversation._id]) dispatch(conversationMessage(conversation));
    else if (listLoaded)
      void call(routes.messages.get, { params: { id: conversation._id } })
        .then((c) => dispatch(conversationAdded(c)))
        .catch(() => undefined);
  });
  useSocketEvent('message/deleted', (e) => {
    const m = store.getState().message.conversationMap[e.conversationId]?.items.find((x) => x._id === e.messageId);
    if (m) dispatch(lastMessageDeleted({ conversationId: e.conversationId, createdAt: m.createdAt }));
    dispatch(messageRemotelyDeleted(e));
  });
  // A block between the user and someone began or ended: their conversations close or reopen.
  useSocketEvent('block/changed', ({ userId, isBlocked }) => {
    for (const c of Object.values(store.getState().conversation.mapping)) if (c.recipient._id === userId) dispatch(conversationBlocked({ id: c._id, isBlocked }));
    void revalidateRoutes(routes.blocks.status);
  });
  useSocketEvent('message/total-unread', ({ total }) => dispatch(setTotalUnreadMessages(total)));

  return null;
}
