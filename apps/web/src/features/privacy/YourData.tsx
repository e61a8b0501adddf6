'use client';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useLocale, useTranslations } from 'next-intl';
import { INTL_LOCALE, PRIVACY_EXPORT_DAYS, isLocale, type CurrentUser, type PrivacyExport } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';

/** A moment in the page's language (`locale`: an Intl locale, the browser's when none). */
const when = (iso: string | null, locale?: string) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '');
const size = (n: number | null) => (n === null ? '' : n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** The export's state in words (pending, ready with its expiry, failed, expired). */
function ExportStatus({ e }: { e: PrivacyExport }) {
  const t = useTranslations('accountMore');
  const raw = useLocale();
  const locale = isLocale(raw) ? INTL_LOCALE[raw] : undefined;
  if (e.status === 'pending') return <Alert type="info" showIcon title={t('exportPendingTitle')} description={t('exportPendingText')} />;
  if (e.status === 'failed') return <Alert type="error" showIcon title={t('exportFailedTitle')} description={t('exportFailedText')} />;
  if (e.status === 'expired') return <Alert type="warning" showIcon title={t('exportExpiredTitle')} description={t('exportExpiredText', { days: PRIVACY_EXPORT_DAYS })} />;
  return <Alert type="success" showIcon title={t('exportReadyTitle')} description={t('exportReadyText', { ready: when(e.readyAt, locale), size: size(e.size), expires: when(e.expiresAt, locale) })} />;
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
  const t = useTranslations('accountMore');
  const spec = useSpecText();

  const request = async () => {
    setBusy('request');
    try {
      await call(routes.privacy.requestExport);
      await state.mutate();
      message.success(t('exportPendingTitle'));
    } catch (e) {
      message.error(spec(errorText(e)));
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
      message.error(spec(errorText(e)));
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
      if (Object.keys(f).length) form.setFields(Object.entries(f).map(([name, err]) => ({ name: (name === 'currentPassword' ? 'password' : name) as 'password', errors: [spec(err)] })));
      else message.error(spec(errorText(e)));
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="export-title">
        <Typography.Title level={3} id="export-title" style={{ fontSize: 16 }}>{t('downloadTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('downloadText')}
        </Typography.Paragraph>
        {state.error ? (
          <ErrorState message={spec(errorText(state.error))} onRetry={() => void state.mutate()} />
        ) : state.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {latest ? <ExportStatus e={latest} /> : null}
            <Space wrap>
              {latest?.status === 'ready' ? (
                <Button type="primary" icon={<DownloadOutlined />} loading={busy === 'download'} onClick={() => void download(latest._id)}>
                  {t('downloadTitle')}
                </Button>
              ) : null}
              <Button disabled={latest?.status === 'pending'} loading={busy === 'request'} onClick={() => void request()}>
                {latest ? t('requestNewExport') : t('requestExport')}
              </Button>
            </Space>
          </Space>
        )}
      </section>
      <section aria-labelledby="delete-title" style={{ border: '1px solid var(--ant-color-error-border, #ffccc7)', borderRadius: 8, padding: 16 }}>
        <Typography.Title level={3} id="delete-title" style={{ fontSize: 16 }}>{t('deleteTitle')}</Typography.Title>
        <Typography.Paragraph>{t('deleteIntro')}</Typography.Paragraph>
        <ul>
          <li>{t('deleteSignedOut')}</li>
          <li>{t('deleteRemoved')}</li>
          <li>{user.isPerformer ? t('deleteSubscriptionsCreator') : t('deleteSubscriptions')}</li>
          <li>{t('deleteRecords')}</li>
        </ul>
        {user.isPerformer ? <Typography.Paragraph type="secondary">{t('payoutFirst')}</Typography.Paragraph> : null}
        <Form form={form} layout="vertical" onFinish={(v) => void remove(v)} requiredMark={false} style={{ maxWidth: 420 }}>
          <Form.Item name="password" label={t('yourPassword')} extra={t('passwordExtra')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {user.twoFactorEnabled ? (
            <Form.Item name="code" label={t('authCode')} rules={[{ required: true, message: t('codeRequired') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
          ) : null}
          <Form.Item name="confirm" label={t('typeDelete')} rules={[{ required: true, pattern: /^DELETE$/, message: t('typeDelete') }]}>
            <Input autoComplete="off" />
          </Form.Item>
          {/* A deeper red than the theme's error colour: white on it stays above 4.5:1 in both themes. */}
          <Button danger type="primary" htmlType="submit" loading={busy === 'delete'} style={{ background: '#b42318', borderColor: '#b42318' }}>
            {t('deleteButton')}
          </Button>
        </Form>
      </section>
    </Space>
  );
}
