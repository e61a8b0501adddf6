'use client';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useLocale, useTranslations } from 'next-intl';
import { INTL_LOCALE, isLocale, totpCodeSchema, type TwoFactorProof, type TwoFactorSetup } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useRoute } from '@/lib/swr';
import { useAppDispatch } from '@/store';
import { patchAuthUser } from '@/store/auth';
import { ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import RecoveryCodes from './RecoveryCodes';
import css from './two-factor.module.css';

/** "123456" → a TOTP code; anything else → a recovery code. */
const proofOf = (v: string): TwoFactorProof => (/^\d{3}\s?\d{3}$/.test(v.trim()) ? { code: v.replace(/\s+/g, '') } : { recoveryCode: v.trim() });

/**
 * The account page's 'Two-factor authentication' section (id `two-factor`): set up (QR code, the
 * key as text, 'Authentication code', 'Turn on'), the recovery codes once, new recovery codes, and
 * turning it off with a code. Operators need it for the console, creators for payouts.
 */
export default function TwoFactorSection() {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const status = useRoute(routes.auth.twoFactorStatus);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [enableForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ proof: string }>();
  const [newCodesForm] = Form.useForm<{ code: string }>();
  const t = useTranslations('accountMore');
  const spec = useSpecText();
  const raw = useLocale();
  const day = (iso: string) => new Date(iso).toLocaleDateString(isLocale(raw) ? INTL_LOCALE[raw] : undefined);

  const changed = async (enabled: boolean) => {
    dispatch(patchAuthUser({ twoFactorEnabled: enabled }));
    await status.mutate();
  };
  /** Runs a call; a refusal is shown on the form's field (`showOn`), else as a message. */
  const run = async <T,>(key: string, fn: () => Promise<T>, showOn?: (text: string) => void): Promise<T | null> => {
    setBusy(key);
    try {
      return await fn();
    } catch (e) {
      const f = fieldErrors(e);
      const text = spec(Object.values(f)[0] ?? errorText(e));
      if (showOn) showOn(text);
      else message.error(text);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    const s = await run('setup', () => call(routes.auth.twoFactorSetup));
    if (s) setSetup(s);
  };
  const enable = async ({ code }: { code: string }) => {
    const r = await run('enable', () => call(routes.auth.twoFactorEnable, { body: { code: code.replace(/\s+/g, '') } }), (t) => enableForm.setFields([{ name: 'code', errors: [t] }]));
    if (!r) return;
    setSetup(null);
    setCodes(r.recoveryCodes);
    message.success(t('twoFactorOn'));
    await changed(true);
  };
  const disable = async ({ proof }: { proof: string }) => {
    const p = proofOf(proof);
    const r = await run('disable', () => call(routes.auth.twoFactorDisable, { body: p }), (t) => offForm.setFields([{ name: 'proof', errors: [t] }]));
    if (!r) return;
    offForm.resetFields();
    message.success(t('twoFactorOff'));
    await changed(false);
  };
  const renew = async ({ code }: { code: string }) => {
    const r = await run('renew', () => call(routes.auth.twoFactorRecoveryCodes, { body: { code: code.replace(/\s+/g, '') } }), (t) => newCodesForm.setFields([{ name: 'code', errors: [t] }]));
    if (!r) return;
    newCodesForm.resetFields();
    setCodes(r.recoveryCodes);
    await status.mutate();
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.error) return <ErrorState title={t('twoFactorLoadFailed')} message={spec(errorText(status.error))} onRetry={() => void status.mutate()} />;
  if (!status.data) return <Skeleton active paragraph={{ rows: 2 }} />;

  if (setup) {
    return (
      <div>
        <div className={css.setup}>
          {/* A data URL made by the API: next/image would add nothing. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img className={css.qr} src={setup.qrCode} alt={t('qrAlt')} width={200} height={200} />
          <div className={css.setupText}>
            <p>{t('setupStep1')}</p>
            <p>
              {t('cantScan')}{' '}
              <Typography.Text className={css.key} copyable={{ text: setup.secret, tooltips: [t('copyKey'), t('copied')] }} aria-label={t('setupKey')}>
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Text>
            </p>
            <p>{t('setupStep2')}</p>
            <Form form={enableForm} layout="vertical" requiredMark={false} onFinish={enable} name="two-factor-enable" className={css.form}>
              <Form.Item name="code" label={t('authCode')} rules={zodRules(totpCodeSchema)}>
                <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" maxLength={7} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy === 'enable'}>
                {t('turnOn')}
              </Button>{' '}
              <Button onClick={() => setSetup(null)}>{t('cancel')}</Button>
            </Form>
          </div>
        </div>
      </div>
    );
  }

  const s = status.data;
  if (!s.enabled) {
    return (
      <div>
        <p className={css.status}>
          {t.rich('twoFactorOffStatus', { strong: (c) => <strong>{c}</strong> })}
        </p>
        <Button type="primary" icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => void start()} loading={busy === 'setup'}>
          {t('setUp')}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <Alert
        type="success"
        showIcon
        className={css.alert}
        title={t('twoFactorOn')}
        description={s.enabledAt ? t('onSince', { date: day(s.enabledAt), count: s.recoveryCodesLeft }) : t('codesLeft', { count: s.recoveryCodesLeft })}
      />
      <div className={css.actions}>
        <Form form={newCodesForm} layout="vertical" requiredMark={false} onFinish={renew} name="two-factor-new-codes" className={css.form}>
          <Form.Item name="code" label={t('codeFromApp')} rules={zodRules(totpCodeSchema)} extra={t('renewExtra')}>
            <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" maxLength={7} />
          </Form.Item>
          <Button htmlType="submit" loading={busy === 'renew'}>
            {t('getNewCodes')}
          </Button>
        </Form>
        <Form form={offForm} layout="vertical" requiredMark={false} onFinish={disable} name="two-factor-disable" className={css.form}>
          <Form.Item name="proof" label={t('codeToTurnOff')} rules={[{ required: true, message: t('proofMissing') }]} extra={t('offExtra')}>
            <Input autoComplete="one-time-code" placeholder={t('offPlaceholder')} />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy === 'disable'}>
            {t('turnOff')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
