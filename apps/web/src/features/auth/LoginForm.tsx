'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { loginSchema, postLoginPath, safeNextPath } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { useSpecText } from '@/i18n/spec';
import { useSettings } from '@/lib/site-context';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { login, type LoginResult } from '@/store/auth';
import SocialButtons from './SocialButtons';
import TwoFactorStep from './TwoFactorStep';
import { takeHandedChallenge } from './two-factor-handoff';
import css from './auth.module.css';

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Username-or-e-mail + password login (spec §4). After login → the `?next=` path (safeNextPath), else postLoginPath(user), unless skipped.
 * A two-factor account then gets the code step (TwoFactorStep), also after a social sign-in
 * (`?step=code`, the challenge handed over in sessionStorage).
 */
export default function LoginForm({ skipPostLoginRedirect = false }: { skipPostLoginRedirect?: boolean }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { clientPasswordHashing, siteName } = useSettings();
  const t = useTranslations('auth');
  const tc = useTranslations('common');
  const spec = useSpecText();
  const { requesting, error } = useAppSelector((s) => s.auth.loginAuth);
  const current = useCurrentUser();
  const [twoFactor, setTwoFactor] = useState<{ challenge: string; remember: boolean } | null>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('step') !== 'code') return;
    const handed = takeHandedChallenge();
    if (handed) setTwoFactor(handed);
  }, []);

  const done = (r: Extract<LoginResult, { user: unknown }>) => {
    if (skipPostLoginRedirect) router.refresh();
    // Back where the login was asked from (`?next=`, e.g. a creator's profile with its trial link), else the usual landing page.
    else window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? postLoginPath(r.user));
  };

  const onFinish = async (v: Values) => {
    const r = await dispatch(login({ username: v.username.trim(), password: v.password, remember: v.remember, hashPassword: clientPasswordHashing }));
    if (!login.fulfilled.match(r)) return;
    if (r.payload.twoFactor) setTwoFactor(r.payload.twoFactor);
    else done(r.payload);
  };

  if (twoFactor) return <TwoFactorStep challenge={twoFactor.challenge} remember={twoFactor.remember} onDone={done} onBack={() => setTwoFactor(null)} />;

  return (
    <>
      {current && !requesting && (
        <Alert
          type="info"
          showIcon
          className={css.alert}
          title={t('signedInAs', { name: current.name })}
          description={
            <>{t.rich('differentAccount', { link: (c) => <Link href={postLoginPath(current)}>{c}</Link> })}</>
          }
        />
      )}
      {error && <Alert type="error" showIcon role="alert" title={spec(error)} className={css.alert} data-testid="login-error" />}
      <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ remember: false }} size="large" name="login">
        <Form.Item name="username" label={t('usernameOrEmail')} rules={zodRules(loginSchema.shape.username)}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" placeholder={t('usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={tc('password')} rules={zodRules(loginSchema.shape.password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('passwordPlaceholder')} />
        </Form.Item>
        <Flex justify="space-between" align="center" className={css.row}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('rememberMe')}</Checkbox>
          </Form.Item>
          <Link href="/auth/forgot-password">{t('forgotLink')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={requesting}>
          {tc('logIn')}
        </Button>
      </Form>
      <SocialButtons role="user" />
      <p className={`muted ${css.footer}`}>
        {t.rich('newHere', { site: siteName, fan: (c) => <Link href="/auth/register">{c}</Link>, creator: (c) => <Link href="/auth/register/creator">{c}</Link> })}
      </p>
    </>
  );
}
