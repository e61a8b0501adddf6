'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { Card, Tag } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { WALLET_CHARGE_KINDS, type WalletCharge } from '@stagepass/shared';
import { fullDate, money, plural } from '@/lib/format';
import { EmptyState } from '@/components/states';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { AmountCell, CreatorCell } from '@/components/money/cells';
import { DateFilters, FilterSelect, humanize, withDateRange } from '@/components/list/table-helpers';
import { useBalance } from '@/lib/payments';
import { useCurrentUser } from '@/store';
import TopUpForm from './TopUpForm';
import styles from './wallet.module.css';
import width from '@/components/layouts/page-width.module.css';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { routes } from '@stagepass/shared/routes';
import FilterBar from '@/components/list/FilterBar';

const KIND_LABEL: Record<string, string> = { tip: 'Tip', feed: 'Post', product: 'Product', video: 'Video', message: 'Message', gallery: 'Gallery', stream: 'Stream' };
const KIND_COLOR: Record<string, string> = { tip: 'magenta', feed: 'purple', product: 'gold', video: 'blue', message: 'cyan', gallery: 'geekblue', stream: 'volcano' };

function BalanceCard() {
  const { balance, refresh } = useBalance();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <div className={styles.balance} role="group" aria-labelledby="wallet-balance-label">
      <div className={styles.balanceIcon} aria-hidden="true">
        <WalletOutlined />
      </div>
      <div>
        <div id="wallet-balance-label" className={styles.balanceLabel}>
          Wallet balance
        </div>
        <div className={styles.balanceValue} data-testid="wallet-balance">
          {money(balance)}
        </div>
        <div className={styles.balanceHint}>Spend it on tips and pay-per-view posts.</div>
      </div>
    </div>
  );
}

/** Wallet spending history: GET /wallet/charges/search (tips and purchases), state in the URL. */
function WalletHistory() {
  const table = useRouteTable(routes.wallet.search, { sortBy: 'createdAt', query: withDateRange });
  const { t } = table;
  const filtered = Boolean(t.query.filters.type || t.query.filters.fromDate || t.query.filters.toDate);
  return (
    <>
      <FilterBar label="Filter wallet history">
        <FilterSelect label="Type" name="type" query={t.query} set={t.set} options={WALLET_CHARGE_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] || humanize(k) }))} />
        <DateFilters query={t.query} set={t.set} />
      </FilterBar>
      <QueryTable<WalletCharge>
        table={table}
        errorTitle="Your wallet history didn't load"
        totalLabel={(n) => plural(n, 'payment')}
        empty={<EmptyState
              title={filtered ? 'Nothing matches these filters' : 'No wallet payments yet'}
              description={filtered ? 'Try another type or date range.' : (<>Tips and posts you unlock with your wallet show up here. <Link href="/search">Find creators</Link></>)}
            />}
        cardsLabel="Wallet history list"
        scroll={{ x: 640 }}
        size="middle"
        aria-label="Wallet history"
        columns={[
          { key: 'createdAt', title: 'Date', sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, c) => <time dateTime={c.createdAt}>{fullDate(c.createdAt)}</time> },
          { key: 'type', title: 'Type', render: (_, c) => <Tag color={KIND_COLOR[c.type]} variant="filled">{KIND_LABEL[c.type] || humanize(c.type)}</Tag> },
          // A bought post opens from here even after it expired (feeds README "Expiring posts").
          { key: 'description', title: 'Description', render: (_, c) => (c.type === 'feed' && c.itemId ? <Link href={`/post/${c.itemId}`}>{c.description}</Link> : c.description) },
          { key: 'performer', title: 'Creator', render: (_, c) => <CreatorCell user={c.performer} /> },
          { key: 'amount', title: 'Paid', align: 'right', sorter: true, sortOrder: t.sortOrder('amount'), render: (_, c) => <AmountCell amount={c.amount} original={c.originalAmount} /> },
        ]}
      />
    </>
  );
}

/** /user/wallet: balance, top-up, spending history. */
export default function WalletPage() {
  const isPerformer = Boolean(useCurrentUser()?.isPerformer);
  if (isPerformer)
    return (
      <div className={`container page ${width.w760}`}>
        <h1 className="page-title">Wallet</h1>
        <Card>
          <EmptyState title="The wallet is for fans" description={<>As a creator you are paid through your earnings. <Link href="/creator/earnings">See your earnings</Link></>} />
        </Card>
      </div>
    );
  return (
    <div className={`container page ${width.w980}`}>
      <h1 className="page-title">Wallet</h1>
      <p className="page-lead">
        Top up with a card, then tip creators and unlock posts in one tap. Card payments are listed under <Link href="/user/transactions">Transactions</Link>.
      </p>
      <TestPaymentsNotice />
      <div className={styles.grid}>
        <Card className={styles.balanceCard}>
          <BalanceCard />
        </Card>
        <SectionCard title="Top up">
          <TopUpForm />
        </SectionCard>
      </div>
      <SectionCard title="Wallet history" description="What you spent from your wallet: tips and purchases.">
        <WalletHistory />
      </SectionCard>
    </div>
  );
}
