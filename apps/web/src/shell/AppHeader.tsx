'use client';
import { Suspense, useState } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Button, Divider, Drawer, Flex, Layout, Space } from 'antd';
import { CompassOutlined, LoginOutlined, LogoutOutlined, MenuOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { MenuItem } from '@stagepass/shared';
import LanguagePicker, { LanguageSegmented } from '@/components/LanguagePicker';
import Logo from '@/components/brand/Logo';
import { ThemeSegmented, ThemeSwitch } from '@/components/ThemeSwitch';
import UserMenu from '@/components/UserMenu';
import HeaderSearch from '@/features/search/HeaderSearch';
import NotificationBell from '@/features/notifications/NotificationBell';
import MessagesButton from '@/features/messages/MessagesButton';
import CartButton from '@/features/shop/CartButton';
import { isActive, userNav } from '@/components/layouts/nav';
import { useAppSelector, useCurrentUser } from '@/store';
import { useLogout } from '@/lib/use-logout';
import css from '@/components/layouts/layouts.module.css';

function MenuLink({ item, onClick }: { item: MenuItem; onClick?: () => void }) {
  const external = /^https?:\/\//.test(item.path);
  if (external || item.isNewTab)
    return (
      <a href={item.path} target={item.isNewTab ? '_blank' : undefined} rel="noreferrer" className="nav-link" onClick={onClick}>
        {item.title}
      </a>
    );
  return (
    <Link href={item.path} className="nav-link" onClick={onClick}>
      {item.title}
    </Link>
  );
}

export default function AppHeader() {
  const user = useCurrentUser();
  const menus = useAppSelector((s) => s.ui.menus).filter((m) => (m.section || 'header') === 'header');
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const doLogout = useLogout();
  const close = () => setOpen(false);
  const t = useTranslations('shell');
  const tc = useTranslations('common');

  return (
    <Layout.Header
      className={`app-header ${css.header}`}
    >
      <div className={`container ${css.fill}`}>
      <Flex align="center" justify="space-between" gap={16} className={css.fill}>
        <Flex align="center" gap={28}>
          <Logo href={user ? '/home' : '/'} />
          <nav aria-label={t('mainNav')} className="hide-md">
            <Space size={20}>
              {user && (
                <Link href="/home" className={`nav-link${pathname === '/home' ? ' active' : ''}`}>
                  {t('navHome')}
                </Link>
              )}
              <Link href="/search" className={`nav-link${pathname === '/search' ? ' active' : ''}`}>
                {t('navExplore')}
              </Link>
              {menus.map((m) => (
                <MenuLink key={`${m.path}-${m.title}`} item={m} />
              ))}
            </Space>
          </nav>
        </Flex>
        <Flex align="center" gap={8} className={css.tools}>
          <Suspense fallback={null}>
            <HeaderSearch className="hide-sm" />
          </Suspense>
          {/* Below the sm breakpoint the drawer holds the language select (the header keeps its width on phones). */}
          <span className="hide-sm">
            <LanguagePicker />
          </span>
          <ThemeSwitch />
          {user && <MessagesButton className="hide-md" />}
          {user && <NotificationBell className="hide-md" />}
          {user && !user.isPerformer && <CartButton />}
          {user ? (
            <span className="hide-md">
              <UserMenu user={user} />
            </span>
          ) : (
            <Space className="hide-md">
              <Link href="/auth/login">
                <Button type="text">{tc('logIn')}</Button>
              </Link>
              <Link href="/auth/register">
                <Button type="primary">{tc('signUp')}</Button>
              </Link>
            </Space>
          )}
          <Button className="show-md" type="text" aria-label={t('openMenu')} icon={<MenuOutlined />} onClick={() => setOpen(true)} />
        </Flex>
      </Flex>
      </div>
      <Drawer open={open} onClose={close} placement="right" size={320} title={<Logo href={null} height={28} />} closable={{ 'aria-label': t('closeMenu') }}>
        <nav aria-label={t('mobileNav')} className="drawer-nav">
          <Suspense fallback={null}>
            <HeaderSearch className="show-sm-block" onDone={close} />
          </Suspense>
          {user ? (
            <>
              <div className="drawer-user">
                <strong>{user.name}</strong>
                {user.username && <span className="muted">@{user.username}</span>}
              </div>
              {userNav(user).map((n) => (
                <Link key={n.href} href={n.href} onClick={close} className={isActive(pathname, n.href) ? 'active' : ''}>
                  {n.icon} {t(n.label)}
                </Link>
              ))}
            </>
          ) : (
            <>
              <Link href="/search" onClick={close}>
                <CompassOutlined /> {t('navExplore')}
              </Link>
              <Link href="/auth/login" onClick={close}>
                <LoginOutlined /> {tc('logIn')}
              </Link>
              <Link href="/auth/register" onClick={close}>
                <UserAddOutlined /> {tc('signUp')}
              </Link>
            </>
          )}
          {menus.length > 0 && <Divider className={css.divider} />}
          {menus.map((m) => (
            <MenuLink key={`${m.path}-${m.title}`} item={m} onClick={close} />
          ))}
          <Divider className={css.divider} />
          <div className={css.appearance}>
            <div className={`muted ${css.appearanceLabel}`}>
              {t('appearance')}
            </div>
            <ThemeSegmented />
            <div className={`muted ${css.appearanceLabel}`}>{t('language')}</div>
            <LanguageSegmented />
          </div>
          {user && (
            <Button block danger icon={<LogoutOutlined />} onClick={() => void doLogout()}>
              {tc('logOut')}
            </Button>
          )}
        </nav>
      </Drawer>
    </Layout.Header>
  );
}
