'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { Avatar, Button, Dropdown, Typography } from 'antd';
import {
  AuditOutlined, BankOutlined, DashboardOutlined, CreditCardOutlined, CrownOutlined, DollarOutlined, DownOutlined, EnvironmentOutlined, HomeOutlined, IdcardOutlined, LineChartOutlined, LogoutOutlined,
  SettingOutlined, ShoppingOutlined, StopOutlined, SwapOutlined, TeamOutlined, WalletOutlined, ShareAltOutlined, LinkOutlined, GiftOutlined, UnorderedListOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type CurrentUser } from '@stagepass/shared';
import type { ShellKey } from '@/i18n/messages';
import { useLogout } from '@/lib/use-logout';
import { useFormat } from '@/lib/format';
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
  /** Its name's key in the `shell` messages. */
  label: ShellKey;
  icon: ReactNode;
}
/** The money screens of a user: fans — wallet, cards, delivery addresses, orders, subscriptions, transactions; creators — earnings, payouts, payout settings, subscribers. */
export function moneyNav(user: Pick<CurrentUser, 'isPerformer'> & Partial<Pick<CurrentUser, 'isAdmin'>>): MoneyLink[] {
  // Operators: the console (its home, /admin) and its busiest queue.
  const operator: MoneyLink[] = user.isAdmin
    ? [
        { href: '/admin', label: 'navOperatorConsole', icon: <DashboardOutlined aria-hidden /> },
        { href: '/admin/payouts', label: 'navPayoutRequests', icon: <AuditOutlined aria-hidden /> },
      ]
    : [];
  const links: MoneyLink[] = user.isPerformer
    ? [
        { href: '/creator/earnings', label: 'navEarnings', icon: <LineChartOutlined aria-hidden /> },
        { href: '/creator/statistics', label: 'navStatistics', icon: <DashboardOutlined aria-hidden /> },
        { href: '/creator/payouts', label: 'navPayouts', icon: <DollarOutlined aria-hidden /> },
        { href: '/creator/banking', label: 'navPayoutSettings', icon: <BankOutlined aria-hidden /> },
        { href: '/creator/fans', label: 'navFans', icon: <TeamOutlined aria-hidden /> },
        { href: '/creator/subscribers', label: 'navSubscribers', icon: <CrownOutlined aria-hidden /> },
        { href: '/creator/referrals', label: 'navReferrals', icon: <ShareAltOutlined aria-hidden /> },
        { href: '/creator/tracking-links', label: 'navTrackingLinks', icon: <LinkOutlined aria-hidden /> },
        { href: '/creator/promotions', label: 'navPromotions', icon: <GiftOutlined aria-hidden /> },
        { href: '/creator/tip-menu', label: 'navTipMenu', icon: <UnorderedListOutlined aria-hidden /> },
        { href: '/creator/protection', label: 'navContentProtection', icon: <SafetyOutlined aria-hidden /> },
      ]
    : [
        { href: '/user/wallet', label: 'navWallet', icon: <WalletOutlined aria-hidden /> },
        { href: '/user/cards', label: 'navCards', icon: <CreditCardOutlined aria-hidden /> },
        { href: '/user/addresses', label: 'navAddresses', icon: <EnvironmentOutlined aria-hidden /> },
        { href: '/user/orders', label: 'navMyOrders', icon: <ShoppingOutlined aria-hidden /> },
        { href: '/user/subscriptions', label: 'navSubscriptions', icon: <CrownOutlined aria-hidden /> },
        { href: '/user/transactions', label: 'navTransactions', icon: <SwapOutlined aria-hidden /> },
      ];
  return operator.concat(links);
}

/** The fan's wallet balance as a small link in the header (kept in the Redux user slice). */
export function WalletBalanceTag() {
  const user = useCurrentUser();
  const t = useTranslations('shell');
  const f = useFormat();
  if (!user || user.isPerformer) return null;
  return (
    <Link href="/user/wallet" className={`wallet-chip ${css.walletChip}`} aria-label={t('walletBalance', { amount: f.money(user.balance) })} data-testid="header-balance">
      <WalletOutlined aria-hidden="true" />
      {f.money(user.balance)}
    </Link>
  );
}

/** Avatar + name button opening the account menu (home, profile, money screens, account; Log out), with the fan's wallet balance beside it. */
export default function UserMenu({ user: initial }: { user: CurrentUser }) {
  const doLogout = useLogout();
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  const f = useFormat();
  // The store copy is the live one (balance changes after every money action).
  const user = useCurrentUser() || initial;
  const money_ = moneyNav(user).map((l) => ({
    key: l.href,
    icon: l.icon,
    label:
      l.href === '/user/wallet' ? (
        <Link href={l.href}>
          {t('navWallet')} <span className={`muted ${css.menuBalance}`}>{f.money(user.balance)}</span>
        </Link>
      ) : (
        <Link href={l.href}>{t(l.label)}</Link>
      ),
  }));
  const items = [
    { key: 'home', icon: <HomeOutlined aria-hidden />, label: <Link href="/home">{t('navHome')}</Link> },
    ...(user.isPerformer ? [{ key: 'profile', icon: <IdcardOutlined aria-hidden />, label: <Link href={profilePath(user)}>{t('navMyProfile')}</Link> }] : []),
    { type: 'divider' as const },
    ...money_,
    { type: 'divider' as const },
    { key: 'account', icon: <SettingOutlined aria-hidden />, label: <Link href={accountPath(user)}>{t('navAccountSettings')}</Link> },
    { key: 'blocked', icon: <StopOutlined aria-hidden />, label: <Link href={blockedPath(user)}>{t('navBlocked')}</Link> },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: tc('logOut'), danger: true, onClick: () => void doLogout() },
  ];
  return (
    <span className={css.menu}>
      <WalletBalanceTag />
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the menu the user just opened with Enter or a click takes the focus, so the arrow keys walk its items (the menu button pattern) */}
      <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight" autoFocus>
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
