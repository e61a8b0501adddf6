'use client';
/**
 * /creator/banking: where payouts go.
 * - Banking details (bankingSettingsSchema): GET/PUT /performers/banking-settings — the saved
 *   account number comes back masked; sending the mask back unchanged keeps the stored number.
 * - Payout method (paymentGatewaySettingsSchema): GET/PUT /performers/payment-gateway-settings —
 *   the tax ID is write-only (the answer only says `taxIdSet`; an empty field keeps it).
 * - Stripe Connect onboarding (POST /stripe/accounts → redirect), only with the live Stripe gateway.
 */
import { useState } from 'react';
import Link from 'next/link';
import useSWR from 'swr';
import { Alert, App, Button, Card, Form, Input, Radio, Row, Skeleton, Space, Tag } from 'antd';
import { CheckCircleFilled, LinkOutlined, WalletOutlined } from '@ant-design/icons';
import {
  MESSAGES,
  bankingSettingsSchema,
  paymentGatewaySettingsSchema,
  type BankingSettings,
  type PaymentGatewaySettingsView,
} from '@stagepass/shared';
import { api, errorText, type ApiFailure } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { useSettings } from '@/lib/site-context';
import { ErrorState } from '@/components/states';
import { CountrySelect, FieldCol, HALF } from '@/components/form/profile-fields';
import { moneyCss as css } from '@/components/money/money-ui';

const B = bankingSettingsSchema.shape;
const G = paymentGatewaySettingsSchema.shape;
const FULL = { span: 24 };

/** A GET that answers 404 before anything was saved: treat it as "nothing yet". */
const notSavedYet = (e: unknown) => (e as ApiFailure | undefined)?.statusCode === 404;
async function getOrNull<T>(path: string): Promise<T | null> {
  try {
    return await api.get<T>(path);
  } catch (e) {
    if (notSavedYet(e)) return null;
    throw e;
  }
}

function SectionTitle({ id, title, description }: { id: string; title: string; description?: React.ReactNode }) {
  return (
    <>
      <h2 id={id} style={{ margin: 0, fontSize: 18, fontWeight: 650 }}>
        {title}
      </h2>
      {description && <p className="muted" style={{ margin: '4px 0 20px' }}>{description}</p>}
    </>
  );
}

type BankingView = BankingSettings | null;

function BankingForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<BankingSettings>();
  const { data, error, isLoading, mutate } = useSWR<BankingView>('/performers/banking-settings', () => getOrNull<BankingSettings>('/performers/banking-settings'));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const masked = data?.bankAccount || '';

  const submit = async (v: BankingSettings) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await api.put<BankingSettings>('/performers/banking-settings', v);
      message.success(MESSAGES.changesSaved);
      if (saved && typeof saved === 'object') {
        form.setFieldValue('bankAccount', saved.bankAccount);
        void mutate(saved, { revalidate: false });
      } else void mutate();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error) return <ErrorState title="Your banking details didn't load" message={errorText(error)} onRetry={() => void mutate()} />;

  const init: Partial<BankingSettings> = data ?? {};
  return (
    <Form<BankingSettings> form={form} layout="vertical" name="banking" initialValues={init} onFinish={submit} aria-labelledby="banking-title">
      <Row gutter={16}>
        <FieldCol name="firstName" label="First name" rules={zodRules(B.firstName, { required: true, requiredMessage: 'Enter the first name on the account' })}>
          <Input autoComplete="given-name" />
        </FieldCol>
        <FieldCol name="lastName" label="Last name" rules={zodRules(B.lastName, { required: true, requiredMessage: 'Enter the last name on the account' })}>
          <Input autoComplete="family-name" />
        </FieldCol>
        <FieldCol col={FULL} name="bankName" label="Bank name" rules={zodRules(B.bankName, { required: true, requiredMessage: 'Enter the bank name' })}>
          <Input autoComplete="off" />
        </FieldCol>
        <FieldCol
          col={FULL}
          name="bankAccount"
          label="Account number / IBAN"
          rules={zodRules(B.bankAccount, { required: true, requiredMessage: 'Enter the account number or IBAN' })}
          extra={masked ? 'Shown masked for your security. Leave it as it is to keep the saved number, or type a new one.' : undefined}
        >
          <Input autoComplete="off" spellCheck={false} onFocus={(e) => e.target.value === masked && e.target.select()} />
        </FieldCol>
        <FieldCol name="routingNumber" label="Routing number" rules={zodRules(B.routingNumber)}>
          <Input autoComplete="off" spellCheck={false} />
        </FieldCol>
        <FieldCol name="swiftCode" label="SWIFT / BIC" rules={zodRules(B.swiftCode)}>
          <Input autoComplete="off" spellCheck={false} style={{ textTransform: 'uppercase' }} />
        </FieldCol>
        <CountrySelect schema={B} col={HALF} placeholder="Choose a country" />
        <FieldCol col={FULL} name="address" label="Address" rules={zodRules(B.address)}>
          <Input.TextArea rows={2} autoComplete="street-address" maxLength={300} />
        </FieldCol>
      </Row>
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save banking details
      </Button>
    </Form>
  );
}

