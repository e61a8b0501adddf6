'use client';
import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import BlockedUsersTable from './BlockedUsersTable';
import width from '@/components/layouts/page-width.module.css';

/** /user/blocked: the fan's blocked users. */
export default function BlockedUsersPage() {
  const t = useTranslations('blocking');
  return (
    <div className={`container page ${width.w920}`}>
      <h1 className="page-title">{t('usersTitle')}</h1>
      <p className="page-lead">{t('usersLead')}</p>
      <Card>
        <BlockedUsersTable />
      </Card>
    </div>
  );
}
