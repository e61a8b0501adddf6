'use client';
import dynamic from 'next/dynamic';
import { Alert, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import type { Card } from '@stagepass/shared';
import TestPaymentsNotice from './TestPaymentsNotice';
import { usePaymentSettings } from '@/lib/payments';
import SandboxCardForm from './SandboxCardForm';

// Stripe.js is only loaded when the Stripe gateway is the active one.
const StripeCardForm = dynamic(() => import('./StripeCardForm'), { ssr: false, loading: () => <Skeleton active paragraph={{ rows: 3 }} /> });

/**
 * The add-card form of the active gateway: the sandbox's test-card fields, Stripe Elements when a
 * publishable key is configured, else a message that cards can't be added yet.
 */
export default function AddCard({ onAdded, onCancel, submitText, notice = true }: { onAdded: (c: Card) => void; onCancel?: () => void; submitText?: string; notice?: boolean }) {
  const t = useTranslations('pay');
  const pay = usePaymentSettings();
  if (pay.gateway === 'sandbox')
    return (
      <>
        {notice && <TestPaymentsNotice card />}
        <SandboxCardForm onAdded={onAdded} onCancel={onCancel} submitText={submitText} />
      </>
    );
  if (pay.stripePublishableKey) return <StripeCardForm publishableKey={pay.stripePublishableKey} onAdded={onAdded} onCancel={onCancel} submitText={submitText} />;
  return <Alert type="warning" showIcon title={t('cardsUnavailable')} description={t('cardsUnavailableText')} />;
}
