'use client';
import Link from 'next/link';
import { Alert, Button } from 'antd';
import { TWO_FACTOR_MESSAGES } from '@stagepass/shared';
import { useCurrentUser } from '@/store';
import css from './two-factor.module.css';

/** On the payout screens of a creator without two-factor authentication: why the forms will refuse, and where to turn it on. */
export default function TwoFactorNeeded() {
  const user = useCurrentUser();
  if (!user || user.twoFactorEnabled) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className={css.alert}
      title="Two-factor authentication is needed for payouts"
      description={
        <>
          <p className={css.neededText}>{TWO_FACTOR_MESSAGES.payoutRequired}.</p>
          <Link href="/creator/account#two-factor">
            <Button size="small">Set up two-factor authentication</Button>
          </Link>
        </>
      }
    />
  );
}
