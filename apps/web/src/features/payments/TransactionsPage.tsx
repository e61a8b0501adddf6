'use client';
import Link from 'next/link';
import { Tag, Typography } from 'antd';
import { PAYMENT_TRANSACTION_STATUSES, PAYMENT_TRANSACTION_TYPES, type PaymentTransaction } from '@stagepass/shared';
import { fullDate, plural } from '@/lib/format';
import { EmptyState } from '@/components/states';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { AmountCell, CreatorCell, moneyStyles } from '@/components/money/cells';
import width from '@/components/layouts/page-width.module.css';
import { cardLabel } from '@/lib/payments';
import { DateFilters, FilterSelect, humanize, withDateRange } from '@/components/list/table-helpers';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { routes } from '@stagepass/shared/routes';
import FilterBar from '@/components/list/FilterBar';

const TYPE_LABEL: Record<string, string> = { wallet_topup: 'Wallet top-up', subscription: 'Subscription' };
const STATUS_COLOR: Record<string, string> = { pending: 'processing', succeeded: 'success', failed: 'error', refunded: 'default' };
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed', refunded: 'Refunded' };

/** /user/transactions: the fan's card payments (GET /payment/transactions/user/search), state in the URL. */
export default function TransactionsPage() {
  const table = useRouteTable(routes.payments.transactions, { sortBy: 'createdAt', query: withDateRange });
  const { t } = table;
  const filtered = Boolean(t.query.filters.type || t.query.filters.status || t.query.filters.fromDate || t.query.filters.toDate);
  return (
    <div className={`container page ${width.w1100}`}>
      <h1 className="page-title">Transactions</h1>
      <p className="page-lead">
        Every card payment: wallet top-ups and subscription periods. Tips and unlocked posts paid from your wallet are in your <Link href="/user/wallet">wallet history</Link>.
      </p>
      <TestPaymentsNotice />
      <SectionCard title="Card payments">
        <FilterBar label="Filter transactions">
          <FilterSelect label="Type" name="type" query={t.query} set={t.set} options={PAYMENT_TRANSACTION_TYPES.map((v) => ({ value: v, label: TYPE_LABEL[v] || humanize(v) }))} />
          <FilterSelect label="Status" name="status" query={t.query} set={t.set} width={150} options={PAYMENT_TRANSACTION_STATUSES.map((v) => ({ value: v, label: STATUS_LABEL[v] || humanize(v) }))} />
          <DateFilters query={t.query} set={t.set} />
        </FilterBar>
        <QueryTable<PaymentTransaction>
          table={table}
          errorTitle="Your transactions didn't load"
          totalLabel={(n) => plural(n, 'transaction')}
          empty={<EmptyState
                title={filtered ? 'Nothing matches these filters' : 'No transactions yet'}
                description={filtered ? 'Try another type, status or date range.' : (<>Top up your <Link href="/user/wallet">wallet</Link> or subscribe to a creator to see payments here.</>)}
              />}
          cardsLabel="Card payments list"
          scroll={{ x: 900 }}
          size="middle"
          columns={[
            { key: 'createdAt', title: 'Date', sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, x) => <time dateTime={x.createdAt}>{fullDate(x.createdAt)}</time> },
            { key: 'type', title: 'Type', render: (_, x) => TYPE_LABEL[x.type] || humanize(x.type) },
            { key: 'description', title: 'Description', render: (_, x) => x.description },
            { key: 'performer', title: 'Creator', render: (_, x) => <CreatorCell user={x.performer} /> },
            { key: 'card', title: 'Card', render: (_, x) => (x.card ? <span className={moneyStyles.nowrap}>{cardLabel(x.card)}</span> : <span className="muted">—</span>) },
            { key: 'amount', title: 'Amount', align: 'right', sorter: true, sortOrder: t.sortOrder('amount'), render: (_, x) => <AmountCell amount={x.amount} original={x.originalAmount} /> },
            {
              key: 'status',
              title: 'Status',
              render: (_, x) => (
                <div className={moneyStyles.stack}>
                  <Tag color={STATUS_COLOR[x.status]} variant="filled">
                    {STATUS_LABEL[x.status] || humanize(x.status)}
                  </Tag>
                  {x.failureMessage && (
                    <Typography.Text type="danger" className={moneyStyles.small}>
                      {x.failureMessage}
                    </Typography.Text>
                  )}
                </div>
              ),
            },
          ]}
        />
      </SectionCard>
    </div>
  );
}
