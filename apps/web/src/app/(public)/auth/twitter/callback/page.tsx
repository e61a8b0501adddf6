import type { Metadata } from 'next';
import TwitterCallback from '@/features/auth/TwitterCallback';

export const metadata: Metadata = { title: 'Signing in' };

export default async function TwitterCallbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return <TwitterCallback oauthToken={str(sp.oauth_token)} oauthVerifier={str(sp.oauth_verifier)} />;
}
