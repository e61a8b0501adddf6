'use client';
/**
 * /creator/payouts: the pending-review banner (GET /payout-requests/check/pending-review), the
 * balance calculation (POST /payout-requests/calculate), the request form (POST /payout-requests),
 * editing a pending request (PUT /payout-requests/{id}), the list (GET /payout-requests/search,
 * status filter and table state in the URL) and a detail drawer (GET /payout-requests/{id}/view).
 */
import { useEffect, useState } from 'react';
import Link from 'next/link';
import useSWR, { useSWRConfig } from 'swr';
import { Alert, App, Button, Card, Form, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { EditOutlined, EyeOutlined, LineChartOutlined, SettingOutlined } from '@ant-design/icons';
import { MESSAGES, type PayoutCalculation, type PayoutRequest } from '@stagepass/shared';
import { api, errorText } from '@/lib/api';
import { showFieldErrors } from '@/lib/form-rules';
import { fullDate, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import { Money, PayoutStatusTag, StatGrid, moneyCss as css, payoutStatusOptions, shortDate } from '@/components/money/money-ui';
import PayoutDetailDrawer from './PayoutDetailDrawer';
import { PayoutAmountFields, type PayoutFormValues } from './PayoutAmountFields';
import QueryTable, { useQueryTable } from '@/components/list/QueryTable';

const CALC_KEY = 'payout-requests/calculate';
type PendingReview = { hasPending: boolean; request: PayoutRequest | null };

const round2 = (n: number) => Math.round(n * 100) / 100;

function RequestForm({ calc, pending, onDone }: { calc: PayoutCalculation; pending: PayoutRequest | null; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayoutFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const min = calc.minimumPayoutAmount;
  const max = round2(calc.available);
  const tooLow = max < min;
  const blocked = Boolean(pending) || tooLow;

  const submit = async (v: PayoutFormValues) => {
    setSaving(true);
    setError(null);
    try {
      await api.post<PayoutRequest>('/payout-requests', { amount: v.amount, requestNote: v.requestNote?.trim() ?? '' });
      message.success('Payout requested');
      form.resetFields();
      onDone();
    } catch (e) {
      showFieldErrors(form, e);
      setError(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 20 } }}>
      <h2 style={{ fontSize: 18, fontWeight: 650, margin: '0 0 4px' }} id="request-payout-title">
        Request a payout
      </h2>
      <p className="muted" style={{ margin: '0 0 16px' }}>
        We pay to the method in your <Link href="/creator/banking">banking settings</Link>. One request can wait for review at a time.
      </p>
      {pending ? (
        <p role="status" style={{ margin: 0 }}>
          Your request of <strong>{money(pending.amount)}</strong> is waiting for review. You can change it until the team reviews it, and request another payout after that.
        </p>
      ) : tooLow ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`You need at least ${money(min)} available to request a payout`} description={`Available now: ${money(max)}.`} />
      ) : null}
      {!blocked && (
        <Form<PayoutFormValues> form={form} layout="vertical" name="payout-request" onFinish={submit} aria-labelledby="request-payout-title" requiredMark={false}>
          <PayoutAmountFields min={min} max={max} idPrefix="payout" />
          {error && (
            <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
          )}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              Request payout
            </Button>
            <Button type="link" onClick={() => form.setFieldsValue({ amount: max })}>
              Request everything ({money(max)})
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}

function EditModal({ request, calc, onClose, onSaved }: { request: PayoutRequest | null; calc?: PayoutCalculation; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayoutFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The request's own amount is counted as pending: it can grow up to what is available plus itself.
  const max = request ? round2((calc?.available ?? 0) + request.amount) : 0;
  const min = calc?.minimumPayoutAmount ?? 0;
  // Fill the form when a request is opened (not after the open animation: the user may already be typing).
  useEffect(() => {
    if (request) form.setFieldsValue({ amount: request.amount, requestNote: request.requestNote });
  }, [request, form]);

  const save = async () => {
    if (!request) return;
    let v: PayoutFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await api.put<PayoutRequest>(`/payout-requests/${request._id}`, { amount: v.amount, requestNote: v.requestNote?.trim() ?? '' });
      message.success(MESSAGES.changesSaved);
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setError(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(request)}
      title="Edit payout request"
      onCancel={onClose}
      onOk={save}
      okText="Save changes"
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setError(null);
      }}
    >
      <Form<PayoutFormValues> form={form} layout="vertical" name="payout-edit" requiredMark={false} onFinish={save} initialValues={request ? { amount: request.amount, requestNote: request.requestNote } : undefined}>
        <PayoutAmountFields min={min} max={max} idPrefix="payout-edit" />
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}

export default function Payouts() {
  const settings = useSettings();
  const { mutate: globalMutate } = useSWRConfig();
  const t = useTableQuery({ sortBy: 'updatedAt' });
  const status = payoutStatusOptions.some((o) => o.value === t.query.filters.status) ? t.query.filters.status : undefined;
  const calc = useSWR<PayoutCalculation>(CALC_KEY, () => api.post<PayoutCalculation>('/payout-requests/calculate', {}));
  const pending = useSWR<PendingReview>('/payout-requests/check/pending-review');
  const list = useQueryTable<PayoutRequest>('/payout-requests/search', { sortBy: 'updatedAt', query: (q) => ({ ...q, status }) });
  const [viewId, setViewId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PayoutRequest | null>(null);

  const refresh = () => {
    void calc.mutate();
    void pending.mutate();
    void list.mutate();
    void globalMutate((k) => Array.isArray(k) && k[0] === '/performer/earning/stats');
    if (viewId) void globalMutate(`/payout-requests/${viewId}/view`);
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
          style={{ marginBottom: 16 }}
          title="A payout request is pending review"
          description={
            <>
              <p style={{ margin: '0 0 8px' }}>
                {money(pendingReq.amount)} requested on {shortDate(pendingReq.createdAt)}. We&apos;ll let you know when it is approved and paid.
              </p>
              <Space wrap size={8}>
                <Button size="small" onClick={() => setViewId(pendingReq._id)}>
                  View request
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(pendingReq)}>
                  Edit request
                </Button>
              </Space>
            </>
          }
        />
      )}

      {calc.error && !c ? (
        <Card style={{ marginBottom: 16 }}>
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

      {c ? (
        <RequestForm calc={c} pending={pendingReq} onDone={refresh} />
      ) : !calc.error ? (
        <Card style={{ marginBottom: 16 }} aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : null}

      <Card styles={{ body: { padding: 12 } }}>
        <div className={css.toolbar} style={{ justifyContent: 'space-between', alignItems: 'center', margin: '4px 4px 12px' }}>
          <h2 style={{ fontSize: 18, fontWeight: 650, margin: 0 }}>Payout requests</h2>
          <Select
            aria-label="Status"
            placeholder="Any status"
            allowClear
            value={status}
            onChange={(v) => t.set({ status: v ?? null })}
            options={payoutStatusOptions}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 170, flex: '0 0 auto' }}
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
            { key: 'createdAt', title: 'Requested', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{fullDate(v)}</span> },
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
            { key: 'adminNote', title: 'Admin note', dataIndex: 'adminNote', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>{v || '—'}</Typography.Text> },
            {
              key: 'actions',
              title: <span className={css.srOnly}>Actions</span>,
              width: 96,
              fixed: 'right',
              render: (_, p) => (
                <Space size={0}>
                  <Button type="text" icon={<EyeOutlined />} aria-label="View" title="View" onClick={() => setViewId(p._id)} />
                  {p.status === 'pending' && <Button type="text" icon={<EditOutlined />} aria-label="Edit" title="Edit" onClick={() => setEditing(p)} />}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <PayoutDetailDrawer
        id={viewId}
        onClose={() => setViewId(null)}
        onEdit={(p) => {
          setViewId(null);
          setEditing(p);
        }}
      />
      <EditModal
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
