'use client';
import { useState } from 'react';
import Link from 'next/link';
import { App, Button, Tag } from 'antd';
import { SUBSCRIPTION_STATUS_VALUES, type Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import { plural } from '@/lib/format';
import { useAppDispatch } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import { EmptyState } from '@/components/states';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { CreatorCell, moneyStyles } from '@/components/money/cells';
import width from '@/components/layouts/page-width.module.css';
import { FilterSelect, shortDate } from '@/components/list/table-helpers';
import { usePaymentSettings } from '@/lib/payments';
import { subscriptionState } from '@/lib/use-my-subscription';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { subscriptionAction } from './subscription-actions';
import FilterBar from '@/components/list/FilterBar';
import TierBadge from '@/components/tiers/TierBadge';
import ChangeTierDialog from './ChangeTierDialog';
import BundleRenewal from './BundleRenewal';

const STATUS_OPTIONS: Record<(typeof SUBSCRIPTION_STATUS_VALUES)[number], string> = { active: 'Active', cancelled: 'Cancelled', past_due: 'Past due', expired: 'Expired' };

function StatusCell({ s }: { s: Subscription }) {
  const st = subscriptionState(s);
  return (
    <div className={moneyStyles.stack}>
      <span>
        <Tag color={st.color} variant="filled">
          {st.label}
        </Tag>
        {s.renewing && s.status === 'active' && <span className={`muted ${moneyStyles.small}`}>renewing</span>}
      </span>
      {s.status === 'cancelled' && s.isActive && <span className={moneyStyles.small}>access until {shortDate(s.expiresAt)}</span>}
      {s.status === 'past_due' && <span className={`muted ${moneyStyles.small}`}>Payment failed — we&rsquo;ll retry your card</span>}
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
  const [busy, setBusy] = useState<string | null>(null);
  const [changing, setChanging] = useState<Subscription | null>(null);

  const cancel = (s: Subscription) =>
    modal.confirm({
      title: `Cancel your subscription to ${s.performer?.name || 'this creator'}?`,
      content: `It won't renew. You keep access to subscriber posts until ${shortDate(s.expiresAt)}.`,
      okText: 'Cancel subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep subscription',
      onOk: async () => {
        setBusy(s._id);
        try {
          const r = await call(routes.subscriptions.cancel, { params: { provider: s.gateway || pay.gateway, id: s._id } });
          message.success(`Cancelled — you have access until ${shortDate(r.expiresAt)}`);
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
    const name = s.performer?.name || 'creator';
    switch (subscriptionAction(s)) {
      case 'cancel':
        return (
          <span className={moneyStyles.stack}>
            {s.tier && s.gateway !== 'stripe' && !s.bundle && (
              <Button size="small" onClick={() => setChanging(s)} aria-label={`Change tier of your subscription to ${name}`}>
                Change tier
              </Button>
            )}
            <Button size="small" danger loading={busy === s._id} onClick={() => cancel(s)} aria-label={`Cancel subscription to ${name}`}>
              Cancel subscription
            </Button>
          </span>
        );
      case 'resubscribe':
        return (
          <Button size="small" onClick={() => resubscribe(s)} aria-label={`Subscribe again to ${name}`}>
            Subscribe again
          </Button>
        );
      case 'blocked-by-you':
        return <Tag>You blocked this creator</Tag>;
      case 'unavailable':
        return <Tag>Not available</Tag>;
      default:
        return null;
    }
  };

  const filtered = Boolean(t.query.filters.status);
  const empty = (
    <EmptyState
      title={filtered ? 'No subscriptions with this status' : 'No subscriptions yet'}
      description={filtered ? 'Try another status.' : (<>Subscribe to a creator to see their subscriber-only posts. <Link href="/search">Find creators</Link></>)}
    />
  );

  return (
    <div className={`container page ${width.w1000}`}>
      <h1 className="page-title">Subscriptions</h1>
      <p className="page-lead">Creators you subscribe to. Cancelling stops the renewal; you keep access until the end of the period you paid for.</p>
      <TestPaymentsNotice />
      <SectionCard title="My subscriptions">
        <FilterBar label="Filter subscriptions">
          <FilterSelect label="Status" name="status" query={t.query} set={t.set} width={160} options={SUBSCRIPTION_STATUS_VALUES.map((v) => ({ value: v, label: STATUS_OPTIONS[v] }))} />
        </FilterBar>
        <QueryTable<Subscription>
          table={table}
          errorTitle="Your subscriptions didn't load"
          totalLabel={(n) => plural(n, 'subscription')}
          empty={empty}
          cardsLabel="Subscriptions list"
          scroll={{ x: 760 }}
          size="middle"
          columns={[
            { key: 'performer', title: 'Creator', render: (_, s) => <CreatorCell user={s.performer} /> },
            {
              key: 'tier',
              title: 'Tier',
              render: (_, s) => (
                <span className={moneyStyles.stack}>
                  <TierBadge tier={s.tier} />
                  {s.pendingTier && <span className={`muted ${moneyStyles.small}`}>{s.pendingTier.name} from {shortDate(s.expiresAt)}</span>}
                </span>
              ),
            },
            { key: 'status', title: 'Status', render: (_, s) => <StatusCell s={s} /> },
            { key: 'price', title: 'Price', align: 'right', render: (_, s) => <BundleRenewal s={s} onChanged={() => void mutate()} /> },
            {
              key: 'expiresAt',
              title: 'Expires / renews on',
              sorter: true,
              sortOrder: t.sortOrder('expiresAt'),
              render: (_, s) => (
                <span>
                  <span className={`muted ${moneyStyles.smallBlock}`}>
                    {subscriptionState(s).dateLabel}
                  </span>
                  {shortDate(s.expiresAt)}
                </span>
              ),
            },
            { key: 'action', title: <span className="sr-only">Action</span>, align: 'right', render: (_, s) => action(s) },
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
