import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import VerifyEmail from '@/features/auth/VerifyEmail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('verifyMeta') };
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  return <VerifyEmail token={token} />;
}
