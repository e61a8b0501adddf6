'use client';
/** The terms screen for the root layout, in its own chunk: only an account with new terms to accept downloads it. */
import dynamic from 'next/dynamic';

const TermsRequiredView = dynamic(() => import('./TermsRequiredView'));

export default function TermsRequiredLoader() {
  return <TermsRequiredView />;
}
