import type { Metadata } from 'next';
import VerifyEmail from '@/features/auth/VerifyEmail';

export const metadata: Metadata = { title: 'Verify e-mail' };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  return <VerifyEmail token={token} />;
}
