import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AuthHeading from '@/features/auth/AuthHeading';
import LoginForm from '@/features/auth/LoginForm';
import type { PageFlags } from '@/lib/server/guard';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('loginMeta') };
}
const flags: PageFlags = { skipPostLoginRedirect: false };

export default async function LoginPage() {
  const t = await getTranslations('auth');
  return (
    <>
      <AuthHeading title={t('loginTitle')} lead={t('loginLead')} />
      <LoginForm skipPostLoginRedirect={flags.skipPostLoginRedirect} />
    </>
  );
}
