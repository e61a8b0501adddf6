'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LabelKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useRoute } from '@/lib/swr';

/**
 * The labels chosen for one of the creator's items in an editor (post, video, gallery): loads the
 * item's labels (GET /performer/labels/items/{kind}/{id}) and `save(id)` writes them after the item
 * is saved — only when they changed (a new item: when any is chosen).
 */
export function useItemLabels(kind: LabelKind, itemId?: string | null) {
  const current = useRoute(routes.labels.ofItem, itemId ? { params: { kind, id: itemId } } : null, { revalidateOnFocus: false });
  const [ids, setIds] = useState<string[]>([]);
  const loaded = useRef<string>('');
  useEffect(() => {
    if (!current.data) return;
    const got = current.data.labels.map((l) => l._id);
    loaded.current = got.slice().sort().join(',');
    setIds(got);
  }, [current.data]);
  const save = useCallback(
    async (id: string) => {
      const next = ids.slice().sort().join(',');
      if (next === loaded.current) return;
      await call(routes.labels.setItem, { params: { kind, id }, body: { labelIds: ids } });
      loaded.current = next;
    },
    [ids, kind],
  );
  const reset = useCallback(() => {
    loaded.current = '';
    setIds([]);
  }, []);
  return { ids, setIds, save, reset, isLoading: Boolean(itemId) && current.isLoading };
}
export type ItemLabelsState = ReturnType<typeof useItemLabels>;
