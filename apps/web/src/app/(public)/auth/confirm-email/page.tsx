import type { Metadata } from 'next';
import ConfirmEmail from '@/features/auth/ConfirmEmail';

export const metadata: Metadata = { title: 'Confirm your new e-mail' };

export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  return <ConfirmEmail token={token} />;
}
