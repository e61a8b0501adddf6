'use client';
import Link from 'next/link';
import { Flex, Layout, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store';
import { useSite } from '@/lib/site-context';
import CookieConsent, { COOKIE_SETTINGS_EVENT } from '@/components/CookieConsent';
import Logo from '@/components/brand/Logo';
import css from './layouts.module.css';

/**
 * The site footer: the operator's footer menu links (settings `menus`, section footer), then the
 * published static pages marked for the footer (read by the root layout), then Contact.
 */
export default function AppFooter() {
  const { siteName, menus } = useAppSelector((s) => s.ui);
  const { footerPages, settings } = useSite();
  const t = useTranslations('shell');
  const footerMenus = menus.filter((m) => m.section === 'footer');
  return (
    <Layout.Footer className={css.footer}>
      <div className="container">
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Flex align="center" gap={12}>
          <Logo height={22} href={null} />
          <Typography.Text type="secondary" className={css.small}>
            © {new Date().getFullYear()} {siteName}. {t('footerTagline')}
          </Typography.Text>
        </Flex>
        <nav aria-label={t('footerNav')}>
            <Flex gap={20} wrap>
              {footerMenus.map((m) =>
                /^https?:\/\//.test(m.path) || m.isNewTab ? (
                  <a key={m.path + m.title} href={m.path} target={m.isNewTab ? '_blank' : undefined} rel="noreferrer" className="footer-link">
                    {m.title}
                  </a>
                ) : (
                  <Link key={m.path + m.title} href={m.path} className="footer-link">
                    {m.title}
                  </Link>
                ),
              )}
              {footerPages.map((p) => (
                <Link key={p._id} href={`/page/${p.slug}`} prefetch={false} className="footer-link">
                  {p.title}
                </Link>
              ))}
              <Link href="/contact" prefetch={false} className="footer-link">
                {t('contact')}
              </Link>
              {settings.gaCode ? (
                <button type="button" className="footer-link" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', font: 'inherit', fontSize: 13 }} onClick={() => window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))}>
                  {t('cookieSettings')}
                </button>
              ) : null}
            </Flex>
          </nav>
      </Flex>
      </div>
      <CookieConsent />
    </Layout.Footer>
  );
}
