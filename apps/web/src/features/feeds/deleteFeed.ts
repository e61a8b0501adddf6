import type { MessageInstance } from 'antd/es/message/interface';
import { Modal } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/** Asks before deleting a creator's post (the card menu and the "My posts" table share it). */
export function confirmDeleteFeed(feedId: string, message: MessageInstance, onDeleted: (id: string) => unknown) {
  Modal.confirm({
    title: 'Delete this post?',
    content: 'It disappears for everyone, with its comments and poll. This cannot be undone.',
    okText: 'Delete',
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await call(routes.feeds.remove, { params: { id: feedId } });
        message.success('Post deleted');
        await onDeleted(feedId);
      } catch (e) {
        message.error(errorText(e));
      }
    },
  });
}
