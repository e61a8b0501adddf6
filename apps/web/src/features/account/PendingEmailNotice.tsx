'use client';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import css from './account.module.css';

/** "Check your new address": an e-mail change waits for the link mailed to the new address. */
export default function PendingEmailNotice({ pendingEmail, email }: { pendingEmail?: string | null; email?: string | null }) {
  const t = useTranslations('account');
  if (!pendingEmail) return null;
  const strong = (c: ReactNode) => <strong>{c}</strong>;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      className={css.notice}
      title={t('pendingTitle')}
      description={email ? t.rich('pendingText', { pending: pendingEmail, email, strong }) : t.rich('pendingTextNoEmail', { pending: pendingEmail, strong })}
    />
  );
}
