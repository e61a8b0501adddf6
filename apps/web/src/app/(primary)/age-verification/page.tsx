import type { Metadata } from 'next';
import AgeVerify from '@/features/age/AgeVerify';
import css from '@/features/age/age.module.css';

export const metadata: Metadata = { title: 'Verify your age' };

/** /age-verification: a fan's age verification (modules/legal README "Age assurance"); the webhook provider sends fans back here. */
export default function AgeVerificationPage() {
  return (
    <div className={`container page ${css.page}`}>
      <h1 className="page-title">Verify your age</h1>
      <p className="page-lead">Where the law asks for it, adult creators and their content are shown only to fans whose age is verified.</p>
      <AgeVerify />
    </div>
  );
}
