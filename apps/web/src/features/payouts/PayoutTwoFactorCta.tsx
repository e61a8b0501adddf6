'use client';
/**
 * In place of the payout request form of a creator without two-factor authentication: the API
 * refuses payout requests and their edits without it (403), so the page asks them to turn it on
 * instead of offering a button that would be refused.
 */
import Link from 'next/link';
import { Button, Card, Result } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { moneyCss as css } from '@/components/money/money-ui';

export default function PayoutTwoFactorCta() {
  return (
    <Card className={css.block} aria-labelledby="payout-two-factor-title">
      <Result
        icon={<SafetyCertificateOutlined />}
        title={
          <h2 id="payout-two-factor-title" className={css.sectionTitle}>
            Payouts need two-factor authentication
          </h2>
        }
        subTitle="Requesting a payout takes a code from your phone as well as your password, so nobody who learns your password can withdraw your earnings. Turn it on from your account page, then come back here to request a payout."
        extra={
          <Link href="/creator/account#two-factor">
            <Button type="primary">Turn on two-factor authentication</Button>
          </Link>
        }
      />
    </Card>
  );
}
