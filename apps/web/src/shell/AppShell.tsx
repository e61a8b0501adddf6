'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { Avatar, Layout, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { useAppSelector, useCurrentUser } from '@/store';
import { useLatch } from '@/lib/use-latch';
import { CreatorsToDiscover } from '@/features/social/SuggestedCreators';
import NotificationsListener from '@/features/notifications/NotificationsListener';
import MessagesListener from '@/features/messages/MessagesListener';
import LiveListener from '@/features/live/LiveListener';
import AppHeader from './AppHeader';
import AppFooter from '@/components/layouts/AppFooter';
import TabBar from '@/components/layouts/TabBar';
import { isActive, userNav } from '@/components/layouts/nav';

/** The subscribe dialog (cards, coupons, payment) is fetched the first time a fan opens it. */
// The home column's promos: on demand, so no other page downloads them.
const PromoSidebar = dynamic(() => import('@/features/site/PromoSidebar'), { ssr: false });
const SubscriptionModal = dynamic(() => import('@/features/subscriptions/SubscribeModal'), { ssr: false });

/** Pages that show the "creators to discover" column beside the content (feeds, not tables or forms). */
const WITH_SUGGESTIONS = /^\/(home|search|bookmarks|post)(\/|$)/;

/**
 * The one shell of every page outside the auth screens: header, footer and — for a signed-in
 * user — the left navigation column (≥ 860 px) or the bottom tab bar (< 860 px). Feed pages add
 * the suggestions column on wide screens. Used by the (home) and (primary) route groups and the 404.
 */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const t = useTranslations('shell');
  const pathname = usePathname() || '';
  const suggestions = WITH_SUGGESTIONS.test(pathname);
  const subscribeWanted = useLatch(useAppSelector((s) => s.subscription.showModal));
  const grid = user ? (suggestions ? 'with-side with-aside' : 'with-side') : suggestions ? 'with-aside' : '';
  return (
    <Layout className={`app-shell${user ? ' signed-in' : ''}`}>
      <AppHeader />
      {/* not Layout.Content: that is a <main> of its own, and the page column below is the main landmark */}
      <div className="shell-content">
        <div className={grid ? `container shell-grid ${grid}` : undefined}>
          {user && (
            <aside className="shell-side hide-md" aria-label={t('sideNav')}>
              <div className="shell-me">
                <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={44} />
                <div className="shell-me-text">
                  <Typography.Text strong ellipsis className="shell-me-name">
                    {user.name}
                  </Typography.Text>
                  {user.username && <Typography.Text type="secondary">@{user.username}</Typography.Text>}
                </div>
              </div>
              <nav className="side-nav" aria-label={t('signedInNav')}>
                {userNav(user).map((n) => {
                  const active = isActive(pathname, n.href);
                  return (
                    // No prefetch: a dozen dynamic pages rendered ahead on every page view costs the server more than the click saves.
                    <Link key={n.href} href={n.href} prefetch={false} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined}>
                      {n.icon} {t(n.label)}
                    </Link>
                  );
                })}
              </nav>
            </aside>
          )}
          <main id="main" tabIndex={-1} className={grid ? 'shell-main' : undefined}>
            {children}
          </main>
          {suggestions && (
            <aside className="shell-aside hide-lg" aria-label={t('suggestions')}>
              <CreatorsToDiscover />
              {/^\/home(\/|$)/.test(pathname) && <PromoSidebar />}
            </aside>
          )}
        </div>
      </div>
      <AppFooter />
      {user && <TabBar user={user} />}
      {user && <NotificationsListener />}
      {user && <MessagesListener />}
      {user && <LiveListener />}
      {subscribeWanted && <SubscriptionModal />}
    </Layout>
  );
}
