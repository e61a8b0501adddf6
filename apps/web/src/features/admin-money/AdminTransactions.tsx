'use client';
/**
 * /admin/transactions: every movement of the ledger (GET /admin/transactions) — top-ups, tips,
 * purchases by item type, subscriptions, payouts, refunds — with the filters (type, item, user,
 * dates, amount, text) and the table state in the URL; a row opens its entries in a drawer;
 * `Export CSV` downloads the same rows (GET /admin/transactions/export.csv). The site commission is
 * edited on the Settings screen (features/admin-site), linked from the lead.
 */
import { useState, type HTMLAttributes } from 'react';
import Link from 'next/link';
import { App, Button, Card, Descriptions, Drawer, Input, Select, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { ADMIN_TRANSACTION_SORTS, EARNING_TYPE_VALUES, LEDGER_TRANSACTION_TYPES, type AdminTransaction } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, routeHref } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { fullDate, money, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { DateFilters, withDateRange } from '@/components/list/table-helpers';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import UserPicker from './UserPicker';
import { ACCOUNT_LABEL, ITEM_TYPE, TX_TYPE, amount, anId, day, itemTypeOptions, oneOf, txTypeOptions } from './labels';
import css from './admin-money.module.css';

function TypeTag({ tx }: { tx: AdminTransaction }) {
  const t = TX_TYPE[tx.type];
  return (
    <span className={css.stack}>
      <Tag color={t.color} variant="filled">
        {t.label}
      </Tag>
      {tx.itemType && tx.itemType !== tx.type && <span className={css.small}>{ITEM_TYPE[tx.itemType]}</span>}
    </span>
  );
}

/** The movement's business record, linked to its console page when it has one (a card payment, a dispute). */
function ReferenceCell({ reference }: { reference: string }) {
  // `payment:<id>` (a top-up or a subscription period paid by card); `dispute…:<id>` (disputes.service's references).
  const m = /^(payment|dispute[a-z_]*):([^:]+)$/.exec(reference);
  const id = anId(m?.[2]);
  const payment = m?.[1] === 'payment';
  return (
    <span className={css.stack}>
      <span className={css.mono}>{reference}</span>
      {id && <Link href={payment ? `/admin/payments/${id}` : `/admin/disputes/${id}`}>{payment ? 'Open the card payment' : 'Open the dispute'}</Link>}
    </span>
  );
}

function TransactionDrawer({ tx, onClose }: { tx: AdminTransaction | null; onClose: () => void }) {
  const owner = (id: string | null) => (id && id === tx?.userId ? tx.user?.name : id && id === tx?.performerId ? tx.performer?.name : null);
  return (
    <Drawer open={Boolean(tx)} onClose={onClose} title="Transaction" size="min(520px, 100vw)" closable={{ 'aria-label': 'Close' }} destroyOnHidden>
      {tx && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'date', label: 'Date', children: fullDate(tx.createdAt) },
              { key: 'type', label: 'Type', children: <TypeTag tx={tx} /> },
              { key: 'amount', label: 'Amount', children: <Money value={tx.amount} strong /> },
              { key: 'commission', label: 'Site commission', children: <Money value={tx.commission} /> },
              { key: 'net', label: 'Creator net', children: <Money value={tx.net} /> },
              { key: 'user', label: 'User', children: tx.userId ? <MoneyUserCell user={tx.user} /> : '—' },
              { key: 'creator', label: 'Creator', children: tx.performerId ? <MoneyUserCell user={tx.performer} /> : '—' },
              { key: 'description', label: 'Description', children: tx.description || '—' },
              { key: 'reference', label: 'Reference', children: <ReferenceCell reference={tx.reference} /> },
              { key: 'id', label: 'Id', children: <span className={css.mono}>{tx._id}</span> },
            ]}
          />
          <section className={css.section} aria-label="Ledger entries">
            <Typography.Title level={4} className={css.drawerTitle}>
              Ledger entries
            </Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={tx.entries.map((e, i) => ({ ...e, key: i }))}
              columns={[
                { key: 'account', title: 'Account', render: (_, e) => <span className={css.stack}>{ACCOUNT_LABEL[e.account] ?? e.account}{owner(e.ownerId) && <span className={css.small}>{owner(e.ownerId)}</span>}</span> },
                { key: 'amount', title: 'Change', align: 'right', render: (_, e) => <Money value={e.amount} /> },
              ]}
            />
            <Typography.Text type="secondary">The entries of a movement always add up to zero.</Typography.Text>
          </section>
        </>
      )}
    </Drawer>
  );
}

