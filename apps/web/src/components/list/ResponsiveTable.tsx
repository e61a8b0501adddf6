'use client';
import { useEffect, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { Pagination, Select, Skeleton, Table, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import type { ColumnType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import css from './list.module.css';

/** Below this width a ResponsiveTable shows its rows as cards. */
export const CARD_BREAKPOINT = 600;
const QUERY = `(max-width: ${CARD_BREAKPOINT}px)`;

/** True on narrow screens (false on the server and in the first client render, so hydration matches). */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(QUERY);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

export interface ResponsiveTableProps<T> extends TableProps<T> {
  /** Accessible name of the card list shown on narrow screens (e.g. `Subscriptions list`). */
  cardsLabel: string;
  /** Column keys rendered as the card's heading line rather than as a labelled field (default: the first column). */
  cardTitleKeys?: string[];
}

type Col<T> = ColumnType<T> & { key?: Key };

function cellOf<T>(col: Col<T>, row: T, index: number): ReactNode {
  const di = col.dataIndex as keyof T | undefined;
  const value = di !== undefined && di !== null ? (row as Record<string, unknown>)[di as string] : undefined;
  if (col.render) return col.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/**
 * The list of every table page: an antd Table on wide screens, the same rows as cards (each column
 * a "label — value" line, actions at the bottom) on screens up to 600 px, with the same
 * pagination, sorting (a `Sort by` select) and empty/loading states. Props are the Table's, so a
 * page swaps `<Table>` for `<ResponsiveTable cardsLabel="…">` and keeps its columns.
 */
export default function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const narrow = useNarrow();
  const { cardsLabel, cardTitleKeys, ...tableProps } = props;
  if (!narrow) return <Table<T> {...tableProps} />;
  return <CardList {...props} />;
}

function CardList<T extends object>({ cardsLabel, cardTitleKeys, columns = [], dataSource = [], rowKey = 'key', loading, pagination, locale, onChange, onRow }: ResponsiveTableProps<T>) {
  const t = useTranslations('tables');
  const cols = (columns as Col<T>[]).filter((c) => !c.hidden);
  const titleKeys = cardTitleKeys ?? (cols[0]?.key !== undefined ? [String(cols[0].key)] : []);
  const isAction = (c: Col<T>) => !c.title || /^action/.test(String(c.key ?? '')) || (typeof c.title === 'object' && !c.sorter && String(c.key ?? '').includes('action'));
  const keyOf = (row: T, i: number) => (typeof rowKey === 'function' ? rowKey(row, i) : (row as Record<string, unknown>)[rowKey as string]) as Key;
  const sortable = cols.filter((c) => c.sorter && c.key !== undefined);
  const current = sortable.find((c) => c.sortOrder);
  const pag = pagination === false ? null : (pagination as TablePaginationConfig | undefined);
  const change = (p: TablePaginationConfig, sorter: SorterResult<T>) => onChange?.(p, {}, sorter, { action: sorter === undefined ? 'paginate' : 'sort', currentDataSource: dataSource as T[] });
  const curSorter: SorterResult<T> = current ? { columnKey: current.key, order: current.sortOrder ?? undefined } : {};
  const busy = typeof loading === 'object' ? loading.spinning : loading;

  return (
    <div className={css.cardsWrap}>
      {sortable.length > 0 && (
        <div className={css.sortBar}>
          <label htmlFor={`sort-${cardsLabel}`}>{t('sortBy')}</label>
          <Select<string>
            id={`sort-${cardsLabel}`}
            value={current ? `${String(current.key)}:${current.sortOrder}` : undefined}
            placeholder={t('defaultOrder')}
            allowClear
            popupMatchSelectWidth={false}
            onChange={(v) => {
              const [key, order] = (v || '').split(':');
              change({ current: 1, pageSize: pag?.pageSize }, v ? { columnKey: key, order: order as 'ascend' | 'descend' } : {});
            }}
            options={sortable.flatMap((c) => {
              const name = typeof c.title === 'string' ? c.title : String(c.key);
              return [
                { value: `${String(c.key)}:descend`, label: `${name} ↓` },
                { value: `${String(c.key)}:ascend`, label: `${name} ↑` },
              ];
            })}
          />
        </div>
      )}
      {busy && dataSource.length === 0 ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : dataSource.length === 0 ? (
        <div className={css.empty}>{typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText}</div>
      ) : (
        <ul className={css.cards} aria-label={cardsLabel} aria-busy={busy || undefined}>
          {dataSource.map((row, i) => {
            const rowAttrs = (onRow?.(row, i) || {}) as HTMLAttributes<HTMLElement> & { 'aria-label'?: string };
            const heads = cols.filter((c) => titleKeys.includes(String(c.key)));
            const actions = cols.filter((c) => !titleKeys.includes(String(c.key)) && isAction(c));
            const fields = cols.filter((c) => !titleKeys.includes(String(c.key)) && !isAction(c));
            return (
              <li key={keyOf(row, i)} className={css.card} aria-label={rowAttrs['aria-label']}>
                {heads.length > 0 && (
                  <div className={css.cardHead}>
                    {heads.map((c) => (
                      <div key={String(c.key)}>{cellOf(c, row, i)}</div>
                    ))}
                  </div>
                )}
                {fields.length > 0 && (
                  <dl className={css.fields}>
                    {fields.map((c) => (
                      <div key={String(c.key ?? c.dataIndex)} className={css.field}>
                        <dt>{c.title as ReactNode}</dt>
                        <dd>{cellOf(c, row, i)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions.length > 0 && (
                  <div className={css.actions}>
                    {actions.map((c) => (
                      <div key={String(c.key)}>{cellOf(c, row, i)}</div>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pag && (pag.total ?? 0) > (pag.pageSize ?? 10) && (
        <Pagination
          className={css.pagination}
          size="small"
          simple
          current={pag.current}
          pageSize={pag.pageSize}
          total={pag.total}
          onChange={(currentPage, pageSize) => change({ current: currentPage, pageSize }, curSorter)}
        />
      )}
    </div>
  );
}
