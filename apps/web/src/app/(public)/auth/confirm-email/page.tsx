import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ConfirmEmail from '@/features/auth/ConfirmEmail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('confirmEmailMeta') };
}

export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  return <ConfirmEmail token={token} />;
}
