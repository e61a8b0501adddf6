'use client';
/**
 * The sandbox's dispute buttons (issue 29 §1, POST /admin/sandbox/disputes): while payments run on
 * the sandbox gateway (public settings `paymentsSandbox`) the operator — or a demo — plays the
 * cardholder's bank: open a dispute on a sandbox card payment, or decide an open one (won / lost).
 * The API takes them through the same handling as Stripe's dispute events. Shown only for a
 * sandbox payment while the sandbox is the active gateway; clearly labelled "Sandbox".
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Select } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { DISPUTE_REASONS, type Dispute, type DisputeReason, type GatewayName } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { reasonText } from './dispute-bits';
import css from './disputes.module.css';

const reasonOptions = DISPUTE_REASONS.map((r) => ({ value: r, label: reasonText(r) }));

/** Whether the sandbox buttons apply to a payment of `gateway`. */
export function useSandboxDisputes(gateway: GatewayName): boolean {
  const settings = useSettings();
  return settings.paymentsSandbox && gateway === 'sandbox';
}

export default function SandboxDisputeActions({ paymentId, mode, onDone }: { paymentId: string; mode: 'open' | 'decide'; onDone: (d: Dispute) => void | Promise<void> }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState<DisputeReason>('fraudulent');
  const [busy, setBusy] = useState<'open' | 'won' | 'lost' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (what: 'open' | 'won' | 'lost') => {
    if (busy) return;
    setBusy(what);
    setError(null);
    try {
      const d = await call(routes.disputes.sandboxDispute, { body: what === 'open' ? { paymentId, reason } : { paymentId, outcome: what } });
      message.success(what === 'open' ? 'Dispute opened (sandbox)' : `Dispute closed as ${what} (sandbox)`);
      await onDone(d);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className={css.sandbox} size="small" role="region" aria-labelledby={`sandbox-${mode}-${paymentId}`}>
      <h2 id={`sandbox-${mode}-${paymentId}`}>
        <ExperimentOutlined aria-hidden /> Sandbox: play the cardholder&apos;s bank
      </h2>
      <p className={css.note}>
        {mode === 'open'
          ? 'Test payments only. Opens a dispute on this payment as a bank would: the money is held back at once and the fan cannot spend until it closes.'
          : 'Test payments only. Decides this dispute as the bank would, through the same handling as a real one.'}
      </p>
      <div className={css.actions}>
        {mode === 'open' ? (
          <>
            <Select aria-label="Dispute reason" value={reason} onChange={setReason} options={reasonOptions} virtual={false} className={css.reasonSelect} />
            <Button onClick={() => send('open')} loading={busy === 'open'} disabled={Boolean(busy)}>
              Open a dispute (sandbox)
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => send('won')} loading={busy === 'won'} disabled={Boolean(busy)}>
              Close as won (sandbox)
            </Button>
            <Button onClick={() => send('lost')} loading={busy === 'lost'} disabled={Boolean(busy)}>
              Close as lost (sandbox)
            </Button>
          </>
        )}
      </div>
      {error && <Alert className={css.sandboxError} type="error" showIcon title={error} role="alert" />}
    </Card>
  );
}
