import type { Metadata } from 'next';
import AuthHeading from '@/features/auth/AuthHeading';
import ForgotPasswordForm from '@/features/auth/ForgotPasswordForm';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <AuthHeading title="Forgot your password?" lead="Enter the e-mail address of your account and we'll send you a link to choose a new one." />
      <ForgotPasswordForm />
    </>
  );
}
