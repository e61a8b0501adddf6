'use client';
/**
 * "Refund" on a card payment's page (POST /admin/payments/{id}/refunds, issue 29 §2): all that is
 * refundable or a part of it, and why. The dialog shows the maximum the API gave (a top-up: no more
 * than is left of it and the fan's wallet holds) but lets the API decide — it may have changed
 * since (the fan spent) — and shows its refusal under the field or in the alert.
 *
 * Idempotency-Key: one per opening of the dialog (the dialog is rebuilt on every opening), sent
 * with every attempt, so a double click or a retry after a lost answer (no answer, 5xx) refunds
 * once. A refusal (4xx: nothing was refunded) starts a new key — the corrected attempt is another
 * request — except 409 "still being processed", which means the first attempt is still running.
 */
import { useRef, useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { IDEMPOTENCY_HEADER, MESSAGES, moneyAmountSchema, refundBodySchema, type AdminPayment, type PaymentRefund } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors, type ApiFailure } from '@/lib/api';
import { money } from '@/lib/format';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { newIdempotencyKey } from '@/components/pay/idempotency-keys';
import { PAYMENT_TYPE } from './labels';
import css from './disputes.module.css';

interface Values {
  how: 'full' | 'part';
  amount?: number;
  reason: string;
}

function RefundForm({ payment, onClose, onDone }: { payment: AdminPayment; onClose: () => void; onDone: (r: PaymentRefund) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const key = useRef(newIdempotencyKey());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const how = Form.useWatch('how', form) ?? 'full';

  const submit = async (v: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const body = { reason: v.reason.trim(), ...(v.how === 'part' ? { amount: v.amount } : {}) };
      const r = await call(routes.refunds.refund, { params: { id: payment._id }, body, headers: { [IDEMPOTENCY_HEADER]: key.current } });
      if (r.status === 'failed') message.error(`The refund failed: ${r.failureMessage ?? 'the gateway refused it'}`);
      else message.success(r.status === 'succeeded' ? `${money(r.amount)} refunded to the card` : `Refund of ${money(r.amount)} sent: the gateway confirms it shortly`);
      onDone(r);
    } catch (e) {
      const f = e as ApiFailure;
      const status = f?.statusCode ?? 0;
      if (status >= 400 && status < 500 && !(status === 409 && f.message === MESSAGES.idempotencyInProgress)) key.current = newIdempotencyKey();
      showFieldErrors(form, e);
      if (!Object.keys(fieldErrors(e)).length) setError(errorText(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Refund this payment"
      okText="Refund"
      okButtonProps={{ htmlType: 'submit', form: 'refund-form', loading: busy }}
      cancelText="Cancel"
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {PAYMENT_TYPE[payment.type]} of {money(payment.amount)} by {payment.fan?.name || 'a deleted user'}
        {payment.refundedAmount > 0 ? `, ${money(payment.refundedAmount)} refunded already` : ''}. At most <strong>{money(payment.refundable)}</strong> can be refunded now
        {payment.type === 'wallet_topup' ? ': only the unspent part of a top-up, taken from the fan\u2019s wallet.' : ": the creator's share and the commission are taken back."}
      </p>
      <Form<Values> id="refund-form" form={form} layout="vertical" initialValues={{ how: 'full', reason: '' }} onFinish={submit} requiredMark={false}>
        <Form.Item name="how" label="How much">
          <Radio.Group
            options={[
              { value: 'full', label: `All that is refundable (${money(payment.refundable)})` },
              { value: 'part', label: 'Part of it' },
            ]}
          />
        </Form.Item>
        {how === 'part' && (
          <Form.Item name="amount" label="Amount" extra={`At most ${money(payment.refundable)}`} rules={zodRules(moneyAmountSchema, { required: true, requiredMessage: 'Enter the amount to refund' })}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the field the admin just asked for by choosing "Part of it" in the dialog */}
            <InputNumber min={0.01} step={1} precision={2} prefix="$" className={css.amount} autoFocus />
          </Form.Item>
        )}
        <Form.Item name="reason" label="Reason" rules={zodRules(refundBodySchema.shape.reason, { required: true, requiredMessage: 'Say why (at least 3 characters)' })}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} placeholder="e.g. The fan asked for the unused credit back" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}

/** The dialog, rebuilt on every opening (a new Idempotency-Key each time). */
export default function RefundDialog({ payment, open, onClose, onDone }: { payment: AdminPayment; open: boolean; onClose: () => void; onDone: (r: PaymentRefund) => void }) {
  return open ? <RefundForm payment={payment} onClose={onClose} onDone={onDone} /> : null;
}
