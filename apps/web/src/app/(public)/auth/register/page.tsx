import type { Metadata } from 'next';
import AuthHeading from '@/features/auth/AuthHeading';
import RegisterForm from '@/features/auth/RegisterForm';

export const metadata: Metadata = { title: 'Sign up' };

export default function RegisterPage() {
  return (
    <>
      <AuthHeading title="Create your account" lead="Follow creators, subscribe to their pages and chat with them." />
      <RegisterForm />
    </>
  );
}
