'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { forgotPasswordSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import css from './auth.module.css';

export default function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sentTo)
    return (
      <Result
        icon={<MailOutlined className={css.mailIcon} />}
        title="Check your inbox"
        subTitle={<>If an account exists for <strong>{sentTo}</strong>, we just sent it a link to choose a new password. The link expires soon, so use it right away.</>}
        extra={<Link href="/auth/login"><Button type="primary">Back to log in</Button></Link>}
      />
    );
  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} className={css.alert} />}
      <Form<{ email: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={async ({ email }) => {
          setBusy(true);
          setError(null);
          try {
            await call(routes.auth.forgotPassword, { body: { email: email.trim() } });
            setSentTo(email.trim());
          } catch (e) {
            setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="email" label="E-mail" rules={zodRules(forgotPasswordSchema.shape.email, { label: 'E-mail' })}>
          <Input type="email" autoComplete="email" autoFocus placeholder="you@example.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Send reset link
        </Button>
      </Form>
      <p className={`muted ${css.footerTight}`}>
        Remembered it? <Link href="/auth/login">Log in</Link>
      </p>
    </>
  );
}
