'use client';
/**
 * "Run now" on /admin/reconciliation (POST /admin/reconciliation/runs, issue 29 §5): a period of
 * whole UTC days (yesterday by default, at most 31, none after today) reconciled on the active
 * gateway. The API answers the finished run; its refusals show under the fields or in the alert
 * (409: a run of this period is already under way).
 */
import { useRef, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { RECONCILIATION_MAX_DAYS, type ReconciliationRun } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { plural } from '@/lib/format';
import { showFieldErrors } from '@/lib/form-rules';
import css from './reconciliation.module.css';

interface Values {
  fromDate: string;
  toDate: string;
}
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export default function RunReconciliationDialog({ onClose, onDone }: { onClose: () => void; onDone: (run: ReconciliationRun) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const run = await call(routes.reconciliation.start, { body: { fromDate: v.fromDate, toDate: v.toDate } });
      if (run.mismatches === 0) message.success('Reconciled: everything matches');
      else message.warning(`Reconciled: ${plural(run.mismatches, 'mismatch')} to look at`);
      onDone(run);
    } catch (e) {
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
      title="Reconcile a period"
      okText="Run now"
      okButtonProps={{ htmlType: 'submit', form: 'reconcile-form', loading: busy }}
      cancelText="Cancel"
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        The gateway&apos;s balance transactions of these days (UTC) are compared with the ledger: every charge, refund, dispute and dispute fee. At most {RECONCILIATION_MAX_DAYS} days.
      </p>
      <Form<Values> id="reconcile-form" form={form} layout="vertical" initialValues={{ fromDate: utcDay(-1), toDate: utcDay(-1) }} onFinish={submit} requiredMark={false}>
        <div className={css.dates}>
          <Form.Item name="fromDate" label="From" rules={[{ required: true, message: 'Pick the first day' }]}>
            <Input type="date" max={utcDay(0)} />
          </Form.Item>
          <Form.Item name="toDate" label="To (inclusive)" rules={[{ required: true, message: 'Pick the last day' }]}>
            <Input type="date" max={utcDay(0)} />
          </Form.Item>
        </div>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
