'use client';
import Link from 'next/link';
import { Button, Result } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/store';
import StatusView from './StatusView';

export default function NotFoundView({ fullPage = false, what = 'page' }: { fullPage?: boolean; what?: string }) {
  const loggedIn = useAppSelector((s) => Boolean(s.user.current));
  const title = `This ${what} isn't here`;
  const text = `The ${what} you're looking for doesn't exist, was renamed, or is no longer available.`;
  const action = (
    <Link href={loggedIn ? '/home' : '/'}>
      <Button type="primary" size="large">
        {loggedIn ? 'Back to home' : 'Go to the front page'}
      </Button>
    </Link>
  );
  if (fullPage)
    return (
      <StatusView icon={<span className="big-404">404</span>} title={title} extra={action}>
        {text}
      </StatusView>
    );
  return (
    <div className="container" style={{ padding: '64px 16px' }}>
      <Result icon={<div className="status-icon" style={{ margin: '0 auto' }}><CompassOutlined /></div>} title={title} subTitle={text} extra={action} />
    </div>
  );
}