export default function AdminTransactions() {
  const { message } = App.useApp();
  const filtersOf = (f: Record<string, string>) => ({
    type: oneOf(LEDGER_TRANSACTION_TYPES, f.type),
    itemType: oneOf(EARNING_TYPE_VALUES, f.itemType),
    userId: anId(f.userId),
    fromDate: day(f.fromDate),
    toDate: day(f.toDate),
    minAmount: amount(f.minAmount),
    maxAmount: amount(f.maxAmount),
    q: f.q?.trim() || undefined,
  });
  const table = useRouteTable(routes.ledger.adminTransactions, {
    sortBy: 'createdAt',
    query: (q, tq) => withDateRange({ ...q, sortBy: oneOf(ADMIN_TRANSACTION_SORTS, tq.sortBy) ?? 'createdAt', ...clean(filtersOf(tq.filters)) }),
  });
  const { t } = table;
  const f = filtersOf(t.query.filters);
  const [viewing, setViewing] = useState<AdminTransaction | null>(null);
  const [exporting, setExporting] = useState(false);
  const filtered = Object.values(f).some(Boolean);
  const badRange = Boolean(f.fromDate && f.toDate && f.fromDate > f.toDate);
  const badAmounts = Boolean(f.minAmount && f.maxAmount && Number(f.minAmount) > Number(f.maxAmount));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = withDateRange({ ...clean(f), sortBy: oneOf(ADMIN_TRANSACTION_SORTS, t.query.sortBy) ?? 'createdAt', sort: t.query.sort });
      await downloadFromApi(routeHref(routes.ledger.adminTransactionsCsv, { query }), `transactions-${new Date().toISOString().slice(0, 10)}.csv`);
      message.success('Export downloaded');
    } catch (e) {
      message.error(errorText(e, 'The export failed, please try again later'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Transactions</h1>
          <p className="page-lead">
            Every movement of money on the site, as the ledger recorded it. The site commission is set in <Link href="/admin/settings">Settings</Link>.
          </p>
        </div>
        <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} disabled={badRange || badAmounts}>
          Export CSV
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter transactions">
          <div className={css.filter}>
            <label htmlFor="tx-type">Type</label>
            <Select id="tx-type" aria-label="Type" placeholder="All types" allowClear value={f.type} onChange={(v) => t.set({ type: v ?? null })} options={txTypeOptions} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="tx-item">Item</label>
            <Select id="tx-item" aria-label="Item" placeholder="Any item" allowClear value={f.itemType} onChange={(v) => t.set({ itemType: v ?? null })} options={itemTypeOptions} className={css.select} />
          </div>
          <UserPicker id="tx-user" label="User" value={f.userId} onChange={(v) => t.set({ userId: v })} />
          <DateFilters query={t.query} set={t.set} />
          <div className={css.filter}>
            <label htmlFor="tx-min">Min amount</label>
            <Input id="tx-min" inputMode="decimal" defaultValue={f.minAmount} key={`min-${f.minAmount ?? ''}`} onBlur={(e) => t.set({ minAmount: amount(e.target.value.trim()) ?? null })} onPressEnter={(e) => t.set({ minAmount: amount(e.currentTarget.value.trim()) ?? null })} className={css.amountInput} />
          </div>
          <div className={css.filter}>
            <label htmlFor="tx-max">Max amount</label>
            <Input id="tx-max" inputMode="decimal" defaultValue={f.maxAmount} key={`max-${f.maxAmount ?? ''}`} onBlur={(e) => t.set({ maxAmount: amount(e.target.value.trim()) ?? null })} onPressEnter={(e) => t.set({ maxAmount: amount(e.currentTarget.value.trim()) ?? null })} className={css.amountInput} />
          </div>
          <div className={css.filter}>
            <label htmlFor="tx-q">Search</label>
            <Input.Search id="tx-q" aria-label="Search transactions" placeholder="Description or reference" allowClear defaultValue={f.q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {filtered && (
            <Button onClick={() => t.set({ type: null, itemType: null, userId: null, fromDate: null, toDate: null, minAmount: null, maxAmount: null, q: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        {(badRange || badAmounts) && (
          <Typography.Text type="danger" role="alert">
            {badRange ? 'The start date is after the end date.' : 'The minimum amount is above the maximum.'}
          </Typography.Text>
        )}
        <QueryTable<AdminTransaction>
          table={table}
          errorTitle="Transactions didn't load"
          totalLabel={(n) => plural(n, 'transaction')}
          empty={<EmptyState title="No transactions" description={filtered ? 'Nothing matches these filters.' : 'Money movements show here as they happen.'} />}
          cardsLabel="Transactions list"
          scroll={{ x: 1000 }}
          size="middle"
          onRow={(tx) => ({ 'aria-label': `${TX_TYPE[tx.type].label} of ${money(tx.amount)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'createdAt', title: 'Date', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'type', title: 'Type', width: 150, render: (_, tx) => <TypeTag tx={tx} /> },
            { key: 'user', title: 'User', width: 180, render: (_, tx) => (tx.userId ? <MoneyUserCell user={tx.user} /> : <span className={css.muted}>—</span>) },
            { key: 'creator', title: 'Creator', width: 180, render: (_, tx) => (tx.performerId ? <MoneyUserCell user={tx.performer} /> : <span className={css.muted}>—</span>) },
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 110, sorter: true, sortOrder: t.sortOrder('amount'), render: (v: number) => <Money value={v} strong /> },
            { key: 'commission', title: 'Commission', dataIndex: 'commission', align: 'right', width: 110, render: (v: number) => <Money value={v} /> },
            { key: 'description', title: 'Description', dataIndex: 'description', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v || '—'}</Typography.Text> },
            { key: 'view', title: 'Details', width: 80, render: (_, tx) => <Button size="small" type="text" icon={<EyeOutlined />} aria-label="View transaction" title="View" onClick={() => setViewing(tx)} /> },
          ]}
        />
      </Card>
      <TransactionDrawer tx={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** The query without its empty filters. */
function clean(f: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1])));
}
