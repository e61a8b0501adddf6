'use client';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Card } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useSpecText } from '@/i18n/spec';
import { useTheme } from '@/lib/theme';
import { stripeFor } from '@/lib/stripe-js';
import css from './pay.module.css';


function Inner({ onAdded, onCancel, submitText }: { onAdded: (c: Card) => void; onCancel?: () => void; submitText?: string }) {
  const t = useTranslations('pay');
  const specText = useSpecText();
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
      if (r.error || !r.paymentMethod) throw { message: r.error?.message || t('cardNotSaved') };
      const saved = await call(routes.payments.addStripeCard, { body: { paymentMethodId: r.paymentMethod.id } });
      card.clear();
      setName('');
      onAdded(saved);
    } catch (e) {
      setError(specText(errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" name="add-card" onFinish={() => void submit()} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} className={css.alert} />}
      <Form.Item label={t('cardDetails')} required>
        <div role="group" aria-label={t('cardDetails')} className={css.cardElement}>
          <CardElement options={{ style, hidePostalCode: false }} onChange={(e) => { setComplete(e.complete); setError(e.error?.message || null); }} />
        </div>
      </Form.Item>
      <Form.Item label={t('nameOnCard')} htmlFor="stripe-card-name">
        <Input id="stripe-card-name" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </Form.Item>
      <div className={css.buttons}>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!stripe || !complete}>
          {submitText ?? t('addCard')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
      </div>
    </Form>
  );
}

/**
 * Card form of the Stripe gateway: Stripe Elements makes a PaymentMethod, then POST /stripe/cards.
 * Elements speaks the page's language (its placeholders and card errors); a new language mounts it again.
 */
export default function StripeCardForm({ publishableKey, onAdded, onCancel, submitText }: { publishableKey: string; onAdded: (c: Card) => void; onCancel?: () => void; submitText?: string }) {
  const locale = useLocale();
  return (
    <Elements key={locale} stripe={stripeFor(publishableKey)} options={{ locale }}>
      <Inner onAdded={onAdded} onCancel={onCancel} submitText={submitText} />
    </Elements>
  );
}
