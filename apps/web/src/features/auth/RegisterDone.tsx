'use client';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useSpecText } from '@/i18n/spec';
import css from './auth.module.css';

export default function RegisterDone({ email, message }: { email?: string; message?: string }) {
  const t = useTranslations('authMore');
  const spec = useSpecText();
  return (
    <Result
      icon={<MailOutlined className={css.mailIcon} />}
      title={t('doneTitle')}
      subTitle={
        <>
          {message ? spec(message) : t('doneCreated')}{' '}
          {email ? t.rich('doneSent', { email, strong: (c) => <strong>{c}</strong> }) : t('doneSentNoEmail')}
        </>
      }
      extra={
        <Link href="/auth/login">
          <Button type="primary">{t('goToLogin')}</Button>
        </Link>
      }
    />
  );
}
