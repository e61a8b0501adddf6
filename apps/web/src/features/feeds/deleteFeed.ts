import type { MessageInstance } from 'antd/es/message/interface';
import { Modal } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/** Asks before deleting a creator's post (the card menu and the "My posts" table share it). */
/** The dialog's texts: translated by a caller that has them (the feed card), English otherwise (My posts). */
export type DeleteFeedTexts = { title: string; content: string; okText: string; done: string };
const ENGLISH: DeleteFeedTexts = {
  title: 'Delete this post?',
  content: 'It disappears for everyone, with its comments and poll. This cannot be undone.',
  okText: 'Delete',
  done: 'Post deleted',
};

export function confirmDeleteFeed(feedId: string, message: MessageInstance, onDeleted: (id: string) => unknown, texts: DeleteFeedTexts = ENGLISH) {
  Modal.confirm({
    title: texts.title,
    content: texts.content,
    okText: texts.okText,
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await call(routes.feeds.remove, { params: { id: feedId } });
        message.success(texts.done);
        await onDeleted(feedId);
      } catch (e) {
        message.error(errorText(e));
      }
    },
  });
}
