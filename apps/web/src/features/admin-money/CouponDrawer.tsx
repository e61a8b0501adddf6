'use client';
/**
 * Create or edit a coupon (POST /admin/coupons, PUT /admin/coupons/{id}; audited): code, name,
 * discount (%), one creator or site-wide, expiry, usage limit, active. Validated with the shared
 * schema; an expiry in the past is refused here and by the API (400 on `expiresAt`, shown under the
 * field), a code already used (409) under the code.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Space, Switch } from 'antd';
import { createCouponSchema, type Coupon, type CreateCouponInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import UserPicker from './UserPicker';
import css from './admin-money.module.css';

interface Values {
  code: string;
  name?: string;
  percentage?: number;
  expiresAt?: string;
  maxUses?: number | null;
  active: boolean;
}

/** `<input type=datetime-local>` value (local time) ↔ ISO. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string | undefined) => (v ? new Date(v).toISOString() : null);
const shape = createCouponSchema.shape;

export default function CouponDrawer({ open, coupon, onClose, onSaved }: { open: boolean; coupon: Coupon | null; onClose: () => void; onSaved: (c: Coupon) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [performerId, setPerformerId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    setPerformerId(coupon?.performerId ?? undefined);
    form.resetFields();
    form.setFieldsValue(
      coupon
        ? { code: coupon.code, name: coupon.name, percentage: coupon.percentage, expiresAt: toLocalInput(coupon.expiresAt), maxUses: coupon.maxUses, active: coupon.active }
        : { code: '', name: '', percentage: undefined, expiresAt: '', maxUses: null, active: true },
    );
  }, [open, coupon, form]);

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: CreateCouponInput = {
      code: v.code.trim(), name: v.name?.trim() ?? '', percentage: v.percentage ?? 0, performerId: performerId ?? null,
      expiresAt: fromLocalInput(v.expiresAt), maxUses: v.maxUses ?? null, active: v.active,
    };
    setBusy(true);
    setFailure(null);
    try {
      const saved = coupon ? await call(routes.coupons.adminUpdate, { params: { id: coupon._id }, body }) : await call(routes.coupons.adminCreate, { body });
      message.success(coupon ? 'Coupon saved' : 'Coupon created');
      onSaved(saved);
    } catch (e) {
      showFieldErrors(form, e);
      const fe = fieldErrors(e);
      if (fe.performerId) setFailure(fe.performerId);
      else if (!Object.keys(fe).length) setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      size="min(480px, 100vw)"
      closable={{ 'aria-label': 'Close' }}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" onClick={save} loading={busy}>
            {coupon ? 'Save' : 'Create coupon'}
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="coupon" requiredMark={false} onFinish={save}>
        <Form.Item name="code" label="Code" htmlFor="coupon-code" rules={zodRules(shape.code, { required: true, requiredMessage: 'Enter a code' })} extra="Letters, digits, - and _; fans type it in any case.">
          <Input id="coupon-code" maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label="Name" htmlFor="coupon-name" rules={zodRules(shape.name)} extra="For you; fans do not see it.">
          <Input id="coupon-name" maxLength={100} />
        </Form.Item>
        <div className={css.formRow}>
          <Form.Item name="percentage" label="Discount (%)" htmlFor="coupon-percentage" rules={zodRules(shape.percentage, { required: true, requiredMessage: 'Enter the discount' })}>
            <InputNumber id="coupon-percentage" min={1} max={100} precision={0} className={css.full} />
          </Form.Item>
          <Form.Item name="maxUses" label="Usage limit" htmlFor="coupon-max-uses" rules={zodRules(shape.maxUses)} extra="Empty: unlimited. Once per fan either way.">
            <InputNumber id="coupon-max-uses" min={1} precision={0} className={css.full} />
          </Form.Item>
        </div>
        <Form.Item
          name="expiresAt"
          label="Expires"
          htmlFor="coupon-expires"
          extra="Empty: never."
          rules={[{ validator: async (_r, v: string | undefined) => { if (v && new Date(v).getTime() <= Date.now()) throw new Error('The expiry date must be in the future'); } }]}
        >
          <Input id="coupon-expires" type="datetime-local" min={toLocalInput(new Date().toISOString())} />
        </Form.Item>
        <div className={css.creatorField}>
          <UserPicker id="coupon-creator" label="Only for creator" role="performer" value={performerId} onChange={(v) => setPerformerId(v ?? undefined)} />
          <span className={css.small}>Empty: valid for every creator.</span>
        </div>
        <Form.Item name="active" label="Active" valuePropName="checked" htmlFor="coupon-active">
          <Switch id="coupon-active" />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
