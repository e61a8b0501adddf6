'use client';
/**
 * Table pages keep their state in the URL query (spec §2): current, pageSize, sortBy (default
 * updatedAt), sort (asc|desc, default desc); filters merge further parameters in.
 */
import { useCallback, useMemo } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

export interface TableQuery {
  current: number;
  pageSize: number;
  sortBy: string;
  sort: 'asc' | 'desc';
  filters: Record<string, string>;
}

const RESERVED = new Set(['current', 'pageSize', 'sortBy', 'sort']);

export function useTableQuery(defaults: { pageSize?: number; sortBy?: string } = {}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const qs = params.toString();
  const query = useMemo<TableQuery>(() => {
    const p = new URLSearchParams(qs);
    const filters: Record<string, string> = {};
    p.forEach((v, k) => {
      if (!RESERVED.has(k) && v) filters[k] = v;
    });
    const n = (v: string | null, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
    return {
      current: n(p.get('current'), 1),
      pageSize: Math.min(100, n(p.get('pageSize'), defaults.pageSize ?? 10)),
      sortBy: p.get('sortBy') || defaults.sortBy || 'updatedAt',
      sort: p.get('sort') === 'asc' ? 'asc' : 'desc',
      filters,
    };
  }, [qs, defaults.pageSize, defaults.sortBy]);

  /** Merge `patch` into the URL (null/'' removes a key); changing anything but `current` resets to page 1. */
  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>) => {
      const p = new URLSearchParams(qs);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === '') p.delete(k);
        else p.set(k, String(v));
      }
      if (!('current' in patch)) p.delete('current');
      const s = p.toString();
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [qs, pathname, router],
  );

  /** The API list query (offset/limit/sortBy/sort + filters). */
  const apiQuery = useMemo(
    () => ({ ...query.filters, offset: (query.current - 1) * query.pageSize, limit: query.pageSize, sortBy: query.sortBy, sort: query.sort }),
    [query],
  );

  /** antd Table onChange → URL. */
  const onTableChange = useCallback(
    <T,>(pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const sortBy = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
      const sortChanged = (sortBy || defaults.sortBy || 'updatedAt') !== query.sortBy || (s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : 'desc') !== query.sort;
      set({
        current: sortChanged ? null : pagination.current && pagination.current > 1 ? pagination.current : null,
        pageSize: pagination.pageSize && pagination.pageSize !== (defaults.pageSize ?? 10) ? pagination.pageSize : null,
        sortBy: sortBy || null,
        sort: s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : null,
      });
    },
    [set, query.sortBy, query.sort, defaults.pageSize, defaults.sortBy],
  );

  /** antd column sortOrder for a key. */
  const sortOrder = useCallback((key: string) => (query.sortBy === key ? (query.sort === 'asc' ? 'ascend' : 'descend') : null) as 'ascend' | 'descend' | null, [query.sortBy, query.sort]);

  return { query, apiQuery, set, onTableChange, sortOrder };
}
