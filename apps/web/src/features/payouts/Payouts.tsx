'use client';
/**
 * /creator/payouts: the pending-review banner (GET /payout-requests/check/pending-review), the
 * balance calculation (POST /payout-requests/calculate), the request form (POST /payout-requests),
 * editing a pending request (PUT /payout-requests/{id}), the list (GET /payout-requests/search,
 * status filter and table state in the URL) and a detail drawer (GET /payout-requests/{id}/view).
 * Requests and their edits need two-factor authentication (the API answers 403 without it): a
 * creator without it sees a call to turn it on instead of the form and the edit buttons. Requests
 * need tax details too (the API answers 422 without them): until they are given, PayoutTaxCta
 * links to the tax form instead of the request form.
 */
import { useState } from 'react';
import Link from 'next/link';
import useSWR, { useSWRConfig } from 'swr';
import { Alert, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { EditOutlined, EyeOutlined, LineChartOutlined, SettingOutlined } from '@ant-design/icons';
import type { PayoutRequest } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import { fullDate, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import { Money, PayoutStatusTag, StatGrid, moneyCss as css, payoutStatusOptions, shortDate } from '@/components/money/money-ui';
import PayoutDetailDrawer from '@/components/money/PayoutDetailDrawer';
import PayoutRequestForm from './PayoutRequestForm';
import EditPayoutModal from './EditPayoutModal';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { useCurrentUser } from '@/store';
import PayoutTwoFactorCta from './PayoutTwoFactorCta';
import PayoutTaxCta, { useTaxDetailsGiven } from './PayoutTaxCta';


export default function Payouts() {
  const settings = useSettings();
  const user = useCurrentUser();
  const needsTwoFactor = Boolean(user && !user.twoFactorEnabled);
  // Payouts need tax details (modules/taxes): until they are given the page links to the form instead of the request form.
  const tax = useTaxDetailsGiven();
  const { mutate: globalMutate } = useSWRConfig();
  const t = useTableQuery({ sortBy: 'updatedAt' });
  const status = payoutStatusOptions.some((o) => o.value === t.query.filters.status) ? t.query.filters.status : undefined;
  // A POST that only reads: SWR keeps it under its path, fetched with `call`.
  const calc = useSWR(routeKey(routes.payouts.calculate), () => call(routes.payouts.calculate));
  const pending = useRoute(routes.payouts.pendingReview);
  const list = useRouteTable(routes.payouts.search, { sortBy: 'updatedAt', query: (q) => ({ ...q, status }) });
  const [viewId, setViewId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PayoutRequest | null>(null);

  const refresh = () => {
    void calc.mutate();
    void pending.mutate();
    void list.mutate();
    void revalidateRoutes(routes.earnings.stats);
    if (viewId) void globalMutate(routeKey(routes.payouts.view, { params: { id: viewId } }));
  };
  const pendingReq = pending.data?.hasPending ? pending.data.request : null;
  const c = calc.data;

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Payouts</h1>
          <p className="page-lead">Withdraw what you have earned. The team reviews each request before paying it.</p>
        </div>
        <Space wrap>
          <Link href="/creator/earnings">
            <Button icon={<LineChartOutlined />}>Earnings</Button>
          </Link>
          <Link href="/creator/banking">
            <Button icon={<SettingOutlined />}>Banking settings</Button>
          </Link>
        </Space>
      </div>

      {pendingReq && (
        <Alert
          type="info"
          showIcon
          role="status"
          className={css.block}
          title="A payout request is pending review"
          description={
            <>
              <p className={css.line}>
                {money(pendingReq.amount)} requested on {shortDate(pendingReq.createdAt)}. We&apos;ll let you know when it is approved and paid.
              </p>
              <Space wrap size={8}>
                <Button size="small" onClick={() => setViewId(pendingReq._id)}>
                  View request
                </Button>
                {!needsTwoFactor && (
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(pendingReq)}>
                    Edit request
                  </Button>
                )}
              </Space>
            </>
          }
        />
      )}

      {calc.error && !c ? (
        <Card className={css.block}>
          <ErrorState title="Your balance didn't load" message={errorText(calc.error)} onRetry={() => void calc.mutate()} />
        </Card>
      ) : (
        <>
          <h2 className={css.srOnly}>Balance</h2>
          <StatGrid
            label="Payout balance"
            loading={!c}
            items={[
              { key: 'netEarned', label: 'Net earned', value: c?.netEarned, hint: 'All time, after commission' },
              { key: 'paidOut', label: 'Paid out', value: c?.paidOut },
              { key: 'pending', label: 'Pending', value: c?.pending, hint: 'Requested, not paid yet' },
              { key: 'available', label: 'Available', value: c?.available, hint: 'Net earned − paid out − pending', highlight: true },
              { key: 'minimum', label: 'Minimum payout', value: c?.minimumPayoutAmount ?? settings.minimumPayoutAmount },
            ]}
          />
        </>
      )}

      {needsTwoFactor ? (
        <PayoutTwoFactorCta />
      ) : tax.given === false || tax.error ? (
        <PayoutTaxCta error={tax.error} onRetry={tax.retry} />
      ) : c && tax.given ? (
        <PayoutRequestForm calc={c} pending={pendingReq} onDone={refresh} />
      ) : !calc.error || tax.given === undefined ? (
        <Card className={css.block} aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : null}

      <Card styles={{ body: { padding: 12 } }}>
        <div className={`${css.toolbar} ${css.tableBar}`}>
          <h2 className={css.sectionTitle}>Payout requests</h2>
          <Select
            aria-label="Status"
            placeholder="Any status"
            allowClear
            value={status}
            onChange={(v) => t.set({ status: v ?? null })}
            options={payoutStatusOptions}
            showSearch={{ optionFilterProp: 'label' }}
            className={css.statusFilter}
          />
        </div>
        <QueryTable<PayoutRequest>
          table={list}
          errorTitle="Your payout requests didn't load"
          totalLabel={(n) => (n === 1 ? '1 request' : `${n} requests`)}
          empty={status ? <EmptyState title="No requests with this status" /> : <EmptyState title="No payout requests yet" description="When you request a payout it appears here with its status." />}
          cardsLabel="Payout requests list"
          scroll={{ x: 760 }}
          size="middle"
          columns={[
            { key: 'createdAt', title: 'Requested', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            // Not sortable: a sortable header carries aria-label "Amount", which would clash with the form's `Amount` field for getByLabel.
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 120, render: (v: number) => <Money value={v} strong /> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <PayoutStatusTag status={v} /> },
            {
              key: 'updatedAt',
              title: 'Updated',
              dataIndex: 'updatedAt',
              width: 170,
              sorter: true,
              sortOrder: t.sortOrder('updatedAt'),
              render: (_: string, p) => (
                <span>
                  {fullDate(p.paidAt || p.rejectedAt || p.approvedAt || p.updatedAt)}
                  {(p.paidAt || p.rejectedAt || p.approvedAt) && <span className="muted"> · {p.paidAt ? 'paid' : p.rejectedAt ? 'rejected' : 'approved'}</span>}
                </span>
              ),
            },
            { key: 'adminNote', title: 'Admin note', dataIndex: 'adminNote', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} className={css.note240}>{v || '—'}</Typography.Text> },
            {
              key: 'actions',
              title: <span className={css.srOnly}>Actions</span>,
              width: 96,
              fixed: 'right',
              render: (_, p) => (
                <Space size={0}>
                  <Button type="text" icon={<EyeOutlined />} aria-label="View" title="View" onClick={() => setViewId(p._id)} />
                  {p.status === 'pending' && !needsTwoFactor && <Button type="text" icon={<EditOutlined />} aria-label="Edit" title="Edit" onClick={() => setEditing(p)} />}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <PayoutDetailDrawer
        id={viewId}
        onClose={() => setViewId(null)}
        onEdit={
          needsTwoFactor
            ? undefined
            : (p) => {
                setViewId(null);
                setEditing(p);
              }
        }
      />
      <EditPayoutModal
        request={editing}
        calc={c}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </div>
  );
}
