'use client';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PRIVACY_EXPORT_DAYS, type CurrentUser, type PrivacyExport } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');
const size = (n: number | null) => (n === null ? '' : n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** The export's state in words (pending, ready with its expiry, failed, expired). */
function ExportStatus({ e }: { e: PrivacyExport }) {
  if (e.status === 'pending') return <Alert type="info" showIcon title="Your export is being prepared" description="We will notify you and send you an e-mail when it is ready. You can leave this page." />;
  if (e.status === 'failed') return <Alert type="error" showIcon title="Your last export could not be prepared" description="Request a new one; if it fails again, contact us." />;
  if (e.status === 'expired') return <Alert type="warning" showIcon title="Your last export has expired" description={`Exports can be downloaded for ${PRIVACY_EXPORT_DAYS} days. Request a new one.`} />;
  return <Alert type="success" showIcon title="Your export is ready" description={`Prepared ${when(e.readyAt)} (${size(e.size)}). Download it before ${when(e.expiresAt)}.`} />;
}

/**
 * The account page's "Your data" section (id `your-data`, issue 28 §5): a ZIP of everything we
 * hold about the user (request, status, download), and deleting the account (password, the 2FA code
 * when on, and the word DELETE).
 */
export default function YourData({ user }: { user: Pick<CurrentUser, 'isPerformer' | 'twoFactorEnabled'> }) {
  const { message } = App.useApp();
  // While an export is being prepared, look again every 3 s (the notification also says when it is ready).
  const state = useRoute(routes.privacy.exportState, {}, { refreshInterval: (d) => (d?.latest?.status === 'pending' ? 3000 : 0) });
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm<{ password?: string; code?: string; confirm: string }>();
  const latest = state.data?.latest ?? null;

  const request = async () => {
    setBusy('request');
    try {
      await call(routes.privacy.requestExport);
      await state.mutate();
      message.success('Your export is being prepared');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  const download = async (id: string) => {
    setBusy('download');
    try {
      const link = await call(routes.privacy.downloadLink, { params: { id } });
      window.location.assign(link.url);
    } catch (e) {
      message.error(errorText(e));
      await state.mutate();
    } finally {
      setBusy(null);
    }
  };
  const remove = async (v: { password?: string; code?: string; confirm: string }) => {
    setBusy('delete');
    try {
      await call(routes.privacy.deleteAccount, { body: { password: v.password || undefined, code: v.code || undefined, confirm: v.confirm as 'DELETE' } });
      window.location.assign('/auth/logout');
    } catch (e) {
      const f = fieldErrors(e);
      if (Object.keys(f).length) form.setFields(Object.entries(f).map(([name, err]) => ({ name: (name === 'currentPassword' ? 'password' : name) as 'password', errors: [err] })));
      else message.error(errorText(e));
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="export-title">
        <Typography.Title level={3} id="export-title" style={{ fontSize: 16 }}>Download your data</Typography.Title>
        <Typography.Paragraph type="secondary">
          A ZIP with your profile, the messages you sent, your purchases, orders, payments and wallet movements, subscriptions, notifications, the files you uploaded, the terms you accepted and what our team did on your account.
        </Typography.Paragraph>
        {state.error ? (
          <ErrorState message={errorText(state.error)} onRetry={() => void state.mutate()} />
        ) : state.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {latest ? <ExportStatus e={latest} /> : null}
            <Space wrap>
              {latest?.status === 'ready' ? (
                <Button type="primary" icon={<DownloadOutlined />} loading={busy === 'download'} onClick={() => void download(latest._id)}>
                  Download your data
                </Button>
              ) : null}
              <Button disabled={latest?.status === 'pending'} loading={busy === 'request'} onClick={() => void request()}>
                {latest ? 'Request a new export' : 'Request an export'}
              </Button>
            </Space>
          </Space>
        )}
      </section>
      <section aria-labelledby="delete-title" style={{ border: '1px solid var(--ant-color-error-border, #ffccc7)', borderRadius: 8, padding: 16 }}>
        <Typography.Title level={3} id="delete-title" style={{ fontSize: 16 }}>Delete your account</Typography.Title>
        <Typography.Paragraph>This cannot be undone. When you delete your account:</Typography.Paragraph>
        <ul>
          <li>you are signed out everywhere and cannot sign in again;</li>
          <li>your name, username, e-mail, photos and uploads are removed; messages you sent stay with the people you wrote to, shown as from &quot;Deleted user&quot;;</li>
          <li>your subscriptions stop renewing{user.isPerformer ? ', and your posts, videos, galleries and products are taken down' : ''};</li>
          <li>records of payments, orders and earnings are kept as the law requires, without your name.</li>
        </ul>
        {user.isPerformer ? <Typography.Paragraph type="secondary">If you still have earnings, request a payout of your balance first.</Typography.Paragraph> : null}
        <Form form={form} layout="vertical" onFinish={(v) => void remove(v)} requiredMark={false} style={{ maxWidth: 420 }}>
          <Form.Item name="password" label="Your password" extra="Leave empty if you only sign in with Google or X.">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {user.twoFactorEnabled ? (
            <Form.Item name="code" label="Authentication code" rules={[{ required: true, message: 'Enter the code from your app' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
          ) : null}
          <Form.Item name="confirm" label="Type DELETE to confirm" rules={[{ required: true, pattern: /^DELETE$/, message: 'Type DELETE to confirm' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          {/* A deeper red than the theme's error colour: white on it stays above 4.5:1 in both themes. */}
          <Button danger type="primary" htmlType="submit" loading={busy === 'delete'} style={{ background: '#b42318', borderColor: '#b42318' }}>
            Delete my account
          </Button>
        </Form>
      </section>
    </Space>
  );
}
