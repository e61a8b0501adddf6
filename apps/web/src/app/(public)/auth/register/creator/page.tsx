import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AuthHeading from '@/features/auth/AuthHeading';
import CreatorRegisterForm from '@/features/auth/CreatorRegisterForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('authMore'))('creatorMeta') };
}

export default async function CreatorRegisterPage() {
  const t = await getTranslations('authMore');
  return (
    <>
      <AuthHeading title={t('creatorTitle')} lead={t('creatorLead')} />
      <CreatorRegisterForm />
    </>
  );
}
