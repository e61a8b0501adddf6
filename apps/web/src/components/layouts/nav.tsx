'use client';
import type { ReactNode } from 'react';
import {
  TagsOutlined,
  AuditOutlined, BellOutlined, CalendarOutlined, CompassOutlined, FileTextOutlined, FolderOpenOutlined, HomeOutlined, IdcardOutlined, MessageOutlined, NotificationOutlined, SearchOutlined, SettingOutlined, StarOutlined, StopOutlined, TeamOutlined,
  InboxOutlined, PictureOutlined, ShopOutlined, UnorderedListOutlined, UserAddOutlined, UserOutlined, VideoCameraAddOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@stagepass/shared';
import type { RootState } from '@/store';
import type { ShellKey } from '@/i18n/messages';
import type { useTranslations } from 'next-intl';
import { accountPath, blockedPath, moneyNav, profilePath } from '@/components/UserMenu';

export interface NavItem {
  href: string;
  /** Its name's key in the `shell` messages (translated where it is shown). */
  label: ShellKey;
  icon: ReactNode;
  /** Also active on sub-paths. */
  prefix?: boolean;
}

/**
 * The signed-in navigation (left column of every signed-in page, mobile drawer), money screens
 * included. Only what exists is listed: a later feature adds its own entry here when it ships.
 */
export function userNav(user: CurrentUser | null): NavItem[] {
  if (!user) return [{ href: '/search', label: 'navExplore', icon: <CompassOutlined aria-hidden /> }];
  return [
    { href: '/home', label: 'navHome', icon: <HomeOutlined aria-hidden /> },
    { href: '/search', label: 'navExplore', icon: <CompassOutlined aria-hidden /> },
    { href: '/notifications', label: 'navNotifications', icon: <BellOutlined aria-hidden /> },
    { href: '/messages', label: 'navMessages', icon: <MessageOutlined aria-hidden /> },
    ...(user.isPerformer
      ? ([
          { href: profilePath(user), label: 'navMyProfile', icon: <IdcardOutlined aria-hidden /> },
          { href: '/creator/live', label: 'navGoLive', icon: <VideoCameraAddOutlined aria-hidden /> },
          { href: '/creator/calendar', label: 'navCalendar', icon: <CalendarOutlined aria-hidden /> },
          { href: '/creator/feeds', label: 'navMyPosts', icon: <FileTextOutlined aria-hidden />, prefix: true },
          { href: '/creator/videos', label: 'navMyVideos', icon: <VideoCameraOutlined aria-hidden />, prefix: true },
          { href: '/creator/galleries', label: 'navMyGalleries', icon: <PictureOutlined aria-hidden />, prefix: true },
          { href: '/creator/labels', label: 'navLabels', icon: <TagsOutlined aria-hidden /> },
          { href: '/creator/products', label: 'navMyProducts', icon: <ShopOutlined aria-hidden />, prefix: true },
          { href: '/creator/orders', label: 'navOrders', icon: <InboxOutlined aria-hidden /> },
          { href: '/followers', label: 'navFollowers', icon: <TeamOutlined aria-hidden /> },
          { href: '/creator/mass-messages', label: 'navMassMessages', icon: <NotificationOutlined aria-hidden /> },
          { href: '/creator/auto-messages', label: 'navAutoMessages', icon: <MessageOutlined aria-hidden /> },
          { href: '/creator/lists', label: 'navFanLists', icon: <UnorderedListOutlined aria-hidden /> },
          { href: '/creator/vault', label: 'navVault', icon: <FolderOpenOutlined aria-hidden /> },
          { href: '/creator/releases', label: 'navReleases', icon: <AuditOutlined aria-hidden /> },
        ] satisfies NavItem[])
      : []),
    { href: '/following', label: 'navFollowing', icon: <UserAddOutlined aria-hidden /> },
    { href: '/bookmarks', label: 'navBookmarks', icon: <StarOutlined aria-hidden /> },
    ...moneyNav(user),
    { href: accountPath(user), label: 'navAccountSettings', icon: <SettingOutlined aria-hidden />, prefix: true },
    { href: blockedPath(user), label: 'navBlocked', icon: <StopOutlined aria-hidden /> },
  ];
}

export interface TabItem {
  key: string;
  label: ShellKey;
  icon: ReactNode;
  href: (user: CurrentUser) => string;
  /** Other paths on which this tab is the current one. */
  matches?: (pathname: string, user: CurrentUser) => boolean;
  /** A count shown on the tab (and in its accessible name), read from the store. */
  badge?: { count: (s: RootState) => number; label: (t: ShellT, n: number) => string };
}

/**
 * The bottom tab bar of signed-in pages on narrow screens, in order. To add a tab (messages,
 * notifications…) when its feature exists, insert one entry here — nothing else changes; keep it
 * at five tabs at most.
 */
export const TAB_ITEMS: TabItem[] = [
  { key: 'home', label: 'navHome', icon: <HomeOutlined aria-hidden />, href: () => '/home' },
  { key: 'search', label: 'navSearch', icon: <SearchOutlined aria-hidden />, href: () => '/search' },
  {
    key: 'messages',
    label: 'navMessages',
    icon: <MessageOutlined aria-hidden />,
    href: () => '/messages',
    badge: { count: (s) => s.conversation.totalUnread, label: messagesLabel },
  },
  {
    key: 'notifications',
    label: 'navNotifications',
    icon: <BellOutlined aria-hidden />,
    href: () => '/notifications',
    badge: { count: (s) => s.notification.total, label: notificationsLabel },
  },
  {
    key: 'profile',
    label: 'navProfile',
    icon: <UserOutlined aria-hidden />,
    href: (u) => (u.isPerformer ? profilePath(u) : accountPath(u)),
    matches: (p, u) => p.startsWith(accountPath(u)),
  },
];

/** The shell's translator (`useTranslations('shell')`). */
export type ShellT = ReturnType<typeof useTranslations<'shell'>>;

/** "Notifications, 3 unread": the accessible name of the header's bell and of the tab. */
export function notificationsLabel(t: ShellT, unread: number): string {
  return t('notificationsUnread', { count: unread });
}

/** "Messages, 2 unread": the accessible name of the header's messages icon and of the tab. */
export function messagesLabel(t: ShellT, unread: number): string {
  return t('messagesUnread', { count: unread });
}

export const isActive = (pathname: string, href: string) =>
  pathname === href || (['/creator/feeds', '/creator/videos', '/creator/galleries', '/creator/products', '/creator/account', '/user/account', '/user/orders'].includes(href) && pathname.startsWith(`${href}/`));
