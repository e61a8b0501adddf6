'use client';
/** The "New promotion" dialog: a discount, a free trial or a free-trial link (validated with the API's zod schema). */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { PROMOTION_AUDIENCES, PROMOTION_AUDIENCE_LABELS, promotionInputSchema, type PromotionAudience, type PromotionKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { useCurrentUser } from '@/store';
import css from './promotions.module.css';

const [discount, trial] = promotionInputSchema.options;
type Values = { kind: PromotionKind; percentage?: number; months?: number; days?: number; audience?: PromotionAudience; tierId?: string; maxClaims?: number; endsAt?: string };

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export default function PromotionForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const tiers = useRoute(routes.subscriptions.tiersOf, me ? { params: { id: me._id } } : null);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'discount';
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      // The end date is the end of that day, in the creator's time zone.
      const endsAt = new Date(`${v.endsAt}T23:59:59`).toISOString();
      const common = { maxClaims: v.maxClaims!, endsAt, tierId: v.tierId || null };
      const body =
        v.kind === 'discount'
          ? { kind: 'discount' as const, percentage: v.percentage!, months: v.months!, audience: v.audience ?? 'new', ...common }
          : v.kind === 'trial'
            ? { kind: 'trial' as const, days: v.days!, audience: v.audience ?? 'new', ...common }
            : { kind: 'trial_link' as const, days: v.days!, ...common };
      await call(routes.promotions.create, { body });
      message.success(v.kind === 'trial_link' ? 'Trial link made' : 'Promotion started');
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title="New promotion" onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" showIcon title={failure} />}
      <Form<Values>
        form={form}
        layout="vertical"
        name="promotion"
        requiredMark={false}
        className={css.form}
        onFinish={submit}
        initialValues={{ kind: 'discount', percentage: 50, months: 3, days: 7, audience: 'new', tierId: '', maxClaims: 12, endsAt: inDays(30) }}
      >
        <Form.Item name="kind" label="Kind">
          <Radio.Group aria-label="Kind" optionType="button" options={[{ value: 'discount', label: 'Discount' }, { value: 'trial', label: 'Free trial' }, { value: 'trial_link', label: 'Trial link' }]} />
        </Form.Item>
        {kind === 'discount' ? (
          <div className={css.row}>
            <Form.Item name="percentage" label="Percent off" htmlFor="promo-percentage" rules={zodRules(discount.shape.percentage, { required: true, requiredMessage: 'Enter a percentage' })}>
              <InputNumber id="promo-percentage" min={1} max={99} suffix="%" className={css.full} />
            </Form.Item>
            <Form.Item name="months" label="For how many months" htmlFor="promo-months" rules={zodRules(discount.shape.months, { required: true, requiredMessage: 'Enter a number of months' })}>
              <InputNumber id="promo-months" min={1} max={12} className={css.full} />
            </Form.Item>
          </div>
        ) : (
          <Form.Item name="days" label="Free days" htmlFor="promo-days" rules={zodRules(trial.shape.days, { required: true, requiredMessage: 'Enter a number of days' })}>
            <InputNumber id="promo-days" min={1} max={90} className={css.full} />
          </Form.Item>
        )}
        {kind !== 'trial_link' && (
          <Form.Item name="audience" label="For" htmlFor="promo-audience">
            <Select id="promo-audience" aria-label="For" options={PROMOTION_AUDIENCES.map((a) => ({ value: a, label: PROMOTION_AUDIENCE_LABELS[a] }))} />
          </Form.Item>
        )}
        <Form.Item name="tierId" label="Tier" htmlFor="promo-tier">
          <Select id="promo-tier" aria-label="Tier" loading={!tiers.data && !tiers.error} options={[{ value: '', label: 'All tiers' }, ...(tiers.data ?? []).map((t) => ({ value: t._id, label: t.name }))]} />
        </Form.Item>
        <div className={css.row}>
          <Form.Item name="maxClaims" label={kind === 'trial_link' ? 'How many fans' : 'How many claims'} htmlFor="promo-claims" rules={zodRules(discount.shape.maxClaims, { required: true, requiredMessage: 'Enter a number' })}>
            <InputNumber id="promo-claims" min={1} className={css.full} />
          </Form.Item>
          <Form.Item name="endsAt" label="Ends on" htmlFor="promo-ends" rules={[{ required: true, message: 'Choose an end date' }]}>
            <Input id="promo-ends" type="date" min={inDays(0)} />
          </Form.Item>
        </div>
        <div className={css.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {kind === 'trial_link' ? 'Make link' : 'Start promotion'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
