'use client';
/** The payout request form of /creator/payouts (POST /payout-requests), or why a request cannot be made now. */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Card, Form, Space } from 'antd';
import { MESSAGES, type PayoutCalculation, type PayoutRequest } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors } from '@/lib/form-rules';
import { money } from '@/lib/format';
import { moneyCss as css } from '@/components/money/money-ui';
import { PayoutAmountFields, round2, type PayoutFormValues } from './PayoutAmountFields';

export default function PayoutRequestForm({ calc, pending, onDone }: { calc: PayoutCalculation; pending: PayoutRequest | null; onDone: () => void }) {
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
      // amount is required by the form's rules.
      await call(routes.payouts.create, { body: { amount: v.amount!, requestNote: v.requestNote?.trim() ?? '' } });
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
    <Card className={css.block} styles={{ body: { padding: 20 } }}>
      <h2 className={css.cardTitle} id="request-payout-title">
        Request a payout
      </h2>
      <p className={`muted ${css.lead}`}>
        We pay to the method in your <Link href="/creator/banking">banking settings</Link>. One request can wait for review at a time.
      </p>
      {pending ? (
        <p role="status" className={css.flush}>
          Your request of <strong>{money(pending.amount)}</strong> is waiting for review. You can change it until the team reviews it, and request another payout after that.
        </p>
      ) : tooLow ? (
        <Alert type="warning" showIcon className={css.block} title={`You need at least ${money(min)} available to request a payout`} description={`Available now: ${money(max)}.`} />
      ) : null}
      {!blocked && (
        <Form<PayoutFormValues> form={form} layout="vertical" name="payout-request" onFinish={submit} aria-labelledby="request-payout-title" requiredMark={false}>
          <PayoutAmountFields min={min} max={max} idPrefix="payout" />
          {error && (
            <Alert type="error" showIcon role="alert" title={error} className={css.block} />
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
