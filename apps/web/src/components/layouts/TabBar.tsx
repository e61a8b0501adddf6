'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Badge } from 'antd';
import { useTranslations } from 'next-intl';
import type { CurrentUser } from '@stagepass/shared';
import { useAppSelector } from '@/store';
import { TAB_ITEMS, type ShellT, type TabItem } from './nav';

function Tab({ tab, user, pathname, t }: { tab: TabItem; user: CurrentUser; pathname: string; t: ShellT }) {
  const count = useAppSelector((s) => tab.badge?.count(s) ?? 0);
  const href = tab.href(user);
  const current = pathname === href || Boolean(tab.matches?.(pathname, user));
  return (
    <Link href={href} prefetch={false} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} aria-label={tab.badge ? tab.badge.label(t, count) : undefined}>
      <span aria-hidden="true">{tab.badge ? <Badge count={count} size="small" overflowCount={99}>{tab.icon}</Badge> : tab.icon}</span>
      <span aria-hidden={tab.badge ? 'true' : undefined}>{t(tab.label)}</span>
    </Link>
  );
}

/** Bottom tab bar of signed-in pages below 860 px (the left navigation is hidden there). */
export default function TabBar({ user }: { user: CurrentUser }) {
  const pathname = usePathname() || '';
  const t = useTranslations('shell');
  return (
    <nav className="tab-bar" aria-label={t('tabs')}>
      {TAB_ITEMS.map((tab) => (
        <Tab key={tab.key} tab={tab} user={user} pathname={pathname} t={t} />
      ))}
    </nav>
  );
}
