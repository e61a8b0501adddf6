import type { Metadata } from 'next';
import Link from 'next/link';
import TakedownForm from '@/features/takedowns/TakedownForm';
import css from '@/features/takedowns/takedowns.module.css';

export const metadata: Metadata = { title: 'Report copyright infringement' };

/** /legal/takedown: the public takedown notice form (issue 28 §3); works signed in or out. */
export default function TakedownPage() {
  return (
    <div className={`container page ${css.narrow}`}>
      <h1 className="page-title">Report copyright infringement</h1>
      <p className="page-lead">
        If content on this site uses your copyrighted work without permission, send us a takedown notice. See our <Link href="/page/takedown-policy">takedown policy</Link> for what happens next.
      </p>
      <TakedownForm />
    </div>
  );
}
