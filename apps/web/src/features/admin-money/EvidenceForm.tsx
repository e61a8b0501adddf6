'use client';
/**
 * "Submit evidence" on a dispute's page (POST /admin/disputes/{id}/evidence): the contract's
 * evidence fields (shared `disputeEvidenceSchema`, checked with the same rules), pre-filled with
 * what was staged before, else with the API's suggestion from the site's records. `Submit
 * evidence` answers the dispute (→ under review); `Save without submitting` stages it at the
 * gateway. A 400's field errors go under their fields (e.g. "Give at least one piece of
 * evidence"); any other refusal shows in an alert.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { DISPUTE_EVIDENCE_FIELDS, disputeEvidenceSchema, type Dispute, type DisputeEvidence } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { compact, showFieldErrors, zodRules } from '@/lib/form-rules';
import css from './disputes.module.css';

type Field = keyof DisputeEvidence;
/** Each field's label and help; long ones are text areas spanning the form. */
const FIELDS: Record<Field, { label: string; help?: string; long?: boolean }> = {
  productDescription: { label: 'What was sold', long: true },
  customerName: { label: 'Customer name' },
  customerEmailAddress: { label: 'Customer e-mail' },
  customerPurchaseIp: { label: 'IP address of the purchase', help: 'Filled from the payment when the site kept it (card payments made by the fan, for 180 days).' },
  serviceDate: { label: 'Service date', help: 'When the service was provided (YYYY-MM-DD).' },
  accessActivityLog: { label: 'Use of what was bought (activity log)', long: true, help: "The fan's sign-ins and spending after the payment." },
  shippingCarrier: { label: 'Shipping carrier' },
  shippingTrackingNumber: { label: 'Tracking number' },
  shippingDate: { label: 'Shipping date' },
  refundPolicyDisclosure: { label: 'Refund policy shown to the fan', long: true },
  cancellationPolicyDisclosure: { label: 'Cancellation policy shown to the fan', long: true },
  cancellationRebuttal: { label: 'Why the cancellation claim does not apply', long: true },
  uncategorizedText: { label: 'Other evidence', long: true },
};
// Every field of the contract, in the order above (a field the contract adds later still shows, at the end).
const ORDER = [...(Object.keys(FIELDS) as Field[]).filter((k) => DISPUTE_EVIDENCE_FIELDS.includes(k)), ...DISPUTE_EVIDENCE_FIELDS.filter((k) => !(k in FIELDS))];

export default function EvidenceForm({ disputeId, initial, onDone }: { disputeId: string; initial: DisputeEvidence; onDone: (d: Dispute, sent: DisputeEvidence, submitted: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DisputeEvidence>();
  const [busy, setBusy] = useState<'submit' | 'stage' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (submit: boolean) => {
    if (busy) return;
    let values: DisputeEvidence;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(submit ? 'submit' : 'stage');
    setError(null);
    const evidence = compact(values) as DisputeEvidence;
    try {
      const d = await call(routes.disputes.submitEvidence, { params: { id: disputeId }, body: { ...evidence, submit } });
      message.success(submit ? "Evidence sent to the cardholder's bank" : 'Evidence saved at the gateway (not sent yet)');
      onDone(d, evidence, submit);
    } catch (e) {
      showFieldErrors(form, e);
      // Field errors are shown under their fields; anything else (409 answered already, 422 the gateway refused…) here.
      if (!Object.keys(fieldErrors(e)).length) setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<DisputeEvidence> form={form} layout="vertical" initialValues={initial} requiredMark={false} onFinish={() => send(true)} aria-label="Submit evidence">
      <div className={css.evidenceGrid}>
        {ORDER.map((k) => {
          const f = FIELDS[k] ?? { label: k, long: true };
          return (
            <Form.Item key={k} name={k} label={f.label} extra={f.help} rules={zodRules(disputeEvidenceSchema.shape[k], { label: f.label })} className={f.long ? css.wide : undefined}>
              {f.long ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} /> : <Input />}
            </Form.Item>
          );
        })}
      </div>
      {error && <Alert className={css.notice} type="error" showIcon title={error} role="alert" />}
      <div className={css.formActions}>
        <Button type="primary" htmlType="submit" loading={busy === 'submit'} disabled={Boolean(busy)}>
          Submit evidence
        </Button>
        <Button onClick={() => send(false)} loading={busy === 'stage'} disabled={Boolean(busy)}>
          Save without submitting
        </Button>
        <span className={css.small}>Submitting answers the dispute: the bank then decides, and nothing more can be sent.</span>
      </div>
    </Form>
  );
}
