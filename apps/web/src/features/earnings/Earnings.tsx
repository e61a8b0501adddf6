'use client';
/**
 * /creator/earnings: totals (GET /performer/earning/stats), net earnings over time (stats.series),
 * the earnings table (GET /performer/earning/search) and the CSV export
 * (GET /performer/earning/export/csv) — all with the same filters (type, fromDate, toDate), kept in
 * the URL with the table state — and the statements by year or month (Statements).
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Card, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { AuditOutlined, DownloadOutlined, BankOutlined } from '@ant-design/icons';
import { EARNING_TYPE_VALUES, earningExportSchema, type Earning, type EarningKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, routeHref } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate, money, percent } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import EarningsChart from './EarningsChart';
import Statements from './Statements';
import { downloadFromApi } from '@/lib/download';
import { Money, MoneyUserCell, StatGrid, moneyCss as css, shortDate } from '@/components/money/money-ui';
import tcss from './earnings-table.module.css';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';

export const EARNING_TYPE_LABEL: Record<(typeof EARNING_TYPE_VALUES)[number], { label: string; color: string }> = {
  subscription: { label: 'Subscription', color: 'purple' },
  tip: { label: 'Tip', color: 'magenta' },
  feed: { label: 'Pay-per-view post', color: 'geekblue' },
  product: { label: 'Product', color: 'orange' },
  video: { label: 'Video', color: 'cyan' },
  message: { label: 'Message', color: 'blue' },
  gallery: { label: 'Gallery', color: 'gold' },
  stream: { label: 'Live stream', color: 'volcano' },
  referral: { label: 'Referral', color: 'green' },
};
/**
 * What an earnings line is, when it is not a sale (shared `EARNING_KINDS`; issue 29): the tag beside
 * the item and what it means. A refund's and a dispute's figures are negative.
 */
export const EARNING_KIND_LABEL: Record<Exclude<EarningKind, 'sale'>, { label: string; color: string; explain: string }> = {
  refund: { label: 'Refund', color: 'red', explain: 'Refunded to the fan: your share is taken back.' },
  dispute: { label: 'Dispute', color: 'volcano', explain: "The fan's bank took the payment back: your share is held. It comes back if the dispute is won." },
  dispute_won: { label: 'Dispute won', color: 'green', explain: 'The dispute was decided for you: your share is given back.' },
};
const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const typeOptions = EARNING_TYPE_VALUES.map((v) => ({ value: v, label: EARNING_TYPE_LABEL[v].label }));
const isDay = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function useEarningFilters() {
  const t = useTableQuery({ sortBy: 'createdAt' });
  const f = t.query.filters;
  const type = EARNING_TYPE_VALUES.find((v) => v === f.type);
  const filters = { type, fromDate: isDay(f.fromDate), toDate: isDay(f.toDate) };
  return { t, filters };
}

