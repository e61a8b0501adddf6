'use client';
import { Alert } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { usePaymentSettings } from '@/lib/payments';
import css from './pay.module.css';

export const TEST_CARD_HINT = 'Use test card 4242 4242 4242 4242, any future expiry, any CVC.';

/**
 * While payments run on the sandbox gateway (public setting `paymentsSandbox`): a small notice that
 * no real money moves. `card` adds the test card to use (in card forms). Renders nothing otherwise.
 */
export default function TestPaymentsNotice({ card = false }: { card?: boolean }) {
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
          <strong>Test payments</strong> — no real money is charged on this site.{card ? ` ${TEST_CARD_HINT}` : ''}
        </span>
      }
    />
  );
}
