'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Input, Result } from 'antd';
import { prehashPassword } from '@stagepass/shared';
import { confirmRules, newPasswordRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import css from './auth.module.css';

export default function ResetPasswordForm({ token }: { token: string | null }) {
  const { clientPasswordHashing } = useSettings();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!token)
    return (
      <Result
        status="warning"
        title="This link is incomplete"
        subTitle="The password reset link is missing its code. Please open the link from the e-mail again, or ask for a new one."
        extra={<Link href="/auth/forgot-password"><Button type="primary">Ask for a new link</Button></Link>}
      />
    );
  if (done)
    return (
      <Result
        status="success"
        title="Password changed"
        subTitle="Your new password is set. You can log in with it now."
        extra={<Link href="/auth/login"><Button type="primary">Log in</Button></Link>}
      />
    );
  return (
    <>
      {error && (
        <Alert type="error" showIcon role="alert" title={error} className={css.alert} action={<Link href="/auth/forgot-password">New link</Link>} />
      )}
      <Form<{ password: string; confirmPassword: string }>
        layout="vertical"
        size="large"
        onFinish={async ({ password }) => {
          setBusy(true);
          setError(null);
          try {
            await call(routes.auth.resetPassword, { body: { token, password: clientPasswordHashing ? await prehashPassword(password) : password } });
            setDone(true);
          } catch (e) {
            setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="password" label="New password" rules={newPasswordRules('new password')} hasFeedback>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item name="confirmPassword" label="Confirm password" dependencies={['password']} rules={confirmRules()} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Set new password
        </Button>
      </Form>
    </>
  );
}
