'use client';
/**
 * Banking details (bankingSettingsSchema): GET/PUT /performers/banking-settings — the saved
 * account number comes back masked; sending the mask back unchanged keeps the stored number.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Form, Input, Row, Skeleton } from 'antd';
import { MESSAGES, bankingSettingsSchema, type BankingSettings } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { ErrorState } from '@/components/states';
import { CountrySelect, FieldCol, HALF } from '@/components/form/profile-fields';
import { moneyCss as css } from '@/components/money/money-ui';
import { getOrNull } from './get-or-null';

const B = bankingSettingsSchema.shape;
const FULL = { span: 24 };


export default function BankingForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<BankingSettings>();
  const { data, error, isLoading, mutate } = useSWR(routeKey(routes.payouts.banking), () => getOrNull(routes.payouts.banking));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const masked = data?.bankAccount || '';

  const submit = async (v: BankingSettings) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await call(routes.payouts.updateBanking, { body: v });
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
          <Input autoComplete="off" spellCheck={false} className={css.upper} />
        </FieldCol>
        <CountrySelect schema={B} col={HALF} placeholder="Choose a country" />
        <FieldCol col={FULL} name="address" label="Address" rules={zodRules(B.address)}>
          <Input.TextArea rows={2} autoComplete="street-address" maxLength={300} />
        </FieldCol>
      </Row>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.block} />}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save banking details
      </Button>
    </Form>
  );
}
