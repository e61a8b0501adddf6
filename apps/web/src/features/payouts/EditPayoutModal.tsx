'use client';
/** Editing a pending payout request (PUT /payout-requests/{id}) in a dialog. */
import { useEffect, useState } from 'react';
import { Alert, App, Form, Modal } from 'antd';
import { MESSAGES, type PayoutCalculation, type PayoutRequest } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors } from '@/lib/form-rules';
import { PayoutAmountFields, round2, type PayoutFormValues } from './PayoutAmountFields';

export default function EditPayoutModal({ request, calc, onClose, onSaved }: { request: PayoutRequest | null; calc?: PayoutCalculation; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayoutFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The request's own amount is counted as pending: it can grow up to what is available plus itself.
  const max = request ? round2((calc?.available ?? 0) + request.amount) : 0;
  const min = calc?.minimumPayoutAmount ?? 0;
  // Fill the form when a request is opened (not after the open animation: the user may already be typing).
  useEffect(() => {
    if (request) form.setFieldsValue({ amount: request.amount, requestNote: request.requestNote });
  }, [request, form]);

  const save = async () => {
    if (!request) return;
    let v: PayoutFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await call(routes.payouts.update, { params: { id: request._id }, body: { amount: v.amount, requestNote: v.requestNote?.trim() ?? '' } });
      message.success(MESSAGES.changesSaved);
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setError(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(request)}
      title="Edit payout request"
      onCancel={onClose}
      onOk={save}
      okText="Save changes"
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setError(null);
      }}
    >
      <Form<PayoutFormValues> form={form} layout="vertical" name="payout-edit" requiredMark={false} onFinish={save} initialValues={request ? { amount: request.amount, requestNote: request.requestNote } : undefined}>
        <PayoutAmountFields min={min} max={max} idPrefix="payout-edit" />
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}
