'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslations } from 'next-intl';
import { prehashPassword } from '@stagepass/shared';
import { confirmRules, newPasswordRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import css from './auth.module.css';

export default function ResetPasswordForm({ token }: { token: string | null }) {
  const { clientPasswordHashing } = useSettings();
  const [done, setDone] = useState(false);
  const t = useTranslations('auth');
  const tc = useTranslations('common');
  const tf = useTranslations('forms');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!token)
    return (
      <Result
        status="warning"
        title={t('linkIncomplete')}
        subTitle={t('linkIncompleteText')}
        extra={<Link href="/auth/forgot-password"><Button type="primary">{t('askNewLink')}</Button></Link>}
      />
    );
  if (done)
    return (
      <Result
        status="success"
        title={t('passwordChanged')}
        subTitle={t('passwordChangedText')}
        extra={<Link href="/auth/login"><Button type="primary">{tc('logIn')}</Button></Link>}
      />
    );
  return (
    <>
      {error && (
        <Alert type="error" showIcon role="alert" title={error} className={css.alert} action={<Link href="/auth/forgot-password">{t('newLink')}</Link>} />
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
        <Form.Item name="password" label={tc('newPassword')} rules={newPasswordRules(tf('newPasswordRequired'))} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('confirmPassword')} dependencies={['password']} rules={confirmRules('password', { required: tf('confirmRequired'), mismatch: tf('passwordsDiffer') })} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('setNewPassword')}
        </Button>
      </Form>
    </>
  );
}
