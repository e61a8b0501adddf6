'use client';
import { App } from 'antd';
import { useCallback } from 'react';

/**
 * Copies a link the creator shares (referral, tracking and trial links) and says so: "Link copied",
 * or how to copy it by hand when the browser refuses the clipboard.
 */
export function useCopyLink(): (link: string | null | undefined) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (link) => {
      if (!link) return;
      try {
        await navigator.clipboard.writeText(link);
        message.success('Link copied');
      } catch {
        message.error('Copy did not work — select the link and copy it');
      }
    },
    [message],
  );
}
