'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Badge } from 'antd';
import type { CurrentUser } from '@stagepass/shared';
import { useAppSelector } from '@/store';
import { TAB_ITEMS, type TabItem } from './nav';

function Tab({ tab, user, pathname }: { tab: TabItem; user: CurrentUser; pathname: string }) {
  const count = useAppSelector((s) => tab.badge?.count(s) ?? 0);
  const href = tab.href(user);
  const current = pathname === href || Boolean(tab.matches?.(pathname, user));
  return (
    <Link href={href} prefetch={false} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} aria-label={tab.badge ? tab.badge.label(count) : undefined}>
      <span aria-hidden="true">{tab.badge ? <Badge count={count} size="small" overflowCount={99}>{tab.icon}</Badge> : tab.icon}</span>
      <span aria-hidden={tab.badge ? 'true' : undefined}>{tab.label}</span>
    </Link>
  );
}

/** Bottom tab bar of signed-in pages below 860 px (the left navigation is hidden there). */
export default function TabBar({ user }: { user: CurrentUser }) {
  const pathname = usePathname() || '';
  return (
    <nav className="tab-bar" aria-label="Tabs">
      {TAB_ITEMS.map((t) => (
        <Tab key={t.key} tab={t} user={user} pathname={pathname} />
      ))}
    </nav>
  );
}
