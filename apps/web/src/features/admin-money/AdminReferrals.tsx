'use client';
/**
 * /admin/referrals (issue 30 §5; API modules/referrals README): every creator referral — referrer,
 * referred creator, since, until, status, what it earned the referrer — with status and search
 * filters in the URL, and `Void` with a reason (POST /admin/referrals/{id}/void, audited): from then
 * on the referred creator's sales pay the referrer nothing; what was paid stays.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Typography } from 'antd';
import { REFERRAL_STATUSES, REFERRAL_STATUS_LABELS, voidReferralSchema, type AdminReferral, type ReferralStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { money, plural } from '@/lib/format';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { EmptyState } from '@/components/states';
import FilterBar from '@/components/list/FilterBar';
import { Money, MoneyUserCell, moneyCss as css, shortDate } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { ReferralStatusTag } from '@/features/referrals/ReferralStatusTag';

const statusOptions = REFERRAL_STATUSES.map((v) => ({ value: v, label: REFERRAL_STATUS_LABELS[v] }));

function VoidDialog({ referral, onClose, onDone }: { referral: AdminReferral; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (v: { reason: string }) => {
    setBusy(true);
    setError(null);
    try {
      await call(routes.referrals.adminVoid, { params: { id: referral._id }, body: { reason: v.reason.trim() } });
      message.success('Referral voided');
      onDone();
    } catch (e) {
      showFieldErrors(form, e);
      if (!Object.keys(fieldErrors(e)).length) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Void this referral" okText="Void referral" okButtonProps={{ htmlType: 'submit', form: 'void-referral', danger: true, loading: busy }} cancelText="Cancel" onCancel={onClose} destroyOnHidden>
      <p>
        {referral.referred.name}&apos;s sales will stop paying {referral.referrer.name} from now on. What was paid already ({money(referral.earned)}) stays.
      </p>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Form id="void-referral" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="reason" label="Reason" rules={zodRules(voidReferralSchema.shape.reason)} extra="Kept in the audit log.">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function AdminReferrals() {
  const list = useRouteTable(routes.referrals.adminList, {
    sortBy: 'createdAt',
    query: (q, t) => ({ ...q, status: REFERRAL_STATUSES.includes(t.filters.status as ReferralStatus) ? t.filters.status : undefined, q: t.filters.q || undefined }),
  });
  const t = list.t;
  const [voiding, setVoiding] = useState<AdminReferral | null>(null);

  return (
    <div className="page">
      <h1 className="page-title">Referrals</h1>
      <p className="page-lead">Creators who signed up through another creator&apos;s link, and what their sales paid the referrer. The share and the months are set in Settings.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter referrals">
          <Input.Search aria-label="Search creators" placeholder="Referrer or referred creator" allowClear defaultValue={t.query.filters.q ?? ''} onSearch={(v) => t.set({ q: v || null })} />
          <Select aria-label="Status" placeholder="Any status" allowClear value={t.query.filters.status || undefined} onChange={(v) => t.set({ status: v ?? null })} options={statusOptions} className={css.statusFilter} />
        </FilterBar>
        <QueryTable<AdminReferral>
          table={list}
          errorTitle="The referrals didn't load"
          totalLabel={(n) => plural(n, 'referral')}
          empty={<EmptyState title="No referrals" description="When a creator signs up through another creator's referral link it appears here." />}
          cardsLabel="Referrals list"
          scroll={{ x: 900 }}
          size="middle"
          columns={[
            { key: 'referrer', title: 'Referrer', dataIndex: 'referrer', render: (u: AdminReferral['referrer']) => <MoneyUserCell user={u} /> },
            { key: 'referred', title: 'Referred creator', dataIndex: 'referred', render: (u: AdminReferral['referred']) => <MoneyUserCell user={u} /> },
            { key: 'since', title: 'Since', dataIndex: 'since', width: 120, render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'until', title: 'Until', dataIndex: 'until', width: 120, render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            {
              key: 'status', title: 'Status', dataIndex: 'status', width: 150,
              render: (v: ReferralStatus, r) => (
                <>
                  <ReferralStatusTag status={v} />
                  {r.voidReason && <Typography.Text type="secondary" ellipsis={{ tooltip: r.voidReason }} style={{ display: 'block', maxWidth: 140 }}>{r.voidReason}</Typography.Text>}
                </>
              ),
            },
            { key: 'earned', title: 'Earned', dataIndex: 'earned', align: 'right', width: 110, render: (v: number) => <Money value={v} strong /> },
            {
              key: 'actions', title: <span className={css.srOnly}>Actions</span>, width: 90, fixed: 'right',
              render: (_, r) => (r.status === 'voided' ? null : <Button size="small" danger onClick={() => setVoiding(r)}>Void</Button>),
            },
          ]}
        />
      </Card>
      {voiding && (
        <VoidDialog
          referral={voiding}
          onClose={() => setVoiding(null)}
          onDone={() => {
            setVoiding(null);
            void list.mutate();
          }}
        />
      )}
    </div>
  );
}
