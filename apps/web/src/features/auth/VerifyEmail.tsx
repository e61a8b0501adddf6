'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Button, Form, Input, Result } from 'antd';
import { useTranslations } from 'next-intl';
import { MESSAGES, resendVerificationSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useSpecText } from '@/i18n/spec';
import { useLinkToken } from './use-link-token';
import { LinkPending } from './LinkPending';
import css from './auth.module.css';

function ResendForm() {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useTranslations('authMore');
  const ta = useTranslations('auth');
  const tc = useTranslations('common');
  if (sent) return <p role="status">{t('resendSent')}</p>;
  return (
    <Form<{ email: string }>
      layout="vertical"
      className={css.resend}
      onFinish={async ({ email }) => {
        setBusy(true);
        try {
          await call(routes.auth.resendVerification, { body: { email: email.trim() } });
        } catch {
          /* the API never tells whether the address exists */
        }
        setBusy(false);
        setSent(true);
      }}
    >
      <Form.Item name="email" label={tc('email')} rules={zodRules(resendVerificationSchema.shape.email, { label: tc('email') })}>
        <Input type="email" autoComplete="email" placeholder={ta('emailPlaceholder')} />
      </Form.Item>
      <Button htmlType="submit" block loading={busy}>
        {t('sendNewLink')}
      </Button>
    </Form>
  );
}

/** Verifies the token from the e-mail link (POST /auth/email-verification/verify). */
export default function VerifyEmail({ token }: { token: string | null }) {
  const t = useTranslations('authMore');
  const tc = useTranslations('common');
  const spec = useSpecText();
  const state = useLinkToken(routes.auth.verifyEmail, token, t('verifyMissing'));

  if (state.status === 'pending') return <LinkPending text={t('verifying')} />;
  if (state.status === 'ok' && state.alreadyVerified)
    return (
      <Result
        status="info"
        title={t('alreadyVerifiedTitle')}
        subTitle={spec(MESSAGES.emailAlreadyVerified)}
        extra={<Link href="/auth/login"><Button type="primary" size="large">{tc('logIn')}</Button></Link>}
      />
    );
  if (state.status === 'ok')
    return (
      <Result
        status="success"
        title={t('verifiedTitle')}
        subTitle={t('verifiedText')}
        extra={<Link href="/auth/login"><Button type="primary" size="large">{tc('logIn')}</Button></Link>}
      />
    );
  return (
    <Result
      status="error"
      title={t('verifyFailedTitle')}
      subTitle={spec(state.message)}
      extra={
        <>
          <ResendForm />
          <p className={css.after}>
            {t.rich('alreadyVerified', { login: (c) => <Link href="/auth/login">{c}</Link> })}
          </p>
        </>
      }
    />
  );
}
