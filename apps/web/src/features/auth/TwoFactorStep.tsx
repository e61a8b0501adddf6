'use client';
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { SafetyOutlined } from '@ant-design/icons';
import { recoveryCodeSchema, totpCodeSchema } from '@stagepass/shared';
import { zodRules } from '@/lib/form-rules';
import { useSpecText } from '@/i18n/spec';
import { useAppDispatch, useAppSelector } from '@/store';
import { loginTwoFactor, type LoginResult } from '@/store/auth';
import css from './auth.module.css';

/**
 * The code step of a two-factor sign-in: 'Authentication code' (6 digits from the app) and
 * 'Verify', or — after 'Use a recovery code' — 'Recovery code'. `onBack` starts the sign-in over.
 */
export default function TwoFactorStep({ challenge, remember, onDone, onBack }: {
  challenge: string;
  remember: boolean;
  onDone: (r: Extract<LoginResult, { user: unknown }>) => void;
  onBack: () => void;
}) {
  const dispatch = useAppDispatch();
  const { requesting, error } = useAppSelector((s) => s.auth.loginAuth);
  const [recovery, setRecovery] = useState(false);
  const [form] = Form.useForm<{ code?: string; recoveryCode?: string }>();
  const t = useTranslations('authMore');
  const spec = useSpecText();

  const onFinish = async (v: { code?: string; recoveryCode?: string }) => {
    const r = await dispatch(loginTwoFactor({ challenge, remember, ...(recovery ? { recoveryCode: v.recoveryCode } : { code: v.code?.replace(/\s+/g, '') }) }));
    if (loginTwoFactor.fulfilled.match(r) && !r.payload.twoFactor) onDone(r.payload);
  };

  return (
    <>
      <p className={css.notice}>
        {recovery ? t('codeRecoveryIntro') : t('codeAppIntro')}
      </p>
      {error && <Alert type="error" showIcon role="alert" title={spec(error)} className={css.alert} data-testid="login-error" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large" name="login-code">
        {recovery ? (
          <Form.Item name="recoveryCode" label={t('recoveryCode')} rules={zodRules(recoveryCodeSchema)}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the password form the user just submitted (or the link they just pressed): focus follows to its one field instead of being lost */}
            <Input autoComplete="off" autoFocus placeholder="xxxxx-xxxxx" spellCheck={false} />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t('authCode')} rules={zodRules(totpCodeSchema)}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the password form the user just submitted (or the link they just pressed): focus follows to its one field instead of being lost */}
            <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" autoFocus placeholder="123456" maxLength={7} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={requesting}>
          {t('verify')}
        </Button>
      </Form>
      <p className={`muted ${css.footer}`}>
        <Button type="link" onClick={() => setRecovery((x) => !x)}>
          {recovery ? t('useApp') : t('useRecovery')}
        </Button>
        ·
        <Button type="link" onClick={onBack}>
          {t('startOver')}
        </Button>
      </p>
    </>
  );
}
