'use client';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { useCurrentUser } from '@/store';

/**
 * The one 404 design (unknown routes and unknown creator pages alike), always shown inside the
 * app shell so the header and navigation stay.
 */
export default function NotFoundView() {
  const loggedIn = Boolean(useCurrentUser());
  return (
    <div className="container not-found" data-testid="not-found">
      <Result
        icon={<div className="status-icon not-found-icon" aria-hidden="true"><span className="big-404">404</span></div>}
        title={<h1 className="not-found-title">This page isn&apos;t here</h1>}
        subTitle="The page you're looking for doesn't exist, was renamed, or is no longer available."
        extra={
          <Link href={loggedIn ? '/home' : '/'}>
            <Button type="primary" size="large">
              {loggedIn ? 'Back to home' : 'Go to the front page'}
            </Button>
          </Link>
        }
      />
    </div>
  );
}
