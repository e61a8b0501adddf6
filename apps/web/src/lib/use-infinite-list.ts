'use client';
/**
 * Infinite lists over the API's list answers (`{data: [...], total}`) with offset/limit paging,
 * on top of useSWRInfinite (keys are `[path, query]`, fetched by the global SWR fetcher).
 */
import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { routePath, type RouteArgs, type RouteDef } from '@stagepass/shared/routes';
import type { ListRow } from './swr';

export interface ListPage<T> {
  data: T[];
  total: number;
}
type Query = Record<string, string | number | undefined>;

export interface InfiniteListOptions {
  /**
   * Read the first page again whenever the list is shown or its filters change, instead of
   * reusing a cached one (for lists the page itself changes: uploads, moves, deletes).
   */
  revalidateFirstPage?: boolean;
}

/** An infinite list over a list entry of the route map (items typed from the entry); `null` skips. */
export function useRouteList<D extends RouteDef>(def: D | null, args: { params?: RouteArgs<D>['params']; query?: Query } = {}, pageSize = 10, opts: InfiniteListOptions = {}) {
  return useInfiniteList<ListRow<D> & { _id: string }>(def ? routePath(def, args.params as Record<string, string> | undefined) : null, args.query, pageSize, opts);
}

/** The paging over one list path (keys `[path, query]`); callers use `useRouteList`. */
function useInfiniteList<T extends { _id: string }>(path: string | null, query: Query = {}, pageSize = 10, opts: InfiniteListOptions = {}) {
  const queryKey = JSON.stringify(query);
  const getKey = useCallback(
    (index: number, prev: ListPage<T> | null): [string, Query] | null => {
      if (!path) return null;
      if (prev && (prev.data.length < pageSize || (index * pageSize) >= prev.total)) return null;
      return [path, { ...(JSON.parse(queryKey) as Query), offset: index * pageSize, limit: pageSize }];
    },
    [path, queryKey, pageSize],
  );
  const swr = useSWRInfinite<ListPage<T>>(getKey, { revalidateFirstPage: opts.revalidateFirstPage ?? false, revalidateOnFocus: false });
  const { data, error, size, setSize, isLoading, isValidating, mutate } = swr;
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const p of data || []) for (const it of p?.data || []) if (!seen.has(it._id)) { seen.add(it._id); out.push(it); }
    return out;
  }, [data]);
  // The newest page's total: a list whose total is capped ahead of the page (the home timeline,
  // API feeds README) reports more as the reader scrolls on; for the others every page agrees.
  const last = data?.[data.length - 1];
  const total = last?.total ?? 0;
  const hasMore = Boolean(last && last.data.length === pageSize && items.length < total);
  const isLoadingMore = isLoading || (size > 0 && data !== undefined && typeof data[size - 1] === 'undefined' && isValidating);
  const loadMore = useCallback(() => {
    if (!isValidating && hasMore) void setSize((s) => s + 1);
  }, [hasMore, isValidating, setSize]);
  const removeItem = useCallback(
    (id: string) => mutate((pages) => pages?.map((p) => ({ ...p, data: p.data.filter((x) => x._id !== id), total: Math.max(0, p.total - (p.data.some((x) => x._id === id) ? 1 : 0)) })), { revalidate: false }),
    [mutate],
  );
  return { items, total, error, isLoading, isLoadingMore, hasMore, loadMore, mutate, removeItem, isValidating };
}
