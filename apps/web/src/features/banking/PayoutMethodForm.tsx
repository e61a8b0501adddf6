'use client';
/**
 * Payout method (paymentGatewaySettingsSchema): GET/PUT /performers/payment-gateway-settings —
 * the tax ID is write-only (the answer only says `taxIdSet`; an empty field keeps it).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Radio, Space, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { MESSAGES, paymentGatewaySettingsSchema, type PaymentGatewaySettingsView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { moneyCss as css } from '@/components/money/money-ui';

const G = paymentGatewaySettingsSchema.shape;

type GatewayValues = { payoutMethod?: 'stripe' | 'bank' | 'paypal'; paypalEmail?: string; taxId?: string };

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
      const body = { payoutMethod: v.payoutMethod!, paypalEmail: v.paypalEmail?.trim() || '', ...(v.taxId?.trim() ? { taxId: v.taxId.trim() } : {}) };
      const saved = await call(routes.payouts.updateGatewaySettings, { body });
      message.success(MESSAGES.changesSaved);
      form.setFieldValue('taxId', '');
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
      initialValues={{ payoutMethod: view?.payoutMethod ?? undefined, paypalEmail: view?.paypalEmail || '', taxId: '' }}
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
      <Form.Item
        name="taxId"
        label="Tax ID"
        rules={zodRules(G.taxId)}
        extra={
          view?.taxIdSet ? (
            <span>
              <Tag color="success" icon={<CheckCircleFilled />} className={css.savedTag}>
                Tax ID saved
              </Tag>
              Leave empty to keep it, or type a new one to replace it.
            </span>
          ) : (
            'VAT number, SSN/EIN or the tax number of your country. Kept private; never shown again once saved.'
          )
        }
      >
        <Input.Password autoComplete="off" placeholder={view?.taxIdSet ? '••••••••' : undefined} />
      </Form.Item>
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
