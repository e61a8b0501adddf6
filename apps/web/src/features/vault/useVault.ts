'use client';
import type { MediaType } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRouteList } from '@/lib/use-infinite-list';
import { useRoute } from '@/lib/swr';

/** One page of the vault grid ("Load more" adds the next). */
export const VAULT_PAGE_SIZE = 24;

export interface VaultFilters {
  type?: MediaType;
  q?: string;
  /** A folder id, `none` (outside folders) or undefined (everything). */
  folderId?: string;
}

/**
 * The creator's vault items (GET /vault), newest first, paged by `VAULT_PAGE_SIZE`. The first page
 * is read again each time a filter is (re)chosen or a picker opens: uploads, moves and deletes
 * change it, and a cached page would hide them.
 */
export function useVaultItems(filters: VaultFilters, enabled = true) {
  const query = { type: filters.type, q: filters.q?.trim() || undefined, folderId: filters.folderId };
  return useRouteList(enabled ? routes.vault.list : null, { query }, VAULT_PAGE_SIZE, { revalidateFirstPage: true });
}

/** The creator's vault folders with their counts (GET /vault/folders). */
export function useVaultFolders(enabled = true) {
  return useRoute(routes.vault.folders, enabled ? {} : null);
}

