'use client';
import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Button, Drawer, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { ADMIN_NAV, isAdminNavActive } from '@/features/admin/admin-nav';
import AppHeader from './AppHeader';
import css from './admin-shell.module.css';

/** The console menu: one list per group, the current section marked (`aria-current="page"`). */
function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname() || '';
  return (
    <nav aria-label="Operator console">
      {ADMIN_NAV.map((g) => (
        <div key={g.title}>
          <div className={css.groupTitle} id={`admin-nav-${g.title}`}>
            {g.title}
          </div>
          <ul className={css.group} aria-labelledby={`admin-nav-${g.title}`}>
            {g.items.map(({ href, label, icon: Icon }) => {
              const active = isAdminNavActive(pathname, href);
              return (
                <li key={href}>
                  <Link href={href} prefetch={false} onClick={onNavigate} className={`${css.link}${active ? ` ${css.active}` : ''}`} aria-current={active ? 'page' : undefined}>
                    {/* no aria-label (antd names icons by default): getByLabel('Action') must not find 'transaction' */}
                    <Icon aria-hidden aria-label={undefined} /> {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The label of the section `pathname` is in (shown on the narrow screens' menu button). */
function currentLabel(pathname: string): string {
  for (const g of ADMIN_NAV) for (const i of g.items) if (isAdminNavActive(pathname, i.href)) return i.label;
  return 'Console';
}

/**
 * The shell of every /admin page (app/(admin)/admin/layout.tsx, after the admin guard): the site
 * header (search, theme switch, account menu) on top, the console menu on the left (≥ 768 px) or in
 * a drawer opened by "Console menu" (< 768 px), the page in the wide column.
 */
export default function AdminShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname() || '';
  return (
    <Layout className={`app-shell ${css.console}`}>
      <AppHeader />
      <div className="shell-content">
        <div className={css.grid}>
          <aside className={css.side}>
            <span className={css.title}>Operator console</span>
            <AdminNav />
          </aside>
          <main id="main" tabIndex={-1} className={`shell-main ${css.main}`}>
            <div className={css.bar}>
              <Button icon={<MenuOutlined />} onClick={() => setOpen(true)} aria-label={`Console menu (${currentLabel(pathname)})`} aria-expanded={open}>
                {currentLabel(pathname)}
              </Button>
            </div>
            {children}
          </main>
        </div>
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title="Operator console" closable={{ 'aria-label': 'Close console menu' }}>
        <AdminNav onNavigate={() => setOpen(false)} />
      </Drawer>
    </Layout>
  );
}
