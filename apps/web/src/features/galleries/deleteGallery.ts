'use client';
import type { App } from 'antd';
import type { Gallery } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { photoCount } from './parts';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * "Delete this gallery?" → DELETE /performer/performer-assets/galleries/{id}. Its photos go with
 * it (their files stay in the vault). A gallery fans bought cannot be deleted: the API's 409
 * text (make it inactive instead) is shown.
 */
export function confirmDeleteGallery(modal: AppApi['modal'], message: AppApi['message'], g: Pick<Gallery, '_id' | 'title' | 'totalPhoto'>, onDeleted: (id: string) => void) {
  modal.confirm({
    title: 'Delete this gallery?',
    content: `“${g.title}” and its ${photoCount(g.totalPhoto)} will be removed. The files stay in your vault.`,
    okText: 'Delete',
    okButtonProps: { danger: true },
    cancelText: 'Cancel',
    onOk: async () => {
      try {
        await call(routes.galleries.remove, { params: { id: g._id } });
        message.success('Gallery deleted');
        onDeleted(g._id);
      } catch (e) {
        message.error(errorText(e));
      }
    },
  });
}
