'use client';
import type { ReactNode } from 'react';
import {
  BellOutlined, CompassOutlined, FileTextOutlined, HomeOutlined, IdcardOutlined, MessageOutlined, SettingOutlined, StarOutlined, TeamOutlined, UserAddOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@stagepass/shared';
import { accountPath, moneyNav, profilePath } from '@/components/UserMenu';

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
  /** Also active on sub-paths. */
  prefix?: boolean;
}

/** The signed-in navigation (left column of /home pages, mobile drawer), money screens included. */
export function userNav(user: CurrentUser | null): NavItem[] {
  if (!user) return [{ href: '/search', label: 'Explore', icon: <CompassOutlined /> }];
  return [
    { href: '/home', label: 'Home', icon: <HomeOutlined /> },
    { href: '/search', label: 'Explore', icon: <CompassOutlined /> },
    ...(user.isPerformer
      ? [
          { href: profilePath(user), label: 'My profile', icon: <IdcardOutlined /> },
          { href: '/creator/feeds', label: 'My posts', icon: <FileTextOutlined />, prefix: true },
          { href: '/followers', label: 'Followers', icon: <TeamOutlined /> },
        ]
      : []),
    { href: '/following', label: 'Following', icon: <UserAddOutlined /> },
    { href: '/bookmarks', label: 'Bookmarks', icon: <StarOutlined /> },
    ...moneyNav(user),
    { href: accountPath(user), label: 'Account settings', icon: <SettingOutlined /> },
  ];
}

/** Not built yet: shown greyed with a "soon" badge. */
export const soonNav: Array<Omit<NavItem, 'href'>> = [
  { label: 'Messages', icon: <MessageOutlined /> },
  { label: 'Notifications', icon: <BellOutlined /> },
];

export const isActive = (pathname: string, href: string) => pathname === href || (href === '/creator/feeds' && pathname.startsWith(`${href}/`));
