import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AuthHeading from '@/features/auth/AuthHeading';
import RegisterForm from '@/features/auth/RegisterForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('registerMeta') };
}

export default async function RegisterPage() {
  const t = await getTranslations('auth');
  return (
    <>
      <AuthHeading title={t('registerTitle')} lead={t('registerLead')} />
      <RegisterForm />
    </>
  );
}
