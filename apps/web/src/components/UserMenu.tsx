'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { Avatar, Button, Dropdown, Typography } from 'antd';
import {
  AuditOutlined, BankOutlined, DashboardOutlined, CreditCardOutlined, CrownOutlined, DollarOutlined, DownOutlined, EnvironmentOutlined, HomeOutlined, IdcardOutlined, LineChartOutlined, LogoutOutlined,
  SettingOutlined, ShoppingOutlined, StopOutlined, SwapOutlined, TeamOutlined, WalletOutlined, ShareAltOutlined, LinkOutlined, GiftOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type CurrentUser } from '@stagepass/shared';
import { useLogout } from '@/lib/use-logout';
import { money } from '@/lib/format';
import { useCurrentUser } from '@/store';
import css from './ui.module.css';

export function accountPath(user: Pick<CurrentUser, 'isPerformer'>) {
  return user.isPerformer ? '/creator/account' : '/user/account';
}
export function profilePath(user: Pick<CurrentUser, '_id' | 'username'>) {
  return `/${user.username || user._id}`;
}
/** The blocked users page (creators: with the countries they hide from). */
export function blockedPath(user: Pick<CurrentUser, 'isPerformer'>) {
  return user.isPerformer ? '/creator/blocked' : '/user/blocked';
}

export interface MoneyLink {
  href: string;
  label: string;
  icon: ReactNode;
}
/** The money screens of a user: fans — wallet, cards, delivery addresses, orders, subscriptions, transactions; creators — earnings, payouts, payout settings, subscribers. */
export function moneyNav(user: Pick<CurrentUser, 'isPerformer'> & Partial<Pick<CurrentUser, 'isAdmin'>>): MoneyLink[] {
  // Operators: the console (its home, /admin) and its busiest queue.
  const operator: MoneyLink[] = user.isAdmin
    ? [
        { href: '/admin', label: 'Operator console', icon: <DashboardOutlined /> },
        { href: '/admin/payouts', label: 'Payout requests', icon: <AuditOutlined /> },
      ]
    : [];
  return operator.concat(user.isPerformer
    ? [
        { href: '/creator/earnings', label: 'Earnings', icon: <LineChartOutlined /> },
        { href: '/creator/statistics', label: 'Statistics', icon: <DashboardOutlined /> },
        { href: '/creator/payouts', label: 'Payouts', icon: <DollarOutlined /> },
        { href: '/creator/banking', label: 'Payout settings', icon: <BankOutlined /> },
        { href: '/creator/fans', label: 'Fans', icon: <TeamOutlined /> },
        { href: '/creator/subscribers', label: 'Subscribers', icon: <CrownOutlined /> },
        { href: '/creator/referrals', label: 'Referrals', icon: <ShareAltOutlined /> },
        { href: '/creator/tracking-links', label: 'Tracking links', icon: <LinkOutlined /> },
        { href: '/creator/promotions', label: 'Promotions', icon: <GiftOutlined /> },
        { href: '/creator/tip-menu', label: 'Tip menu', icon: <UnorderedListOutlined /> },
      ]
    : [
        { href: '/user/wallet', label: 'Wallet', icon: <WalletOutlined /> },
        { href: '/user/cards', label: 'Cards', icon: <CreditCardOutlined /> },
        { href: '/user/addresses', label: 'Addresses', icon: <EnvironmentOutlined /> },
        { href: '/user/orders', label: 'My orders', icon: <ShoppingOutlined /> },
        { href: '/user/subscriptions', label: 'Subscriptions', icon: <CrownOutlined /> },
        { href: '/user/transactions', label: 'Transactions', icon: <SwapOutlined /> },
      ]);
}

/** The fan's wallet balance as a small link in the header (kept in the Redux user slice). */
export function WalletBalanceTag() {
  const user = useCurrentUser();
  if (!user || user.isPerformer) return null;
  return (
    <Link href="/user/wallet" className={`wallet-chip ${css.walletChip}`} aria-label={`Wallet balance ${money(user.balance)}`} data-testid="header-balance">
      <WalletOutlined aria-hidden="true" />
      {money(user.balance)}
    </Link>
  );
}

/** Avatar + name button opening the account menu (home, profile, money screens, account; Log out), with the fan's wallet balance beside it. */
export default function UserMenu({ user: initial }: { user: CurrentUser }) {
  const doLogout = useLogout();
  // The store copy is the live one (balance changes after every money action).
  const user = useCurrentUser() || initial;
  const money_ = moneyNav(user).map((l) => ({
    key: l.href,
    icon: l.icon,
    label:
      l.href === '/user/wallet' ? (
        <Link href={l.href}>
          Wallet <span className={`muted ${css.menuBalance}`}>{money(user.balance)}</span>
        </Link>
      ) : (
        <Link href={l.href}>{l.label}</Link>
      ),
  }));
  const items = [
    { key: 'home', icon: <HomeOutlined />, label: <Link href="/home">Home</Link> },
    ...(user.isPerformer ? [{ key: 'profile', icon: <IdcardOutlined />, label: <Link href={profilePath(user)}>My profile</Link> }] : []),
    { type: 'divider' as const },
    ...money_,
    { type: 'divider' as const },
    { key: 'account', icon: <SettingOutlined />, label: <Link href={accountPath(user)}>Account settings</Link> },
    { key: 'blocked', icon: <StopOutlined />, label: <Link href={blockedPath(user)}>Blocked</Link> },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true, onClick: () => void doLogout() },
  ];
  return (
    <span className={css.menu}>
      <WalletBalanceTag />
      <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
        <Button type="text" aria-label={user.name} aria-haspopup="menu" className={css.menuButton}>
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={32} />
          <Typography.Text strong ellipsis className={`hide-sm ${css.menuName}`}>
            {user.name}
          </Typography.Text>
          <DownOutlined className={css.caret} />
        </Button>
      </Dropdown>
    </span>
  );
}
