'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { Card, Tag } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { WALLET_CHARGE_KINDS, type WalletCharge } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import type { Messages } from '@/i18n/messages';
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

const KIND_LABEL: Record<string, keyof Messages['wallet']> = { tip: 'kindTip', feed: 'kindFeed', product: 'kindProduct', video: 'kindVideo', message: 'kindMessage', gallery: 'kindGallery', stream: 'kindStream' };
const KIND_COLOR: Record<string, string> = { tip: 'magenta', feed: 'purple', product: 'gold', video: 'blue', message: 'cyan', gallery: 'geekblue', stream: 'volcano' };

function BalanceCard() {
  const { balance, refresh } = useBalance();
  const t = useTranslations('wallet');
  const { money } = useFormat();
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
          {t('walletBalance')}
        </div>
        <div className={styles.balanceValue} data-testid="wallet-balance">
          {money(balance)}
        </div>
        <div className={styles.balanceHint}>{t('balanceHint')}</div>
      </div>
    </div>
  );
}

/** Wallet spending history: GET /wallet/charges/search (tips and purchases), state in the URL. */
function WalletHistory() {
  const table = useRouteTable(routes.wallet.search, { sortBy: 'createdAt', query: withDateRange });
  const { t } = table;
  const tr = useTranslations('wallet');
  const f = useFormat();
  const kindLabel = (k: string) => (KIND_LABEL[k] ? tr(KIND_LABEL[k]) : humanize(k));
  const filtered = Boolean(t.query.filters.type || t.query.filters.fromDate || t.query.filters.toDate);
  return (
    <>
      <FilterBar label={tr('filterHistory')}>
        <FilterSelect label={tr('type')} name="type" query={t.query} set={t.set} options={WALLET_CHARGE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} />
        <DateFilters query={t.query} set={t.set} />
      </FilterBar>
      <QueryTable<WalletCharge>
        table={table}
        errorTitle={tr('historyLoadFailed')}
        totalLabel={(n) => tr('paymentsTotal', { count: n })}
        empty={<EmptyState
              title={filtered ? tr('noMatchTitle') : tr('noHistoryTitle')}
              description={filtered ? tr('noMatchHistory') : tr.rich('noHistoryText', { link: (c) => <Link href="/search">{c}</Link> })}
            />}
        cardsLabel={tr('historyList')}
        scroll={{ x: 640 }}
        size="middle"
        aria-label={tr('history')}
        columns={[
          { key: 'createdAt', title: tr('date'), sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, c) => <time dateTime={c.createdAt}>{f.fullDate(c.createdAt)}</time> },
          { key: 'type', title: tr('type'), render: (_, c) => <Tag color={KIND_COLOR[c.type]} variant="filled">{kindLabel(c.type)}</Tag> },
          // A bought post opens from here even after it expired (feeds README "Expiring posts").
          { key: 'description', title: tr('description'), render: (_, c) => (c.type === 'feed' && c.itemId ? <Link href={`/post/${c.itemId}`}>{c.description}</Link> : c.description) },
          { key: 'performer', title: tr('creator'), render: (_, c) => <CreatorCell user={c.performer} /> },
          { key: 'amount', title: tr('paid'), align: 'right', sorter: true, sortOrder: t.sortOrder('amount'), render: (_, c) => <AmountCell amount={c.amount} original={c.originalAmount} /> },
        ]}
      />
    </>
  );
}

/** /user/wallet: balance, top-up, spending history. */
export default function WalletPage() {
  const isPerformer = Boolean(useCurrentUser()?.isPerformer);
  const t = useTranslations('wallet');
  if (isPerformer)
    return (
      <div className={`container page ${width.w760}`}>
        <h1 className="page-title">{t('title')}</h1>
        <Card>
          <EmptyState title={t('forFansTitle')} description={t.rich('forFansText', { link: (c) => <Link href="/creator/earnings">{c}</Link> })} />
        </Card>
      </div>
    );
  return (
    <div className={`container page ${width.w980}`}>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t.rich('lead', { link: (c) => <Link href="/user/transactions">{c}</Link> })}</p>
      <TestPaymentsNotice />
      <div className={styles.grid}>
        <Card className={styles.balanceCard}>
          <BalanceCard />
        </Card>
        <SectionCard title={t('topUp')}>
          <TopUpForm />
        </SectionCard>
      </div>
      <SectionCard title={t('history')} description={t('historyText')}>
        <WalletHistory />
      </SectionCard>
    </div>
  );
}