export default function Earnings() {
  const { message } = App.useApp();
  const { t, filters } = useEarningFilters();
  const stats = useRoute(routes.earnings.stats, { query: filters }, { keepPreviousData: true });
  const list = useRouteTable(routes.earnings.search, { sortBy: 'createdAt', query: (q) => ({ ...q, ...filters }) });
  const [exporting, setExporting] = useState(false);
  const hasFilters = Boolean(filters.type || filters.fromDate || filters.toDate);
  const badRange = Boolean(filters.fromDate && filters.toDate && filters.fromDate > filters.toDate);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const today = new Date().toISOString().slice(0, 10);
      await downloadFromApi(routeHref(routes.earnings.exportCsv, { query: { ...filters, sortBy: earningExportSchema.shape.sortBy.safeParse(t.query.sortBy).data, sort: t.query.sort } }), `earnings-${today}.csv`);
      message.success('Export downloaded');
    } catch (e) {
      message.error(errorText(e, 'The export failed, please try again later'));
    } finally {
      setExporting(false);
    }
  };

  const s = stats.data;
  /** Below zero: a dispute or a card refund took back a sale already paid out (shared `earningStatsSchema.balance`). */
  const owed = Boolean(s && s.balance < 0);
  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Earnings</h1>
          <p className="page-lead">What fans paid you, the site&apos;s commission and what is yours to withdraw.</p>
        </div>
        <div className={css.actions}>
          <Link href="/creator/payouts">
            <Button icon={<BankOutlined />}>Payouts</Button>
          </Link>
          <Link href="/creator/tax-details">
            <Button icon={<AuditOutlined />}>Tax details</Button>
          </Link>
          <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} disabled={badRange}>
            Export CSV
          </Button>
        </div>
      </div>

      <Card styles={{ body: { padding: 16 } }} className={css.block}>
        <FilterBar label="Filter earnings" className={css.toolbar}>
          <div className={css.field}>
            <label htmlFor="earning-type">Type</label>
            <Select
              id="earning-type"
              aria-label="Type"
              placeholder="All types"
              allowClear
              value={filters.type}
              onChange={(v) => t.set({ type: v ?? null })}
              options={typeOptions}
              showSearch={{ optionFilterProp: 'label' }}
              className={css.typeFilter}
            />
          </div>
          <div className={css.field}>
            <label htmlFor="earning-from">From date</label>
            <Input id="earning-from" type="date" value={filters.fromDate ?? ''} max={filters.toDate} onChange={(e) => t.set({ fromDate: e.target.value || null })} className={css.dateFilter} />
          </div>
          <div className={css.field}>
            <label htmlFor="earning-to">To date</label>
            <Input id="earning-to" type="date" value={filters.toDate ?? ''} min={filters.fromDate} onChange={(e) => t.set({ toDate: e.target.value || null })} className={css.dateFilter} />
          </div>
          {hasFilters && (
            <Button onClick={() => t.set({ type: null, fromDate: null, toDate: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        {badRange && (
          <Typography.Text type="danger" role="alert">
            The start date is after the end date.
          </Typography.Text>
        )}
      </Card>

      {stats.error && !s ? (
        <Card className={css.block}>
          <ErrorState title="Your totals didn't load" message={errorText(stats.error)} onRetry={() => void stats.mutate()} />
        </Card>
      ) : (
        <>
          <h2 className={css.srOnly}>Totals</h2>
          {owed && (
            <Alert
              className={css.block}
              type="warning"
              showIcon
              title={`Your balance is ${money(s!.balance)}: recovered from your next earnings`}
              description="A fan's bank took back a payment (a dispute), or a payment was refunded, after you had been paid for it. Your next earnings cover it first; payouts are possible again once your balance is above zero."
            />
          )}
          <StatGrid
            label="Earnings totals"
            loading={!s}
            items={[
              { key: 'gross', label: 'Gross', value: s?.gross, hint: hasFilters ? 'In this period' : 'All time', info: 'What fans paid, before commission' },
              { key: 'commission', label: 'Commission', value: s?.commission, hint: hasFilters ? 'In this period' : 'All time', info: "The site's share" },
              { key: 'net', label: 'Net', value: s?.net, hint: hasFilters ? 'In this period' : 'All time', info: 'Gross minus commission: what you earned' },
              { key: 'paidOut', label: 'Paid out', value: s?.paidOut, hint: 'All time' },
              { key: 'pending', label: 'Pending', value: s?.pending, hint: 'Requested payouts', info: 'Payout requests waiting to be paid (pending or approved)' },
              owed
                ? { key: 'available', label: 'Balance', value: s?.balance, hint: 'Recovered from your next earnings', info: 'A dispute or a refund took back more than your balance held: nothing can be withdrawn until later earnings cover it', highlight: true }
                : { key: 'available', label: 'Available', value: s?.available, hint: 'To withdraw now', info: 'Net earned − paid out − pending', highlight: true },
            ]}
          />
        </>
      )}

      {!(stats.error && !s) && (
        <Card className={css.block} styles={{ body: { padding: 16 } }}>
          {!s ? (
            <div aria-busy="true" aria-label="Loading chart" className={css.chartSkeleton} />
          ) : s.series.length ? (
            <EarningsChart series={s.series} />
          ) : (
            <EmptyState title="No earnings to chart" description={hasFilters ? 'Nothing matches these filters.' : 'Your net earnings per day appear here once fans start paying.'} />
          )}
        </Card>
      )}

      <Statements />

      <Card styles={{ body: { padding: 12 } }}>
        <h2 className={css.tableTitle}>Transactions</h2>
        <QueryTable<Earning>
          table={list}
          errorTitle="Your earnings didn't load"
          totalLabel={(n) => (n === 1 ? '1 earning' : `${n} earnings`)}
          empty={hasFilters ? (
              <EmptyState title="No earnings match these filters" action={<Button onClick={() => t.set({ type: null, fromDate: null, toDate: null })}>Clear filters</Button>} />
            ) : (
              <EmptyState title="No earnings yet" description="Subscriptions, tips and sales show up here as soon as fans pay." />
            )}
          cardsLabel="Earnings list"
          // Fits the 858 px content box at 1280 px; narrower (860–1100 px windows) it scrolls, ≤ 600 px it becomes cards.
          // Fixed layout: the Item column takes what the others leave, so a long description (a dispute's) is cut with an
          // ellipsis instead of widening the table past its box.
          scroll={{ x: 780 }}
          tableLayout="fixed"
          size="middle"
          columns={[
            {
              key: 'createdAt',
              title: 'Date',
              dataIndex: 'createdAt',
              width: 116,
              sorter: true,
              sortOrder: t.sortOrder('createdAt'),
              render: (v: string) => (
                <span className={tcss.stack} title={fullDate(v)}>
                  <span className={tcss.num}>{shortDate(v)}</span>
                  <span className={tcss.sub}>{timeOfDay(v)}</span>
                </span>
              ),
            },
            {
              key: 'type',
              title: 'Item',
              dataIndex: 'type',
              render: (v: Earning['type'], e) => (
                <span className={tcss.stack}>
                  <span className={tcss.tags}>
                    {e.kind !== 'sale' && EARNING_KIND_LABEL[e.kind] && (
                      <Tooltip title={EARNING_KIND_LABEL[e.kind].explain}>
                        <Tag color={EARNING_KIND_LABEL[e.kind].color} className={tcss.tag}>
                          {EARNING_KIND_LABEL[e.kind].label}
                          <span className={css.srOnly}>: {EARNING_KIND_LABEL[e.kind].explain}</span>
                        </Tag>
                      </Tooltip>
                    )}
                    <Tag color={EARNING_TYPE_LABEL[v]?.color} className={tcss.tag}>
                      {EARNING_TYPE_LABEL[v]?.label ?? v}
                    </Tag>
                  </span>
                  {e.description && (
                    <Typography.Text ellipsis={{ tooltip: e.description }} className={tcss.desc}>
                      {e.description}
                    </Typography.Text>
                  )}
                </span>
              ),
            },
            { key: 'user', title: 'Fan', width: 160, render: (_, e) => <MoneyUserCell user={e.user} /> },
            { key: 'gross', title: 'Gross', dataIndex: 'gross', align: 'right', width: 96, sorter: true, sortOrder: t.sortOrder('gross'), render: (v: number) => <Money value={v} /> },
            {
              key: 'commission',
              title: 'Commission',
              dataIndex: 'commission',
              align: 'right',
              width: 120,
              render: (v: number, e) => (
                <span className={tcss.stack}>
                  <Money value={v} />
                  <span className={tcss.sub} aria-label={`${percent(e.commissionPercentage)} commission`}>
                    {percent(e.commissionPercentage)}
                  </span>
                </span>
              ),
            },
            { key: 'net', title: 'Net', dataIndex: 'net', align: 'right', width: 96, sorter: true, sortOrder: t.sortOrder('net'), render: (v: number) => <Money value={v} strong /> },
          ]}
        />
      </Card>
    </div>
  );
}
