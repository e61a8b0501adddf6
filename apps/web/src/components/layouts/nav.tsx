'use client';
import type { ReactNode } from 'react';
import {
  TagsOutlined,
  AuditOutlined, BellOutlined, CalendarOutlined, CompassOutlined, FileTextOutlined, FolderOpenOutlined, HomeOutlined, IdcardOutlined, MessageOutlined, NotificationOutlined, SearchOutlined, SettingOutlined, StarOutlined, StopOutlined, TeamOutlined,
  InboxOutlined, PictureOutlined, ShopOutlined, UnorderedListOutlined, UserAddOutlined, UserOutlined, VideoCameraAddOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@stagepass/shared';
import type { RootState } from '@/store';
import { accountPath, blockedPath, moneyNav, profilePath } from '@/components/UserMenu';

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
  /** Also active on sub-paths. */
  prefix?: boolean;
}

/**
 * The signed-in navigation (left column of every signed-in page, mobile drawer), money screens
 * included. Only what exists is listed: a later feature adds its own entry here when it ships.
 */
export function userNav(user: CurrentUser | null): NavItem[] {
  if (!user) return [{ href: '/search', label: 'Explore', icon: <CompassOutlined /> }];
  return [
    { href: '/home', label: 'Home', icon: <HomeOutlined /> },
    { href: '/search', label: 'Explore', icon: <CompassOutlined /> },
    { href: '/notifications', label: 'Notifications', icon: <BellOutlined /> },
    { href: '/messages', label: 'Messages', icon: <MessageOutlined /> },
    ...(user.isPerformer
      ? [
          { href: profilePath(user), label: 'My profile', icon: <IdcardOutlined /> },
          { href: '/creator/live', label: 'Go live', icon: <VideoCameraAddOutlined /> },
          { href: '/creator/calendar', label: 'Calendar', icon: <CalendarOutlined /> },
          { href: '/creator/feeds', label: 'My posts', icon: <FileTextOutlined />, prefix: true },
          { href: '/creator/videos', label: 'My videos', icon: <VideoCameraOutlined />, prefix: true },
          { href: '/creator/galleries', label: 'My galleries', icon: <PictureOutlined />, prefix: true },
          { href: '/creator/labels', label: 'Labels', icon: <TagsOutlined /> },
          { href: '/creator/products', label: 'My products', icon: <ShopOutlined />, prefix: true },
          { href: '/creator/orders', label: 'Orders', icon: <InboxOutlined /> },
          { href: '/followers', label: 'Followers', icon: <TeamOutlined /> },
          { href: '/creator/mass-messages', label: 'Mass messages', icon: <NotificationOutlined /> },
          { href: '/creator/auto-messages', label: 'Automatic messages', icon: <MessageOutlined /> },
          { href: '/creator/lists', label: 'Fan lists', icon: <UnorderedListOutlined /> },
          { href: '/creator/vault', label: 'Vault', icon: <FolderOpenOutlined /> },
          { href: '/creator/releases', label: 'Releases', icon: <AuditOutlined /> },
        ]
      : []),
    { href: '/following', label: 'Following', icon: <UserAddOutlined /> },
    { href: '/bookmarks', label: 'Bookmarks', icon: <StarOutlined /> },
    ...moneyNav(user),
    { href: accountPath(user), label: 'Account settings', icon: <SettingOutlined />, prefix: true },
    { href: blockedPath(user), label: 'Blocked', icon: <StopOutlined /> },
  ];
}

export interface TabItem {
  key: string;
  label: string;
  icon: ReactNode;
  href: (user: CurrentUser) => string;
  /** Other paths on which this tab is the current one. */
  matches?: (pathname: string, user: CurrentUser) => boolean;
  /** A count shown on the tab (and in its accessible name), read from the store. */
  badge?: { count: (s: RootState) => number; label: (n: number) => string };
}

/**
 * The bottom tab bar of signed-in pages on narrow screens, in order. To add a tab (messages,
 * notifications…) when its feature exists, insert one entry here — nothing else changes; keep it
 * at five tabs at most.
 */
export const TAB_ITEMS: TabItem[] = [
  { key: 'home', label: 'Home', icon: <HomeOutlined />, href: () => '/home' },
  { key: 'search', label: 'Search', icon: <SearchOutlined />, href: () => '/search' },
  {
    key: 'messages',
    label: 'Messages',
    icon: <MessageOutlined />,
    href: () => '/messages',
    badge: { count: (s) => s.conversation.totalUnread, label: messagesLabel },
  },
  {
    key: 'notifications',
    label: 'Notifications',
    icon: <BellOutlined />,
    href: () => '/notifications',
    badge: { count: (s) => s.notification.total, label: notificationsLabel },
  },
  {
    key: 'profile',
    label: 'Profile',
    icon: <UserOutlined />,
    href: (u) => (u.isPerformer ? profilePath(u) : accountPath(u)),
    matches: (p, u) => p.startsWith(accountPath(u)),
  },
];

/** "Notifications, 3 unread": the accessible name of the header's bell and of the tab. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** "Messages, 2 unread": the accessible name of the header's messages icon and of the tab. */
export function messagesLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}

export const isActive = (pathname: string, href: string) =>
  pathname === href || (['/creator/feeds', '/creator/videos', '/creator/galleries', '/creator/products', '/creator/account', '/user/account', '/user/orders'].includes(href) && pathname.startsWith(`${href}/`));
