'use client';
import { useState } from 'react';
import Link from 'next/link';
import { App, Button, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { SUBSCRIPTION_STATUS_VALUES, type Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useAppDispatch } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import { EmptyState } from '@/components/states';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { CreatorCell, moneyStyles } from '@/components/money/cells';
import width from '@/components/layouts/page-width.module.css';
import { FilterSelect } from '@/components/list/table-helpers';
import { usePaymentSettings } from '@/lib/payments';
import { subscriptionState } from '@/lib/use-my-subscription';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { subscriptionAction } from './subscription-actions';
import FilterBar from '@/components/list/FilterBar';
import TierBadge from '@/components/tiers/TierBadge';
import ChangeTierDialog from './ChangeTierDialog';
import BundleRenewal from './BundleRenewal';

const STATUS_OPTIONS = { active: 'stateActive', cancelled: 'stateCancelled', past_due: 'statePastDue', expired: 'stateExpired' } as const satisfies Record<(typeof SUBSCRIPTION_STATUS_VALUES)[number], string>;

/** subscriptionState's words (lib/use-my-subscription, English) → their keys in the subscriptions messages. */
const STATE_LABELS: Record<string, 'stateActive' | 'stateCancelled' | 'statePastDue' | 'stateExpired' | 'stateFreeTrial'> = { Active: 'stateActive', Cancelled: 'stateCancelled', 'Past due': 'statePastDue', Expired: 'stateExpired', 'Free trial': 'stateFreeTrial' };
const DATE_LABELS: Record<string, 'dateAccessUntil' | 'dateEndedOn' | 'dateRenewsOn' | 'dateEndsOn'> = { 'Access until': 'dateAccessUntil', 'Ended on': 'dateEndedOn', 'Renews on': 'dateRenewsOn', 'Ends on': 'dateEndsOn' };

function StatusCell({ s }: { s: Subscription }) {
  const t = useTranslations('subscriptions');
  const fmt = useFormat();
  const st = subscriptionState(s);
  const label = STATE_LABELS[st.label];
  return (
    <div className={moneyStyles.stack}>
      <span>
        <Tag color={st.color} variant="filled">
          {label ? t(label) : st.label}
        </Tag>
        {s.renewing && s.status === 'active' && <span className={`muted ${moneyStyles.small}`}>{t('renewing')}</span>}
      </span>
      {s.status === 'cancelled' && s.isActive && <span className={moneyStyles.small}>{t('accessUntilShort', { date: fmt.shortDate(s.expiresAt) })}</span>}
      {s.status === 'past_due' && <span className={`muted ${moneyStyles.small}`}>{t('paymentFailedRetry')}</span>}
    </div>
  );
}

/** /user/subscriptions: GET /subscriptions/user/search (status filter, URL state), cancel renewal. */
export default function SubscriptionsPage() {
  const { message, modal } = App.useApp();
  const dispatch = useAppDispatch();
  const pay = usePaymentSettings();
  const table = useRouteTable(routes.subscriptions.mine, { sortBy: 'updatedAt' });
  const { t, mutate } = table;
  const tr = useTranslations('subscriptions');
  const fmt = useFormat();
  const shortDate = (iso: string | null | undefined) => fmt.shortDate(iso);
  const [busy, setBusy] = useState<string | null>(null);
  const [changing, setChanging] = useState<Subscription | null>(null);

  const cancel = (s: Subscription) =>
    modal.confirm({
      title: s.performer ? tr('cancelTitle', { name: s.performer.name }) : tr('cancelTitleUnknown'),
      content: tr('cancelText', { date: shortDate(s.expiresAt) }),
      okText: tr('cancelSubscription'),
      okButtonProps: { danger: true },
      cancelText: tr('keepSubscription'),
      onOk: async () => {
        setBusy(s._id);
        try {
          const r = await call(routes.subscriptions.cancel, { params: { provider: s.gateway || pay.gateway, id: s._id } });
          message.success(tr('cancelledDone', { date: shortDate(r.expiresAt) }));
          await Promise.all([mutate(), revalidateRoutes(routes.subscriptions.mine)]);
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(null);
        }
      },
    });

  const resubscribe = (s: Subscription) => s.performer && dispatch(openSubscriptionModal({ performer: s.performer, subscriptionType: 'monthly' }));

  const action = (s: Subscription) => {
    const name = s.performer?.name || tr('creatorFallback');
    switch (subscriptionAction(s)) {
      case 'cancel':
        return (
          <span className={moneyStyles.stack}>
            {s.tier && s.gateway !== 'stripe' && !s.bundle && (
              <Button size="small" onClick={() => setChanging(s)} aria-label={tr('changeTierOf', { name })}>
                {tr('changeTier')}
              </Button>
            )}
            <Button size="small" danger loading={busy === s._id} onClick={() => cancel(s)} aria-label={tr('cancelSubscriptionTo', { name })}>
              {tr('cancelSubscription')}
            </Button>
          </span>
        );
      case 'resubscribe':
        return (
          <Button size="small" onClick={() => resubscribe(s)} aria-label={tr('subscribeAgainTo', { name })}>
            {tr('subscribeAgain')}
          </Button>
        );
      case 'blocked-by-you':
        return <Tag>{tr('youBlocked')}</Tag>;
      case 'unavailable':
        return <Tag>{tr('notAvailable')}</Tag>;
      default:
        return null;
    }
  };

  const filtered = Boolean(t.query.filters.status);
  const empty = (
    <EmptyState
      title={tr(filtered ? 'noneWithStatus' : 'noneYet')}
      description={filtered ? tr('tryAnotherStatus') : tr.rich('noneYetText', { link: (c) => <Link href="/search">{c}</Link> })}
    />
  );

  return (
    <div className={`container page ${width.w1000}`}>
      <h1 className="page-title">{tr('title')}</h1>
      <p className="page-lead">{tr('lead')}</p>
      <TestPaymentsNotice />
      <SectionCard title={tr('mySubscriptions')}>
        <FilterBar label={tr('filterSubscriptions')}>
          <FilterSelect label={tr('colStatus')} name="status" query={t.query} set={t.set} width={160} options={SUBSCRIPTION_STATUS_VALUES.map((v) => ({ value: v, label: tr(STATUS_OPTIONS[v]) }))} />
        </FilterBar>
        <QueryTable<Subscription>
          table={table}
          errorTitle={tr('listFailed')}
          totalLabel={(n) => tr('count', { count: n })}
          empty={empty}
          cardsLabel={tr('listLabel')}
          scroll={{ x: 760 }}
          size="middle"
          columns={[
            { key: 'performer', title: tr('colCreator'), render: (_, s) => <CreatorCell user={s.performer} /> },
            {
              key: 'tier',
              title: tr('colTier'),
              render: (_, s) => (
                <span className={moneyStyles.stack}>
                  <TierBadge tier={s.tier} />
                  {s.pendingTier && <span className={`muted ${moneyStyles.small}`}>{tr('pendingTierFrom', { name: s.pendingTier.name, date: shortDate(s.expiresAt) })}</span>}
                </span>
              ),
            },
            { key: 'status', title: tr('colStatus'), render: (_, s) => <StatusCell s={s} /> },
            { key: 'price', title: tr('colPrice'), align: 'right', render: (_, s) => <BundleRenewal s={s} onChanged={() => void mutate()} /> },
            {
              key: 'expiresAt',
              title: tr('colExpires'),
              sorter: true,
              sortOrder: t.sortOrder('expiresAt'),
              render: (_, s) => (
                <span>
                  <span className={`muted ${moneyStyles.smallBlock}`}>
                    {((d) => (DATE_LABELS[d] ? tr(DATE_LABELS[d]) : d))(subscriptionState(s).dateLabel)}
                  </span>
                  {shortDate(s.expiresAt)}
                </span>
              ),
            },
            { key: 'action', title: <span className="sr-only">{tr('colAction')}</span>, align: 'right', render: (_, s) => action(s) },
          ]}
        />
      </SectionCard>
      {changing && (
        <ChangeTierDialog
          sub={changing}
          onClose={() => {
            setChanging(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
