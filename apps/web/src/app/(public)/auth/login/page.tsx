import type { Metadata } from 'next';
import AuthHeading from '@/features/auth/AuthHeading';
import LoginForm from '@/features/auth/LoginForm';
import type { PageFlags } from '@/lib/server/guard';

export const metadata: Metadata = { title: 'Log in' };
const flags: PageFlags = { skipPostLoginRedirect: false };

export default function LoginPage() {
  return (
    <>
      <AuthHeading title="Welcome back" lead="Log in to catch up with the creators you love." />
      <LoginForm skipPostLoginRedirect={flags.skipPostLoginRedirect} />
    </>
  );
}
