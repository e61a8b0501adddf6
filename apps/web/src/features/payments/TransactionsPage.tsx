'use client';
import Link from 'next/link';
import { Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { PAYMENT_TRANSACTION_STATUSES, PAYMENT_TRANSACTION_TYPES, type PaymentTransaction } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import type { Messages } from '@/i18n/messages';
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

type WalletKey = keyof Messages['wallet'];
const TYPE_LABEL: Record<string, WalletKey> = { wallet_topup: 'typeWalletTopup', subscription: 'typeSubscription' };
const STATUS_COLOR: Record<string, string> = { pending: 'processing', succeeded: 'success', failed: 'error', refunded: 'default' };
const STATUS_LABEL: Record<string, WalletKey> = { pending: 'statusPending', succeeded: 'statusSucceeded', failed: 'statusFailed', refunded: 'statusRefunded' };

/** /user/transactions: the fan's card payments (GET /payment/transactions/user/search), state in the URL. */
export default function TransactionsPage() {
  const table = useRouteTable(routes.payments.transactions, { sortBy: 'createdAt', query: withDateRange });
  const { t } = table;
  const tr = useTranslations('wallet');
  const f = useFormat();
  const typeLabel = (v: string) => (TYPE_LABEL[v] ? tr(TYPE_LABEL[v]) : humanize(v));
  const statusLabel = (v: string) => (STATUS_LABEL[v] ? tr(STATUS_LABEL[v]) : humanize(v));
  const filtered = Boolean(t.query.filters.type || t.query.filters.status || t.query.filters.fromDate || t.query.filters.toDate);
  return (
    <div className={`container page ${width.w1100}`}>
      <h1 className="page-title">{tr('transactionsTitle')}</h1>
      <p className="page-lead">
        {tr.rich('transactionsLead', { link: (c) => <Link href="/user/wallet">{c}</Link> })}
      </p>
      <TestPaymentsNotice />
      <SectionCard title={tr('cardPayments')}>
        <FilterBar label={tr('filterTransactions')}>
          <FilterSelect label={tr('type')} name="type" query={t.query} set={t.set} options={PAYMENT_TRANSACTION_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />
          <FilterSelect label={tr('status')} name="status" query={t.query} set={t.set} width={150} options={PAYMENT_TRANSACTION_STATUSES.map((v) => ({ value: v, label: statusLabel(v) }))} />
          <DateFilters query={t.query} set={t.set} />
        </FilterBar>
        <QueryTable<PaymentTransaction>
          table={table}
          errorTitle={tr('transactionsLoadFailed')}
          totalLabel={(n) => tr('transactionsTotal', { count: n })}
          empty={<EmptyState
                title={filtered ? tr('noMatchTitle') : tr('noTransactionsTitle')}
                description={filtered ? tr('noMatchTransactions') : tr.rich('noTransactionsText', { link: (c) => <Link href="/user/wallet">{c}</Link> })}
              />}
          cardsLabel={tr('cardPaymentsList')}
          scroll={{ x: 900 }}
          size="middle"
          columns={[
            { key: 'createdAt', title: tr('date'), sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, x) => <time dateTime={x.createdAt}>{f.fullDate(x.createdAt)}</time> },
            { key: 'type', title: tr('type'), render: (_, x) => typeLabel(x.type) },
            { key: 'description', title: tr('description'), render: (_, x) => x.description },
            { key: 'performer', title: tr('creator'), render: (_, x) => <CreatorCell user={x.performer} /> },
            { key: 'card', title: tr('card'), render: (_, x) => (x.card ? <span className={moneyStyles.nowrap}>{cardLabel(x.card)}</span> : <span className="muted">—</span>) },
            { key: 'amount', title: tr('amount'), align: 'right', sorter: true, sortOrder: t.sortOrder('amount'), render: (_, x) => <AmountCell amount={x.amount} original={x.originalAmount} /> },
            {
              key: 'status',
              title: tr('status'),
              render: (_, x) => (
                <div className={moneyStyles.stack}>
                  <Tag color={STATUS_COLOR[x.status]} variant="filled">
                    {statusLabel(x.status)}
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
