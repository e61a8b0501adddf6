'use client';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { TWO_FACTOR_MESSAGES, totpCodeSchema, type TwoFactorProof, type TwoFactorSetup } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useRoute } from '@/lib/swr';
import { useAppDispatch } from '@/store';
import { patchAuthUser } from '@/store/auth';
import { ErrorState } from '@/components/states';
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
      const text = Object.values(f)[0] ?? errorText(e);
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
    message.success('Two-factor authentication is on');
    await changed(true);
  };
  const disable = async ({ proof }: { proof: string }) => {
    const p = proofOf(proof);
    const r = await run('disable', () => call(routes.auth.twoFactorDisable, { body: p }), (t) => offForm.setFields([{ name: 'proof', errors: [t] }]));
    if (!r) return;
    offForm.resetFields();
    message.success('Two-factor authentication is off');
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
  if (status.error) return <ErrorState title="We couldn't load your two-factor settings" message={errorText(status.error)} onRetry={() => void status.mutate()} />;
  if (!status.data) return <Skeleton active paragraph={{ rows: 2 }} />;

  if (setup) {
    return (
      <div>
        <div className={css.setup}>
          {/* A data URL made by the API: next/image would add nothing. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img className={css.qr} src={setup.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
          <div className={css.setupText}>
            <p>1. Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</p>
            <p>
              Can&apos;t scan it? Enter this key in the app instead:{' '}
              <Typography.Text className={css.key} copyable={{ text: setup.secret, tooltips: ['Copy key', 'Copied'] }} aria-label="Setup key">
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Text>
            </p>
            <p>2. Enter the 6-digit code the app shows.</p>
            <Form form={enableForm} layout="vertical" requiredMark={false} onFinish={enable} name="two-factor-enable" className={css.form}>
              <Form.Item name="code" label="Authentication code" rules={zodRules(totpCodeSchema)}>
                <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" maxLength={7} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy === 'enable'}>
                Turn on
              </Button>{' '}
              <Button onClick={() => setSetup(null)}>Cancel</Button>
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
          Two-factor authentication is <strong>off</strong>. With it on, signing in also asks for a code from an app on your phone.
        </p>
        <Button type="primary" icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => void start()} loading={busy === 'setup'}>
          Set up two-factor authentication
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
        title="Two-factor authentication is on"
        description={`${s.enabledAt ? `Since ${new Date(s.enabledAt).toLocaleDateString()}. ` : ''}${s.recoveryCodesLeft} recovery code${s.recoveryCodesLeft === 1 ? '' : 's'} left.`}
      />
      <div className={css.actions}>
        <Form form={newCodesForm} layout="vertical" requiredMark={false} onFinish={renew} name="two-factor-new-codes" className={css.form}>
          <Form.Item name="code" label="Code from your app" rules={zodRules(totpCodeSchema)} extra="Replaces your recovery codes: the old ones stop working.">
            <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" maxLength={7} />
          </Form.Item>
          <Button htmlType="submit" loading={busy === 'renew'}>
            Get new recovery codes
          </Button>
        </Form>
        <Form form={offForm} layout="vertical" requiredMark={false} onFinish={disable} name="two-factor-disable" className={css.form}>
          <Form.Item name="proof" label="Code to turn it off" rules={[{ required: true, message: TWO_FACTOR_MESSAGES.proofMissing }]} extra="A code from your app, or a recovery code.">
            <Input autoComplete="one-time-code" placeholder="123456 or xxxxx-xxxxx" />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy === 'disable'}>
            Turn off two-factor authentication
          </Button>
        </Form>
      </div>
    </div>
  );
}
