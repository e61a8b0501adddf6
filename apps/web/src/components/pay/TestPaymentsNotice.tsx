'use client';
import { Alert } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { usePaymentSettings } from '@/lib/payments';
import css from './pay.module.css';

/**
 * While payments run on the sandbox gateway (public setting `paymentsSandbox`): a small notice that
 * no real money moves. `card` adds the test card to use (in card forms). Renders nothing otherwise.
 */
export default function TestPaymentsNotice({ card = false }: { card?: boolean }) {
  const t = useTranslations('pay');
  const { sandbox } = usePaymentSettings();
  if (!sandbox) return null;
  return (
    <Alert
      role="status"
      type="info"
      showIcon
      icon={<ExperimentOutlined />}
      className={css.notice}
      title={
        <span>
          {t.rich('testPayments', { strong: (c) => <strong>{c}</strong> })}
          {card ? ` ${t('testCardHint')}` : ''}
        </span>
      }
    />
  );
}
