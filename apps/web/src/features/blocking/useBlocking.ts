'use client';
import { useCallback } from 'react';
import { App } from 'antd';
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

  const block = useCallback(
    (user: BlockTarget, onDone?: (isBlocked: boolean) => unknown) =>
      modal.confirm({
        title: `Block ${user.name}?`,
        content: 'Neither of you will see the other’s page, posts or messages, or be able to message each other. Subscriptions between you stop renewing. You can unblock later.',
        okText: 'Block',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await call(routes.blocks.blockUser, { body: { targetId: user._id } });
            message.success(`${user.name} is blocked`);
            void revalidateRoutes(routes.blocks.listUsers);
            void revalidateRoutes(routes.blocks.status);
            await onDone?.(true);
          } catch (e) {
            message.error(errorText(e));
          }
        },
      }),
    [modal, message],
  );

  const unblock = useCallback(
    (user: BlockTarget, onDone?: (isBlocked: boolean) => unknown) =>
      modal.confirm({
        title: `Unblock ${user.name}?`,
        content: 'You will see each other’s page and posts again, and can message each other.',
        okText: 'Unblock',
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await call(routes.blocks.unblockUser, { params: { id: user._id } });
            message.success(`${user.name} is unblocked`);
            void revalidateRoutes(routes.blocks.listUsers);
            void revalidateRoutes(routes.blocks.status);
            await onDone?.(false);
          } catch (e) {
            message.error(errorText(e));
          }
        },
      }),
    [modal, message],
  );

  return { block, unblock };
}
