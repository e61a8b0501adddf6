'use client';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Card } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useTheme } from '@/lib/theme';
import { stripeFor } from '@/lib/stripe-js';
import css from './pay.module.css';


function Inner({ onAdded, onCancel, submitText }: { onAdded: (c: Card) => void; onCancel?: () => void; submitText: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const { resolved } = useTheme();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const style = useMemo(
    () => ({ base: { fontSize: '16px', color: resolved === 'dark' ? '#f3f0fa' : '#1f1b2d', '::placeholder': { color: resolved === 'dark' ? '#8f88a3' : '#9a94ab' } }, invalid: { color: '#ef4444' } }),
    [resolved],
  );
  const submit = async () => {
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setBusy(true);
    setError(null);
    try {
      const r = await stripe.createPaymentMethod({ type: 'card', card, billing_details: name.trim() ? { name: name.trim() } : undefined });
      if (r.error || !r.paymentMethod) throw { message: r.error?.message || 'Your card could not be saved' };
      const saved = await call(routes.payments.addStripeCard, { body: { paymentMethodId: r.paymentMethod.id } });
      card.clear();
      setName('');
      onAdded(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" name="add-card" onFinish={() => void submit()} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} className={css.alert} />}
      <Form.Item label="Card details" required>
        <div role="group" aria-label="Card details" className={css.cardElement}>
          <CardElement options={{ style, hidePostalCode: false }} onChange={(e) => { setComplete(e.complete); setError(e.error?.message || null); }} />
        </div>
      </Form.Item>
      <Form.Item label="Name on card" htmlFor="stripe-card-name">
        <Input id="stripe-card-name" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </Form.Item>
      <div className={css.buttons}>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!stripe || !complete}>
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </Form>
  );
}

/** Card form of the Stripe gateway: Stripe Elements makes a PaymentMethod, then POST /stripe/cards. */
export default function StripeCardForm({ publishableKey, onAdded, onCancel, submitText = 'Add card' }: { publishableKey: string; onAdded: (c: Card) => void; onCancel?: () => void; submitText?: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <Inner onAdded={onAdded} onCancel={onCancel} submitText={submitText} />
    </Elements>
  );
}
