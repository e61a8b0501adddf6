'use client';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';

/** A creator's active tip-menu items (GET /tip-menu/performer/{id}); `null` skips the fetch. Light: the dialogs load on demand. */
export function useTipMenu(performerId: string | null | undefined) {
  return useRoute(routes.tipmenu.ofPerformer, performerId ? { params: { performerId } } : null);
}
