'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { CurrentUser } from '@stagepass/shared';
import { TAB_ITEMS } from './nav';

/** Bottom tab bar of signed-in pages below 860 px (the left navigation is hidden there). */
export default function TabBar({ user }: { user: CurrentUser }) {
  const pathname = usePathname();
  return (
    <nav className="tab-bar" aria-label="Tabs">
      {TAB_ITEMS.map((t) => {
        const href = t.href(user);
        const current = pathname === href || Boolean(t.matches?.(pathname, user));
        return (
          <Link key={t.key} href={href} prefetch={false} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
            <span aria-hidden="true">{t.icon}</span>
            <span>{t.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
