'use client';
/**
 * The operator's actions on one account, each behind a confirm dialog with a reason (kept in the
 * audit log): Suspend / Reactivate, Force password reset, Commission (creators), Make admin /
 * Remove admin, Export data and Delete account (issue 28 §5, on the user's request). Nothing here acts on the operator's own account (the API refuses it too).
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { adminReasonSchema, commissionOverrideSchema, MESSAGES, type AdminUserDetail } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useCurrentUser } from '@/store';
import css from './admin-users.module.css';

type Kind = 'suspend' | 'reactivate' | 'reset' | 'commission' | 'grant' | 'revoke' | 'export' | 'delete';
interface Values { reason: string; percentage?: number | null; siteDefault?: boolean }

const TEXT: Record<Kind, { button: string; title: (name: string) => string; ok: string; done: string; danger?: boolean; lead: string }> = {
  suspend: { button: 'Suspend', title: (n) => `Suspend ${n}?`, ok: 'Suspend', done: 'Account suspended', danger: true, lead: 'They are signed out everywhere at once, cannot log in, and their content is hidden until reactivated.' },
  reactivate: { button: 'Reactivate', title: (n) => `Reactivate ${n}?`, ok: 'Reactivate', done: 'Account reactivated', lead: 'They can log in again (with a new sign-in) and their content shows again.' },
  reset: { button: 'Force password reset', title: (n) => `Force a password reset for ${n}?`, ok: 'Force reset', done: 'Password reset forced; the link was e-mailed', danger: true, lead: 'The current password stops working, every session ends, and a reset link (valid 1 hour) is e-mailed to them.' },
  commission: { button: 'Change commission', title: (n) => `Commission for ${n}`, ok: 'Save commission', done: 'Commission saved', lead: 'The site’s share of this creator’s sales from now on. Past sales keep their rate.' },
  grant: { button: 'Make admin', title: (n) => `Make ${n} an administrator?`, ok: 'Make admin', done: 'Administrator role granted', lead: 'They get the whole operator console (after setting up two-factor authentication).' },
  export: { button: 'Export data', title: (n) => `Prepare a data export for ${n}?`, ok: 'Prepare export', done: 'Export requested: they get it on their account page and by e-mail', lead: 'On their request: a ZIP of everything we hold about them is prepared and announced to them. Only they can download it.' },
  delete: { button: 'Delete account', title: (n) => `Delete ${n}'s account?`, ok: 'Delete account', done: 'Account deleted', danger: true, lead: 'On their request, and it cannot be undone: they are signed out, their profile is anonymised and their content taken down; payment, order and earnings records are kept. A creator with earnings must be paid out first.' },
  revoke: { button: 'Remove admin', title: (n) => `Remove the administrator role from ${n}?`, ok: 'Remove admin', done: 'Administrator role removed', danger: true, lead: 'They lose access to the operator console at once. The last active administrator cannot be removed.' },
};

export default function UserActions({ user: u, onChanged }: { user: AdminUserDetail; onChanged: (next?: AdminUserDetail) => void }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const self = me?._id === u._id;
  const [open, setOpen] = useState<Kind | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const name = u.name || u.username || 'this account';
  const siteDefault = Form.useWatch('siteDefault', form);

  const start = (k: Kind) => {
    setFailure(null);
    form.resetFields();
    if (k === 'commission') form.setFieldsValue({ percentage: u.money.kind === 'creator' ? u.money.commissionOverride : null, siteDefault: u.money.kind === 'creator' && u.money.commissionOverride === null });
    setOpen(k);
  };

  const submit = async () => {
    if (!open) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setFailure(null);
    const params = { id: u._id };
    const reason = v.reason.trim();
    try {
      let next: AdminUserDetail | undefined;
      if (open === 'suspend') next = await call(routes.users.adminSuspend, { params, body: { reason } });
      else if (open === 'reactivate') next = await call(routes.users.adminReactivate, { params, body: { reason } });
      else if (open === 'reset') next = await call(routes.users.adminForcePasswordReset, { params, body: { reason } });
      else if (open === 'export') await call(routes.privacy.adminExport, { params, body: { reason } });
      else if (open === 'delete') await call(routes.privacy.adminDelete, { params, body: { reason } });
      else if (open === 'grant' || open === 'revoke') next = await call(routes.users.adminSetRole, { params, body: { admin: open === 'grant', reason } });
      else await call(routes.subscriptions.adminCommission, { params, body: { percentage: v.siteDefault ? null : (v.percentage ?? null), reason } });
      message.success(TEXT[open].done);
      setOpen(null);
      onChanged(next);
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  const row = (k: Kind, what: string, detail: string) => (
    <div className={css.action} key={k}>
      <div className={css.actionText}>
        <strong>{what}</strong>
        <span>{detail}</span>
      </div>
      <Button danger={TEXT[k].danger} disabled={self} onClick={() => start(k)}>
        {TEXT[k].button}
      </Button>
    </div>
  );
  const m = u.money;
  const commission = m.kind === 'creator' ? (m.commissionOverride === null ? `Site default (${m.siteCommission}%)` : `${m.commissionOverride}% (site default ${m.siteCommission}%)`) : '';

  return (
    <div className={css.actions}>
      {self && <Alert type="info" showIcon title="This is your own account: the actions are for other accounts." />}
      {u.status === 'suspended' ? row('reactivate', 'Suspended', 'The account cannot log in and its content is hidden.') : row('suspend', 'Account access', 'Sign them out everywhere and block logging in.')}
      {u.status !== 'suspended' && row('reset', 'Password', u.email ? `A reset link goes to ${u.email}.` : 'No e-mail address: a reset link cannot be sent.')}
      {u.isPerformer && row('commission', 'Commission', commission)}
      {u.isAdmin ? row('revoke', 'Administrator', 'Has the operator console.') : row('grant', 'Administrator', 'No operator console access.')}
      {u.status !== 'deleted' && row('export', 'Personal data', 'Prepare a copy of their data, on their request.')}
      {u.status !== 'deleted' && !u.isAdmin && row('delete', 'Delete account', 'On their request: anonymise the account and take its content down.')}
      <Modal
        open={Boolean(open)}
        title={open ? TEXT[open].title(name) : ''}
        onCancel={() => setOpen(null)}
        onOk={submit}
        okText={open ? TEXT[open].ok : undefined}
        okButtonProps={{ danger: open ? TEXT[open].danger : false }}
        confirmLoading={busy}
        destroyOnHidden
      >
        {open && (
          <Form form={form} layout="vertical" name="user-action" requiredMark={false}>
            <p className="muted">{TEXT[open].lead}</p>
            {open === 'commission' && (
              <>
                <Form.Item name="siteDefault" valuePropName="checked">
                  <Checkbox>Use the site default ({m.kind === 'creator' ? m.siteCommission : 0}%)</Checkbox>
                </Form.Item>
                <Form.Item name="percentage" label="Commission (%)" htmlFor="user-action-percentage" rules={siteDefault ? [] : [{ required: true, message: 'Enter a percentage' }, ...zodRules(commissionOverrideSchema.shape.percentage)]}>
                  <InputNumber id="user-action-percentage" min={0} max={100} step={0.5} precision={2} disabled={siteDefault} />
                </Form.Item>
              </>
            )}
            <Form.Item name="reason" label="Reason" htmlFor="user-action-reason" extra="Kept in the audit log." rules={zodRules(adminReasonSchema.shape.reason, { required: true, requiredMessage: 'Give a reason' })}>
              <Input.TextArea id="user-action-reason" rows={3} maxLength={500} showCount />
            </Form.Item>
            {failure && <Alert type="error" showIcon role="alert" title={failure} />}
          </Form>
        )}
      </Modal>
    </div>
  );
}
