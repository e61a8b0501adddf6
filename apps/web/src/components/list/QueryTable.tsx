'use client';
/**
 * The table-page shell in one place: the URL state (`current`, `pageSize`, `sortBy`, `sort` and
 * the filters, via `useTableQuery`), the SWR fetch of a `{ data, total }` list page, and the
 * loading / empty / error states around a `ResponsiveTable`.
 *
 *   const table = useRouteTable(routes.payouts.search, { sortBy: 'createdAt', query: (q) => ({ ...q, status }) });
 *   <QueryTable table={table} cardsLabel="Rows list" errorTitle="…" empty={<EmptyState … />} totalLabel={(n) => plural(n, 'row')} columns={…} />
 *
 * Filters read `table.t.query.filters` and write with `table.t.set(…)`; sortable columns use
 * `table.t.sortOrder(key)`.
 */
import type { ReactNode } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import { routePath, type RouteArgs, type RouteDef } from '@stagepass/shared/routes';
import type { ListRow } from '@/lib/swr';
import { errorText } from '@/lib/api';
import { useTableQuery, type TableQuery } from '@/lib/use-table-query';
import type { ListPage } from '@/lib/use-infinite-list';
import { ErrorState } from '@/components/states';
import ResponsiveTable, { type ResponsiveTableProps } from './ResponsiveTable';

type ApiQuery = Record<string, string | number>;

export interface QueryTableOptions {
  /** Default sort field (the URL's `sortBy` when absent); spec default `updatedAt`. */
  sortBy?: string;
  pageSize?: number;
  /** The query sent to the API, from the table's offset/limit/sort/filters (default: as is). */
  query?: (apiQuery: ApiQuery, table: TableQuery) => Record<string, string | number | undefined>;
  /**
   * Refresh while the page needs it (never a fixed poll where an event can tell): the number of
   * ms from the latest page, 0 for none — e.g. only while a row is still being processed.
   */
  refreshInterval?: (latest: ListPage<unknown> | undefined) => number;
}

export interface QueryTableState<T> extends SWRResponse<ListPage<T>> {
  t: ReturnType<typeof useTableQuery>;
}

/** The table over a list entry of the route map (rows typed from the entry); `null` skips the fetch. */
export function useRouteTable<D extends RouteDef>(def: D | null, opts: QueryTableOptions & { params?: RouteArgs<D>['params'] } = {}): QueryTableState<ListRow<D>> {
  return useQueryTable<ListRow<D>>(def ? routePath(def, opts.params as Record<string, string> | undefined) : null, opts);
}

/** The table over one list path; callers use `useRouteTable`. */
function useQueryTable<T>(path: string | null, opts: QueryTableOptions = {}): QueryTableState<T> {
  const t = useTableQuery({ sortBy: opts.sortBy, pageSize: opts.pageSize });
  const apiQuery = opts.query ? opts.query(t.apiQuery, t.query) : t.apiQuery;
  const key = path ? [path, apiQuery] : null;
  const swr = useSWR<ListPage<T>>(key, { keepPreviousData: true });
  // A second subscriber to the same key refreshes it while the shown page asks for it (SWR reads a
  // refreshInterval function only after a scheduled refresh, so it could not start one by itself).
  const every = opts.refreshInterval?.(swr.data) ?? 0;
  useSWR<ListPage<T>>(every > 0 ? key : null, { refreshInterval: every });
  return { t, ...swr };
}

export interface QueryTableProps<T> extends Omit<ResponsiveTableProps<T>, 'dataSource' | 'loading' | 'onChange' | 'pagination'> {
  table: QueryTableState<T>;
  /** Heading of the error state ("Your … didn't load"). */
  errorTitle: string;
  /** What an empty page shows (after loading). */
  empty: ReactNode;
  /** "12 transactions" under the table. */
  totalLabel: (n: number) => string;
}

export default function QueryTable<T extends object>({ table, errorTitle, empty, totalLabel, rowKey = '_id', locale, ...rest }: QueryTableProps<T>) {
  const { t, data, error, isLoading, mutate } = table;
  if (error && !data) return <ErrorState title={errorTitle} message={errorText(error)} onRetry={() => void mutate()} />;
  return (
    <ResponsiveTable<T>
      rowKey={rowKey}
      loading={isLoading}
      dataSource={data?.data || []}
      onChange={t.onTableChange}
      locale={{ ...locale, emptyText: isLoading ? ' ' : empty }}
      pagination={{ current: t.query.current, pageSize: t.query.pageSize, total: data?.total || 0, showSizeChanger: true, showTotal: totalLabel }}
      {...rest}
    />
  );
}
