import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/**
 * Asks before deleting one of the creator's videos (DELETE /performer/performer-assets/videos/{id}).
 * A video somebody bought cannot be deleted (409): the API's message says to set it inactive.
 * `message` and `modal` from `App.useApp()` (themed: dark mode included).
 */
export function confirmDeleteVideo(video: { _id: string; title: string }, { message, modal }: { message: MessageInstance; modal: ModalApi }, onDeleted: (id: string) => unknown) {
  modal.confirm({
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
