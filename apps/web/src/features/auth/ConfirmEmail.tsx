'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { getToken } from '@/lib/api';
import { useSpecText } from '@/i18n/spec';
import { useLinkToken } from './use-link-token';
import { LinkPending } from './LinkPending';

/**
 * Applies an e-mail change with the token from the link mailed to the new address
 * (POST /auth/email-change/confirm). Works signed in or not: the link itself is the proof.
 */
export default function ConfirmEmail({ token }: { token: string | null }) {
  const t = useTranslations('authMore');
  const tc = useTranslations('common');
  const spec = useSpecText();
  const state = useLinkToken(routes.auth.confirmEmailChange, token, t('confirmMissing'));
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(Boolean(getToken())), []);

  if (state.status === 'pending') return <LinkPending text={t('confirming')} />;
  if (state.status === 'ok')
    return (
      <Result
        status="success"
        title={t('changedTitle')}
        subTitle={t('changedText')}
        extra={
          <Link href={signedIn ? '/' : '/auth/login'}>
            <Button type="primary" size="large">{signedIn ? t('backToSite') : tc('logIn')}</Button>
          </Link>
        }
      />
    );
  return (
    <Result
      status="error"
      title={t('changeFailedTitle')}
      subTitle={<>{spec(state.message)} {t('changeFailedHint')}</>}
      extra={
        <Link href={signedIn ? '/' : '/auth/login'}>
          <Button>{signedIn ? t('backToSite') : tc('logIn')}</Button>
        </Link>
      }
    />
  );
}
