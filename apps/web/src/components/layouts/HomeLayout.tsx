'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Avatar, Layout, Typography } from 'antd';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { useAppSelector } from '@/store';
import { CreatorsToDiscover } from '@/features/social/SuggestedCreators';
import SubscriptionModal from '@/features/subscriptions/SubscribeModal';
import AppHeader from './AppHeader';
import { isActive, soonNav, userNav } from './nav';

/** Shell of /home and the social pages (search, bookmarks, follows, my posts): header, a left navigation column, the feed column and a right column. */
export default function HomeLayout({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.user.current);
  const pathname = usePathname();
  const nav = userNav(user);
  const soon = user ? soonNav : [];
  // Table pages need the width: no suggestions column there.
  const wide = /^\/(creator\/feeds|followers|following)(\/|$)/.test(pathname);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content>
        <div className={`container home-grid${wide ? ' wide' : ''}`}>
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
                <Link key={n.href} href={n.href} className={isActive(pathname, n.href) ? 'active' : ''} aria-current={isActive(pathname, n.href) ? 'page' : undefined}>
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
          {!wide && (
            <aside className="home-aside hide-lg" aria-label="Suggestions">
              <CreatorsToDiscover />
            </aside>
          )}
        </div>
      </Layout.Content>
      <SubscriptionModal />
    </Layout>
  );
}
