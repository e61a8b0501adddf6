'use client';
import Link from 'next/link';
import { Avatar, Button, Card, Tabs, Tag, Typography } from 'antd';
import { CalendarOutlined, EditOutlined, EnvironmentOutlined, LockOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type PublicUser } from '@stagepass/shared';
import { EmptyState } from '@/components/states';

function joined(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** Creator profile shell: cover, avatar, name, @username, bio, join date. Content tabs come later. */
export default function CreatorProfile({ profile, isOwner }: { profile: PublicUser; isOwner: boolean }) {
  return (
    <div className="container" style={{ maxWidth: 980, paddingInline: 0 }}>
      <div className="profile-cover" style={{ backgroundImage: profile.cover ? `url(${profile.cover})` : undefined }} role="img" aria-label={`${profile.name}'s cover image`} />
      <div className="profile-head">
        <Avatar src={profile.avatar || DEFAULT_AVATAR} alt={`${profile.name}'s avatar`} size={132} className="profile-avatar" />
        <div style={{ flex: 1, minWidth: 220, paddingBottom: 8 }}>
          <h1 className="profile-name">{profile.name}</h1>
          {profile.username && <Typography.Text type="secondary" style={{ fontSize: 16 }}>@{profile.username}</Typography.Text>}
        </div>
        <div style={{ paddingBottom: 12 }}>
          {isOwner ? (
            <Link href="/creator/account">
              <Button icon={<EditOutlined />}>Edit profile</Button>
            </Link>
          ) : (
            <Button type="primary" size="large" disabled title="Subscriptions open soon">
              Subscribe
            </Button>
          )}
        </div>
      </div>
      <div style={{ padding: '20px 24px 0' }}>
        {profile.bio ? (
          <Typography.Paragraph style={{ fontSize: 16, whiteSpace: 'pre-line', maxWidth: 720 }}>{profile.bio}</Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="secondary">{isOwner ? 'Add a bio so fans know what to expect.' : 'This creator has not written a bio yet.'}</Typography.Paragraph>
        )}
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', color: 'var(--muted)' }}>
          <span>
            <CalendarOutlined /> Joined {joined(profile.createdAt)}
          </span>
          {profile.country && (
            <span>
              <EnvironmentOutlined /> {profile.country}
            </span>
          )}
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>Creator</Tag>
        </div>
      </div>
      <div style={{ padding: '24px 16px 56px' }}>
        <Card styles={{ body: { paddingTop: 4 } }}>
          <Tabs
            items={[
              { key: 'posts', label: 'Posts' },
              { key: 'videos', label: 'Videos' },
              { key: 'photos', label: 'Photos' },
              { key: 'store', label: 'Store' },
            ].map((t) => ({
              ...t,
              children: (
                <div style={{ padding: '32px 0' }}>
                  <EmptyState
                    title={`No ${t.label.toLowerCase()} yet`}
                    description={isOwner ? `Your ${t.label.toLowerCase()} will appear here.` : <><LockOutlined /> {profile.name.split(' ')[0]}&rsquo;s {t.label.toLowerCase()} will show up here.</>}
                  />
                </div>
              ),
            }))}
          />
        </Card>
      </div>
    </div>
  );
}
