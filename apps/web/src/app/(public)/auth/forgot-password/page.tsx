import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AuthHeading from '@/features/auth/AuthHeading';
import ForgotPasswordForm from '@/features/auth/ForgotPasswordForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('forgotMeta') };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations('auth');
  return (
    <>
      <AuthHeading title={t('forgotTitle')} lead={t('forgotLead')} />
      <ForgotPasswordForm />
    </>
  );
}
