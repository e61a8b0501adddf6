'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { getToken } from '@/lib/api';
import { useLinkToken } from './use-link-token';
import { LinkPending } from './LinkPending';

/**
 * Applies an e-mail change with the token from the link mailed to the new address
 * (POST /auth/email-change/confirm). Works signed in or not: the link itself is the proof.
 */
export default function ConfirmEmail({ token }: { token: string | null }) {
  const state = useLinkToken(routes.auth.confirmEmailChange, token, 'The confirmation link is missing its code.');
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(Boolean(getToken())), []);

  if (state.status === 'pending') return <LinkPending text="Confirming your new e-mail address…" />;
  if (state.status === 'ok')
    return (
      <Result
        status="success"
        title="E-mail address changed"
        subTitle="Your new address is confirmed. We let your old address know about the change."
        extra={
          <Link href={signedIn ? '/' : '/auth/login'}>
            <Button type="primary" size="large">{signedIn ? 'Back to the site' : 'Log in'}</Button>
          </Link>
        }
      />
    );
  return (
    <Result
      status="error"
      title="We couldn't change your e-mail"
      subTitle={<>{state.message} Links work once, for one day: ask again from your account settings.</>}
      extra={
        <Link href={signedIn ? '/' : '/auth/login'}>
          <Button>{signedIn ? 'Back to the site' : 'Log in'}</Button>
        </Link>
      }
    />
  );
}