type GatewayValues = { payoutMethod?: 'stripe' | 'bank' | 'paypal'; paypalEmail?: string; taxId?: string };

function PayoutMethodForm({ view, onSaved, stripeAvailable }: { view: PaymentGatewaySettingsView | null; onSaved: (v: PaymentGatewaySettingsView | null) => void; stripeAvailable: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GatewayValues>();
  const method = Form.useWatch('payoutMethod', form);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: GatewayValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const body: Record<string, unknown> = { payoutMethod: v.payoutMethod, paypalEmail: v.paypalEmail?.trim() || '' };
      if (v.taxId?.trim()) body.taxId = v.taxId.trim();
      const saved = await api.put<PaymentGatewaySettingsView>('/performers/payment-gateway-settings', body);
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
    if (!view?.payoutMethod && !v.payoutMethod) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await api.put<PaymentGatewaySettingsView>('/performers/payment-gateway-settings', { payoutMethod: v.payoutMethod ?? view?.payoutMethod, paypalEmail: view?.paypalEmail || '', taxId: '' });
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
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Stripe payouts are not available on this site right now" description="Choose bank transfer or PayPal." />
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
              <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 6 }}>
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
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
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

function StripeConnect({ view }: { view: PaymentGatewaySettingsView | null }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const here = `${window.location.origin}/creator/banking`;
      const r = await api.post<{ url: string; accountId: string }>('/stripe/accounts', { returnUrl: `${here}?stripe=return`, refreshUrl: `${here}?stripe=refresh` });
      window.location.assign(r.url);
    } catch (e) {
      message.error(errorText(e, MESSAGES.updateFailed));
      setBusy(false);
    }
  };
  const connected = Boolean(view?.stripeAccountId);
  return (
    <div>
      {connected && (
        <p style={{ margin: '0 0 12px' }}>
          {view?.stripePayoutsEnabled ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              Stripe connected — payouts enabled
            </Tag>
          ) : (
            <Tag color="warning">Stripe setup not finished</Tag>
          )}
        </p>
      )}
      <p className="muted" style={{ margin: '0 0 12px' }}>
        {connected && view?.stripePayoutsEnabled
          ? 'Approved payouts are sent to your Stripe account. You can update your details on Stripe at any time.'
          : 'Stripe verifies your identity and bank account once; approved payouts are then sent to it automatically.'}
      </p>
      <Button type={connected && view?.stripePayoutsEnabled ? 'default' : 'primary'} icon={<LinkOutlined />} loading={busy} onClick={connect}>
        Connect with Stripe
      </Button>
    </div>
  );
}

export default function Banking() {
  const settings = useSettings();
  const stripeAvailable = settings.paymentGateway === 'stripe' && !settings.paymentsSandbox;
  const gateway = useSWR<PaymentGatewaySettingsView | null>('/performers/payment-gateway-settings', () => getOrNull<PaymentGatewaySettingsView>('/performers/payment-gateway-settings'));

  return (
    <div className="container page" style={{ maxWidth: 1040 }}>
      <div className={css.head}>
        <div>
          <h1 className="page-title">Banking</h1>
          <p className="page-lead">Where your payouts are sent. Only you and the site team can see these details.</p>
        </div>
        <Link href="/creator/payouts">
          <Button icon={<WalletOutlined />}>Payouts</Button>
        </Link>
      </div>
      <div className={css.twoCol}>
        <Card styles={{ body: { padding: 24 } }}>
          <SectionTitle id="banking-title" title="Bank account" description="The account we transfer your payouts to." />
          <BankingForm />
        </Card>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24, minWidth: 0 }}>
          <Card styles={{ body: { padding: 24 } }}>
            <SectionTitle id="payout-method-title" title="Payout method" description="How you want to receive your money." />
            {gateway.isLoading ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : gateway.error ? (
              <ErrorState title="Your payout method didn't load" message={errorText(gateway.error)} onRetry={() => void gateway.mutate()} />
            ) : (
              <PayoutMethodForm view={gateway.data ?? null} stripeAvailable={stripeAvailable} onSaved={(v) => void gateway.mutate(v ?? undefined, { revalidate: !v })} />
            )}
          </Card>
          <Card styles={{ body: { padding: 24 } }}>
            <SectionTitle id="stripe-title" title="Stripe" />
            {stripeAvailable ? (
              gateway.isLoading ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : (
                <StripeConnect view={gateway.data ?? null} />
              )
            ) : (
              <Alert
                type="info"
                showIcon
                title={settings.paymentsSandbox ? 'Test payments are on' : 'Stripe payouts are not enabled'}
                description={
                  settings.paymentsSandbox
                    ? 'This site runs with test payments, so there is no Stripe account to connect: approved payouts are paid by hand by the site team to your bank account or PayPal.'
                    : 'Approved payouts are paid by hand by the site team to your bank account or PayPal.'
                }
              />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
