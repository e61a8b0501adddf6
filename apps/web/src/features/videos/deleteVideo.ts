import type { MessageInstance } from 'antd/es/message/interface';
import { Modal } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/**
 * Asks before deleting one of the creator's videos (DELETE /performer/performer-assets/videos/{id}).
 * A video somebody bought cannot be deleted (409): the API's message says to set it inactive.
 */
export function confirmDeleteVideo(video: { _id: string; title: string }, message: MessageInstance, onDeleted: (id: string) => unknown) {
  Modal.confirm({
    title: 'Delete this video?',
    content: `"${video.title}" disappears for everyone, with its comments. Its files stay in your vault. This cannot be undone.`,
    okText: 'Delete',
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await call(routes.videos.remove, { params: { id: video._id } });
        message.success('Video deleted');
        await onDeleted(video._id);
      } catch (e) {
        message.error(errorText(e));
      }
    },
  });
}
