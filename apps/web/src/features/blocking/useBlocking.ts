'use client';
import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes, useRoute } from '@/lib/swr';

/**
 * Whether the signed-in user blocked `userId` (GET /block/users/{id}, read only while `enabled`,
 * e.g. once a menu opens; read again on every block change). `undefined` until known.
 */
export function useBlockedByMe(userId: string | null | undefined, enabled = true): boolean | undefined {
  const { data } = useRoute(routes.blocks.status, enabled && userId ? { params: { id: userId } } : null, { revalidateOnFocus: false });
  if (!data || !userId) return undefined;
  return data.isBlocked;
}

export interface BlockTarget {
  _id: string;
  name: string;
}

/**
 * Block and unblock with a confirm dialog: POST /block/users / DELETE /block/users/{id}, a toast,
 * the block lists revalidated, then `onDone(isBlocked)`.
 */
export function useBlockActions() {
  const { modal, message } = App.useApp();
  const t = useTranslations('blocking');

  const block = useCallback(
    (user: BlockTarget, onDone?: (isBlocked: boolean) => unknown) =>
      modal.confirm({
        title: t('blockTitle', { name: user.name }),
        content: t('blockText'),
        okText: t('block'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await call(routes.blocks.blockUser, { body: { targetId: user._id } });
            message.success(t('blocked', { name: user.name }));
            void revalidateRoutes(routes.blocks.listUsers);
            void revalidateRoutes(routes.blocks.status);
            await onDone?.(true);
          } catch (e) {
            message.error(errorText(e));
          }
        },
      }),
    [modal, message, t],
  );

  const unblock = useCallback(
    (user: BlockTarget, onDone?: (isBlocked: boolean) => unknown) =>
      modal.confirm({
        title: t('unblockTitle', { name: user.name }),
        content: t('unblockText'),
        okText: t('unblock'),
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await call(routes.blocks.unblockUser, { params: { id: user._id } });
            message.success(t('unblocked', { name: user.name }));
            void revalidateRoutes(routes.blocks.listUsers);
            void revalidateRoutes(routes.blocks.status);
            await onDone?.(false);
          } catch (e) {
            message.error(errorText(e));
          }
        },
      }),
    [modal, message, t],
  );

  return { block, unblock };
}
