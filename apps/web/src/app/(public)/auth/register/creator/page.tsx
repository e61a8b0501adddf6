import type { Metadata } from 'next';
import AuthHeading from '@/features/auth/AuthHeading';
import CreatorRegisterForm from '@/features/auth/CreatorRegisterForm';

export const metadata: Metadata = { title: 'Become a creator' };

export default function CreatorRegisterPage() {
  return (
    <>
      <AuthHeading title="Become a creator" lead="Open your page, set your price and start earning from your fans." />
      <CreatorRegisterForm />
    </>
  );
}
