'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Button, Form, Input, Result } from 'antd';
import { MESSAGES, resendVerificationSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useLinkToken } from './use-link-token';
import { LinkPending } from './LinkPending';
import css from './auth.module.css';

function ResendForm() {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (sent) return <p role="status">If that address has an account waiting for verification, a new link is on its way.</p>;
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
      <Form.Item name="email" label="E-mail" rules={zodRules(resendVerificationSchema.shape.email, { label: 'E-mail' })}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Button htmlType="submit" block loading={busy}>
        Send a new link
      </Button>
    </Form>
  );
}

/** Verifies the token from the e-mail link (POST /auth/email-verification/verify). */
export default function VerifyEmail({ token }: { token: string | null }) {
  const state = useLinkToken(routes.auth.verifyEmail, token, 'The verification link is missing its code.');

  if (state.status === 'pending') return <LinkPending text="Verifying your e-mail address…" />;
  if (state.status === 'ok' && state.alreadyVerified)
    return (
      <Result
        status="info"
        title="E-mail already verified"
        subTitle={MESSAGES.emailAlreadyVerified}
        extra={<Link href="/auth/login"><Button type="primary" size="large">Log in</Button></Link>}
      />
    );
  if (state.status === 'ok')
    return (
      <Result
        status="success"
        title="E-mail verified"
        subTitle="Thanks! Your address is confirmed and your account is ready."
        extra={<Link href="/auth/login"><Button type="primary" size="large">Log in</Button></Link>}
      />
    );
  return (
    <Result
      status="error"
      title="We couldn't verify your e-mail"
      subTitle={state.message}
      extra={
        <>
          <ResendForm />
          <p className={css.after}>
            Already verified? <Link href="/auth/login">Log in</Link>
          </p>
        </>
      }
    />
  );
}
