'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { forgotPasswordSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import css from './auth.module.css';

export default function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useTranslations('auth');
  const tc = useTranslations('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sentTo)
    return (
      <Result
        icon={<MailOutlined className={css.mailIcon} />}
        title={t('checkInbox')}
        subTitle={t.rich('resetSent', { email: sentTo, strong: (c) => <strong>{c}</strong> })}
        extra={<Link href="/auth/login"><Button type="primary">{t('backToLogin')}</Button></Link>}
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
        <Form.Item name="email" label={tc('email')} rules={zodRules(forgotPasswordSchema.shape.email, { label: tc('email') })}>
          <Input type="email" autoComplete="email" placeholder={t('emailPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('sendResetLink')}
        </Button>
      </Form>
      <p className={`muted ${css.footerTight}`}>
        {t.rich('remembered', { login: (c) => <Link href="/auth/login">{c}</Link> })}
      </p>
    </>
  );
}
