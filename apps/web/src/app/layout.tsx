import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cookies, headers } from 'next/headers';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import Providers from '@/components/providers';
import ApiDownBanner from '@/components/ApiDownBanner';
import MaintenanceView from '@/components/views/MaintenanceView';
import GeoBlockedView from '@/components/views/GeoBlockedView';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import TermsRequiredLoader from '@/features/legal/TermsRequiredLoader';
import TermsGate from '@/features/legal/TermsGate';
import { getBlockCheck, getCurrentUser, getFooterPages, getPublicSettings } from '@/lib/server/api';
import { isThemeMode, publicApiUrl, THEME_KEY } from '@/lib/config';
import { themeBootScript } from '@/lib/theme-boot';
import { installPromptBootScript } from '@/lib/pwa-boot';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { requestLocale } from '@/i18n/locale';
import { antdLocale } from '@/i18n/antd';
import 'antd/dist/antd.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const [{ settings }, t] = await Promise.all([getPublicSettings(), getTranslations('common')]);
  return {
    title: { default: settings.siteName, template: `%s · ${settings.siteName}` },
    description: t('siteDescription', { site: settings.siteName }),
    icons: { icon: settings.favicon || '/favicon.ico' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  // The page reaches under notches and the home indicator; the header, tab bar and banners pad themselves with env(safe-area-inset-*).
  viewportFit: 'cover',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#141119' },
  ],
};

/** Paths a signed-in account with new terms to accept still reaches: the documents' pages and logging out. */
const TERMS_OPEN = /^\/(page\/|auth\/logout(\/|$))/;

/** Paths that stay reachable during maintenance (so an administrator can log in). */
const MAINTENANCE_OPEN = /^\/auth\/(login|logout)(\/|$)/;

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ settings, reachable }, block, me, jar, h, footerPages, locale] = await Promise.all([getPublicSettings(), getBlockCheck(), getCurrentUser(), cookies(), headers(), getFooterPages(), requestLocale()]);
  const storedMode = jar.get(THEME_KEY)?.value;
  const themeMode = isThemeMode(storedMode) ? storedMode : 'system';
  const themeResolved = themeMode === 'system' ? (jar.get('theme-resolved')?.value === 'dark' ? 'dark' : 'light') : themeMode;
  const user = me.status === 'ok' ? me.user : null;
  const pathname = h.get('x-pathname') || '';
  // The per-request CSP nonce (src/proxy.ts): the one inline script of ours carries it.
  const nonce = h.get('x-nonce') || undefined;

  let content: ReactNode = children;
  if (settings.maintenanceMode && !user?.isAdmin && !MAINTENANCE_OPEN.test(pathname)) content = <MaintenanceView />;
  else if (block.blocked && !user?.isAdmin) content = <GeoBlockedView country={block.country} />;
  // A new version of the terms to accept (the API answered 403 terms_required): nothing else until then.
  else if (me.status === 'terms' && !TERMS_OPEN.test(pathname)) content = <TermsRequiredLoader />;
  const overridden = content !== children;

  return (
    <html lang={locale} data-theme={themeResolved} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: installPromptBootScript }} />
      </head>
      <body>
        {/* The first Tab stop: past the header and the navigation to the page's own content. */}
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <AntdRegistry>
          <ClientMessages>
            <Providers apiBase={publicApiUrl()} settings={settings} footerPages={footerPages} apiReachable={reachable} user={user} themeMode={themeMode} themeResolved={themeResolved} antdLocale={await antdLocale(locale)}>
              <ApiDownBanner />
              {content}
              <TermsGate />
              {overridden && <ClientExtrasLoader />}
            </Providers>
          </ClientMessages>
        </AntdRegistry>
      </body>
    </html>
  );
}
