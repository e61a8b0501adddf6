'use client';
/**
 * Payout method (paymentGatewaySettingsSchema): GET/PUT /performers/payment-gateway-settings. The
 * tax id lives in the tax details (creator/tax-details); a tax ID saved here by an older version
 * (`taxIdSet`) can be removed.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Form, Input, Radio, Space } from 'antd';
import { MESSAGES, paymentGatewaySettingsSchema, type PaymentGatewaySettingsView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { moneyCss as css } from '@/components/money/money-ui';

const G = paymentGatewaySettingsSchema.shape;

type GatewayValues = { payoutMethod?: 'stripe' | 'bank' | 'paypal'; paypalEmail?: string };

export default function PayoutMethodForm({ view, onSaved, stripeAvailable }: { view: PaymentGatewaySettingsView | null; onSaved: (v: PaymentGatewaySettingsView | null) => void; stripeAvailable: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GatewayValues>();
  const method = Form.useWatch('payoutMethod', form);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: GatewayValues) => {
    setSaving(true);
    setFailure(null);
    try {
      // payoutMethod is required by the form's rules.
      const body = { payoutMethod: v.payoutMethod!, paypalEmail: v.paypalEmail?.trim() || '' };
      const saved = await call(routes.payouts.updateGatewaySettings, { body });
      message.success(MESSAGES.changesSaved);
      onSaved(saved && typeof saved === 'object' ? saved : null);
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  /** taxId '' removes the stored one (absent keeps it). */
  const removeTaxId = async () => {
    const v = form.getFieldsValue();
    const payoutMethod = v.payoutMethod ?? view?.payoutMethod;
    if (!payoutMethod) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await call(routes.payouts.updateGatewaySettings, { body: { payoutMethod, paypalEmail: view?.paypalEmail || '', taxId: '' } });
      message.success('Tax ID removed');
      onSaved(saved && typeof saved === 'object' ? saved : null);
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const options = [
    { value: 'bank', label: 'Bank transfer' },
    { value: 'paypal', label: 'PayPal' },
    { value: 'stripe', label: 'Stripe', disabled: !stripeAvailable && view?.payoutMethod !== 'stripe' },
  ];
  return (
    <Form<GatewayValues>
      form={form}
      layout="vertical"
      name="payout-method"
      initialValues={{ payoutMethod: view?.payoutMethod ?? undefined, paypalEmail: view?.paypalEmail || '' }}
      onFinish={submit}
    >
      <Form.Item name="payoutMethod" label="Payout method" rules={[{ required: true, message: 'Choose how you want to be paid' }]}>
        <Radio.Group aria-label="Payout method" options={options} />
      </Form.Item>
      {method === 'stripe' && !stripeAvailable && (
        <Alert type="warning" showIcon className={css.block} title="Stripe payouts are not available on this site right now" description="Choose bank transfer or PayPal." />
      )}
      {method === 'paypal' || view?.paypalEmail ? (
        <Form.Item
          name="paypalEmail"
          label="PayPal e-mail"
          rules={[
            ...zodRules(G.paypalEmail),
            { required: method === 'paypal', whitespace: true, message: 'Enter the e-mail of your PayPal account' },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
      ) : null}
      {/* The tax id is asked once, in the tax details (W-9 / W-8BEN) the site pays against — not here too. */}
      <p className={css.block}>
        Your tax identification number is part of your <Link href="/creator/tax-details">tax details</Link>.
        {view?.taxIdSet && ' A tax ID saved here earlier is no longer used: you can remove it.'}
      </p>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.block} />}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save payout method
        </Button>
        {view?.taxIdSet && (
          <Button type="link" danger disabled={saving} onClick={removeTaxId}>
            Remove saved tax ID
          </Button>
        )}
      </Space>
    </Form>
  );
}
