'use client';
import { useTranslations } from 'next-intl';
import SectionCard from '@/components/SectionCard';
import BlockedCountries from './BlockedCountries';
import BlockedUsersTable from './BlockedUsersTable';
import width from '@/components/layouts/page-width.module.css';

/** /creator/blocked: the countries a creator hides from, and the users they blocked. */
export default function CreatorBlockedPage() {
  const t = useTranslations('blocking');
  return (
    <div className={`container page ${width.w920}`}>
      <h1 className="page-title">{t('creatorTitle')}</h1>
      <p className="page-lead">{t('creatorLead')}</p>
      <SectionCard title={t('countriesTitle')} description={t('countriesText')}>
        <BlockedCountries />
      </SectionCard>
      <SectionCard title={t('usersTitle')} description={t('usersText')}>
        <BlockedUsersTable />
      </SectionCard>
    </div>
  );
}
