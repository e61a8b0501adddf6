'use client';
import Link from 'next/link';
import { Button, Card, Space } from 'antd';
import { SettingOutlined, IdcardOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@stagepass/shared';
import { useAppSelector } from '@/store';

function TimelineArt() {
  return (
    <svg width="180" height="132" viewBox="0 0 180 132" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tl" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect x="18" y="14" width="144" height="44" rx="12" fill="url(#tl)" opacity="0.18" />
      <circle cx="40" cy="36" r="12" fill="url(#tl)" opacity="0.75" />
      <rect x="60" y="28" width="80" height="7" rx="3.5" fill="url(#tl)" opacity="0.5" />
      <rect x="60" y="40" width="52" height="6" rx="3" fill="url(#tl)" opacity="0.3" />
      <rect x="18" y="70" width="144" height="48" rx="12" fill="url(#tl)" opacity="0.1" />
      <circle cx="40" cy="94" r="12" fill="url(#tl)" opacity="0.45" />
      <rect x="60" y="86" width="70" height="7" rx="3.5" fill="url(#tl)" opacity="0.35" />
      <rect x="60" y="98" width="40" height="6" rx="3" fill="url(#tl)" opacity="0.2" />
    </svg>
  );
}

/** /home body — the real timeline arrives with the feeds issue; until then a friendly empty state. */
export default function HomeFeed({ user: initial }: { user: CurrentUser }) {
  const user = useAppSelector((s) => s.user.current) || initial;
  const first = (user.firstName || user.name).split(' ')[0];
  return (
    <>
      <h1 className="page-title" style={{ marginTop: 8 }}>Welcome back, {first}</h1>
      <p className="page-lead">Here&rsquo;s what&rsquo;s new from the creators you follow.</p>
      <Card styles={{ body: { padding: '48px 24px', textAlign: 'center' } }}>
        <TimelineArt />
        <h2 style={{ fontSize: 20, margin: '16px 0 8px' }}>Your timeline is coming</h2>
        <p className="muted" style={{ maxWidth: 440, margin: '0 auto 24px', fontSize: 15 }}>
          When the creators you subscribe to share posts, photos and videos, they will show up right here. We&rsquo;re putting the finishing touches on it.
        </p>
        <Space wrap style={{ justifyContent: 'center' }}>
          {user.isPerformer ? (
            <Link href={`/${user.username || user._id}`}>
              <Button type="primary" icon={<IdcardOutlined />}>View my page</Button>
            </Link>
          ) : null}
          <Link href={user.isPerformer ? '/creator/account' : '/user/account'}>
            <Button icon={<SettingOutlined />}>Complete your profile</Button>
          </Link>
        </Space>
      </Card>
    </>
  );
}
