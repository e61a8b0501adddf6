'use client';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { TWO_FACTOR_MESSAGES } from '@stagepass/shared';
import css from './two-factor.module.css';

/**
 * What an operator without two-factor authentication sees on every /admin page (the API answers
 * 403 to them on every admin route): why, and 'Set up two-factor authentication' → the account
 * page's section.
 */
export default function TwoFactorRequired({ isPerformer }: { isPerformer: boolean }) {
  return (
    <main className={css.required}>
      <Result
        icon={<SafetyCertificateOutlined aria-hidden />}
        title={<h1 className={css.requiredTitle}>{TWO_FACTOR_MESSAGES.adminRequired}</h1>}
        subTitle="The console changes people's accounts and money, so it asks for a code from your phone at every sign-in. Turn two-factor authentication on in your account, then come back."
        extra={[
          <Link key="setup" href={isPerformer ? '/creator/account#two-factor' : '/user/account#two-factor'}>
            <Button type="primary">Set up two-factor authentication</Button>
          </Link>,
          <Link key="home" href="/home">
            <Button>Back to the site</Button>
          </Link>,
        ]}
      />
    </main>
  );
}
