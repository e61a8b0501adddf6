'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Avatar, Card, Layout, Typography, theme } from 'antd';
import { BellOutlined, CompassOutlined, HomeOutlined, IdcardOutlined, MessageOutlined, SettingOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { useAppSelector } from '@/store';
import { accountPath, profilePath } from '@/components/UserMenu';
import AppHeader from './AppHeader';

/** Shell of /home: header, a left navigation column, the feed column and a right column. */
export default function HomeLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const user = useAppSelector((s) => s.user.current);
  const pathname = usePathname();
  const nav = [
    { href: '/home', label: 'Home', icon: <HomeOutlined /> },
    ...(user?.isPerformer ? [{ href: profilePath(user), label: 'My profile', icon: <IdcardOutlined /> }] : []),
    { href: user ? accountPath(user) : '/user/account', label: 'Account settings', icon: <SettingOutlined /> },
  ];
  const soon = [
    { label: 'Explore', icon: <CompassOutlined /> },
    { label: 'Messages', icon: <MessageOutlined /> },
    { label: 'Notifications', icon: <BellOutlined /> },
  ];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content>
        <div className="container home-grid">
          <aside className="home-side hide-md" aria-label="Home navigation">
            {user && (
              <div className="home-me">
                <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={44} />
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong ellipsis style={{ display: 'block' }}>
                    {user.name}
                  </Typography.Text>
                  {user.username && <Typography.Text type="secondary">@{user.username}</Typography.Text>}
                </div>
              </div>
            )}
            <nav className="side-nav">
              {nav.map((n) => (
                <Link key={n.href} href={n.href} className={pathname === n.href ? 'active' : ''} aria-current={pathname === n.href ? 'page' : undefined}>
                  {n.icon} {n.label}
                </Link>
              ))}
              {soon.map((n) => (
                <span key={n.label} className="disabled" aria-disabled="true" title="Coming soon">
                  {n.icon} {n.label} <em>soon</em>
                </span>
              ))}
            </nav>
          </aside>
          <main id="main" className="home-main">
            {children}
          </main>
          <aside className="home-aside hide-lg" aria-label="Suggestions">
            <Card size="small" title="Creators to discover" styles={{ body: { color: token.colorTextSecondary } }}>
              Recommendations will show up here once creators start posting.
            </Card>
          </aside>
        </div>
      </Layout.Content>
    </Layout>
  );
}
