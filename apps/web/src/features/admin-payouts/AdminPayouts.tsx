'use client';
/**
 * /admin/payouts (operators): every payout request (GET /admin/payout-requests, status filter and
 * table state in the URL) with Approve / Reject / Mark paid → PUT /admin/payout-requests/{id}/status
 * {status, method, adminNote}. Allowed moves: pending → approved | rejected | paid,
 * approved → paid | rejected.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Grid, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DollarOutlined, EyeOutlined } from '@ant-design/icons';
import { MESSAGES, reviewPayoutSchema, type PayoutRequest, type ReviewPayoutInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { fullDate, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell, PayoutStatusTag, moneyCss as css, payoutStatusOptions } from '@/components/money/money-ui';
import { PayoutDetails } from '@/components/money/PayoutDetailDrawer';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';

type Action = 'approved' | 'rejected' | 'paid';
const ACTION: Record<Action, { button: string; title: (amount: string, name: string) => string; ok: string; done: string; danger?: boolean }> = {
  approved: { button: 'Approve', title: (m, n) => `Approve the payout of ${m} to ${n}`, ok: 'Approve', done: 'Payout approved' },
  rejected: { button: 'Reject', title: (m, n) => `Reject the payout of ${m} to ${n}`, ok: 'Reject', done: 'Payout rejected', danger: true },
  paid: { button: 'Mark paid', title: (m, n) => `Mark the payout of ${m} to ${n} as paid`, ok: 'Mark paid', done: 'Payout marked as paid' },
};
const actionsFor = (status: PayoutRequest['status']): Action[] => (status === 'pending' ? ['approved', 'rejected', 'paid'] : status === 'approved' ? ['paid', 'rejected'] : []);

function ReviewModal({ target, onClose, onDone }: { target: { p: PayoutRequest; action: Action } | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const settings = useSettings();
  const stripeAvailable = settings.paymentGateway === 'stripe' && !settings.paymentsSandbox;
  const [form] = Form.useForm<{ adminNote?: string; method?: 'manual' | 'stripe' }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const a = target ? ACTION[target.action] : null;
  useEffect(() => {
    if (target) form.setFieldsValue({ adminNote: target.p.adminNote || '', method: 'manual' });
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    let v: { adminNote?: string; method?: 'manual' | 'stripe' };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body: ReviewPayoutInput = { status: target.action, adminNote: v.adminNote?.trim() || undefined };
      if (target.action === 'paid') body.method = v.method ?? 'manual';
      await call(routes.payouts.adminReview, { params: { id: target.p._id }, body });
      message.success(ACTION[target.action].done);
      onDone();
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={a && target ? a.title(money(target.p.amount), target.p.performer?.name || 'this creator') : ''}
      onCancel={onClose}
      onOk={submit}
      okText={a?.ok}
      okButtonProps={{ danger: a?.danger }}
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setFailure(null);
      }}
    >
      {target && (
        <Form form={form} layout="vertical" name="payout-review" requiredMark={false} initialValues={{ method: 'manual' }}>
          {target.p.requestNote && (
            <p className={`${css.note} ${css.flushTop}`}>
              <span className="muted">Creator&apos;s note: </span>
              {target.p.requestNote}
            </p>
          )}
          {target.action === 'paid' && (
            <Form.Item name="method" label="How was it paid?" extra={stripeAvailable ? 'Stripe transfers the amount to the creator’s connected account now.' : 'Stripe transfers need the live Stripe gateway; record a payment you made by hand.'}>
              <Radio.Group
                aria-label="How was it paid?"
                options={[
                  { value: 'manual', label: 'Paid by hand' },
                  { value: 'stripe', label: 'Pay with Stripe', disabled: !stripeAvailable },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item
            name="adminNote"
            label="Admin note"
            htmlFor="payout-review-note"
            extra={target.action === 'rejected' ? 'The creator sees this note — say why.' : 'The creator sees this note.'}
            rules={[
              ...zodRules(reviewPayoutSchema.shape.adminNote),
              ...(target.action === 'rejected' ? [{ required: true, whitespace: true, message: 'Tell the creator why' }] : []),
            ]}
          >
            <Input.TextArea id="payout-review-note" rows={3} maxLength={1000} showCount />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        </Form>
      )}
    </Modal>
  );
}

const validStatus = (s: string | undefined) => (payoutStatusOptions.some((o) => o.value === s) ? s : undefined);

export default function AdminPayouts() {
  const table = useRouteTable(routes.payouts.adminList, { sortBy: 'updatedAt', query: (api, { filters }) => ({ ...api, status: validStatus(filters.status), q: filters.q?.trim() || undefined }) });
  const { t, mutate } = table;
  const status = validStatus(t.query.filters.status);
  const q = t.query.filters.q?.trim() || undefined;
  const [target, setTarget] = useState<{ p: PayoutRequest; action: Action } | null>(null);
  const [viewing, setViewing] = useState<PayoutRequest | null>(null);
  // A fixed actions column would cover the table on a phone.
  const wide = Grid.useBreakpoint().md ?? true;

  return (
    <div className="container page">
      <h1 className="page-title">Payout requests</h1>
      <p className="page-lead">Review what creators asked to withdraw. Approving reserves the amount; marking paid records the payment and debits the creator&apos;s earnings once.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter payout requests" className={css.toolbar}>
          <Select aria-label="Status" placeholder="Any status" allowClear showSearch={{ optionFilterProp: 'label' }} value={status} onChange={(v) => t.set({ status: v ?? null })} options={payoutStatusOptions} className={css.statusFilter} />
          <Input.Search aria-label="Search creators" placeholder="Creator or note" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.searchFilter} />
        </FilterBar>
        <QueryTable<PayoutRequest>
          table={table}
          errorTitle="Payout requests didn't load"
          totalLabel={(n) => (n === 1 ? '1 request' : `${n} requests`)}
          empty={<EmptyState title={status === 'pending' ? 'Nothing waiting for review' : 'No payout requests'} description={status || q ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Payout requests list"
          scroll={{ x: 1000 }}
          size="middle"
          onRow={(p) => ({ 'aria-label': `Payout request of ${money(p.amount)} by ${p.performer?.name || 'a deleted creator'}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'performer', title: 'Creator', width: 190, render: (_, p) => <MoneyUserCell user={p.performer} /> },
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 110, sorter: true, sortOrder: t.sortOrder('amount'), render: (v: number) => <Money value={v} strong /> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <PayoutStatusTag status={v} /> },
            { key: 'createdAt', title: 'Requested', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'requestNote', title: 'Note', dataIndex: 'requestNote', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} className={css.note180}>{v || '—'}</Typography.Text> },
            { key: 'adminNote', title: 'Admin note', dataIndex: 'adminNote', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} className={css.note180}>{v || '—'}</Typography.Text> },
            {
              key: 'actions',
              title: 'Actions',
              width: 290,
              fixed: wide ? 'right' : undefined,
              render: (_, p) => (
                <Space size={4} wrap>
                  {actionsFor(p.status).map((act) => (
                    <Button
                      key={act}
                      size="small"
                      type={act === 'approved' || (act === 'paid' && p.status === 'approved') ? 'primary' : 'default'}
                      danger={act === 'rejected'}
                      icon={act === 'approved' ? <CheckOutlined /> : act === 'paid' ? <DollarOutlined /> : <CloseOutlined />}
                      onClick={() => setTarget({ p, action: act })}
                    >
                      {ACTION[act].button}
                    </Button>
                  ))}
                  <Button size="small" type="text" icon={<EyeOutlined />} aria-label="View" title="View" onClick={() => setViewing(p)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ReviewModal
        target={target}
        onClose={() => setTarget(null)}
        onDone={() => {
          setTarget(null);
          void mutate();
        }}
      />
      <Modal open={Boolean(viewing)} title="Payout request" footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <PayoutDetails p={viewing} showCreator />}
      </Modal>
    </div>
  );
}
