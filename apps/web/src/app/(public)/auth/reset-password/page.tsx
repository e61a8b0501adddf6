import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import AuthHeading from '@/features/auth/AuthHeading';
import ResetPasswordForm from '@/features/auth/ResetPasswordForm';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('resetMeta') };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  const [t, tc] = await Promise.all([getTranslations('auth'), getTranslations('common')]);
  return (
    <>
      <AuthHeading title={t('resetTitle')} lead={tc('passwordHint')} />
      <ResetPasswordForm token={token} />
    </>
  );
}
