import type { Metadata } from 'next';
import AuthHeading from '@/features/auth/AuthHeading';
import ResetPasswordForm from '@/features/auth/ResetPasswordForm';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token ? sp.token : null;
  return (
    <>
      <AuthHeading title="Choose a new password" lead="At least 8 characters, with letters and digits." />
      <ResetPasswordForm token={token} />
    </>
  );
}
