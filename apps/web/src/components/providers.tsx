'use client';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { SWRConfig } from 'swr';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useTranslations } from 'next-intl';
import { TOAST_DURATION, type CurrentUser, type PublicSettings, type SitePageSummary } from '@stagepass/shared';
import { setApiBase } from '@/lib/api';
import { swrConfig } from '@/lib/swr';
import { SiteContext } from '@/lib/site-context';
import { SocketProvider } from '@/lib/socket';
import { ThemeModeProvider, useTheme } from '@/lib/theme';
import type { ThemeMode } from '@/lib/config';
import { makeStore, type AppStore } from '@/store';
import { initialAuthState } from '@/store/auth';

export const BRAND = {
  primary: '#7c3aed',
  accent: '#ec4899',
  gradient: 'linear-gradient(135deg, #7c3aed 0%, #c026d3 55%, #ec4899 100%)',
};

function AntdTheme({ locale, children }: { locale: AntdLocale; children: ReactNode }) {
  const { resolved } = useTheme();
  const dark = resolved === 'dark';
  const t = useTranslations('spec');
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        // Component styles come from antd's prebuilt stylesheet (imported once by the root layout,
        // cached by the browser) instead of being generated per render and inlined in every page's
        // HTML; the theme below still applies through the CSS variables antd registers.
        zeroRuntime: true,
        algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND.primary,
          colorInfo: BRAND.primary,
          borderRadius: 10,
          fontFamily:
            "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
          colorBgLayout: dark ? '#0d0b14' : '#f6f5fb',
          colorBgContainer: dark ? '#17141f' : '#ffffff',
          colorBgElevated: dark ? '#1e1a29' : '#ffffff',
          colorBorderSecondary: dark ? '#2a2536' : '#ece9f3',
          // Every text ≥ 4.5:1 (WCAG AA) on the page and card backgrounds, checked by e2e/a11y.spec.ts:
          // antd's default tertiary text and light-mode status colours are lighter than that.
          colorTextTertiary: dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.6)',
          colorTextDescription: dark ? 'rgba(255,255,255,0.6)' : 'rgba(0,0,0,0.6)',
          colorTextPlaceholder: dark ? 'rgba(255,255,255,0.56)' : 'rgba(0,0,0,0.58)',
          // Their backgrounds stay antd's pale defaults: derived from these darker colours they turn grey (#adb8a5 under a success tag's text, 2.7:1).
          ...(dark
            ? {}
            : {
                colorSuccess: '#237804',
                colorWarning: '#ad4e00',
                colorError: '#cf1322',
                colorSuccessBg: '#f6ffed',
                colorSuccessBorder: '#b7eb8f',
                colorWarningBg: '#fffbe6',
                colorWarningBorder: '#ffe58f',
                colorErrorBg: '#fff2f0',
                colorErrorBorder: '#ffccc7',
              }),
          // The dark palette's link colour (link buttons) is too dark on the page and card backgrounds: the app's own link colour.
          ...(dark ? { colorLink: '#a78bfa', colorLinkHover: '#c4b5fd', colorLinkActive: '#c4b5fd' } : {}),
        },
        components: {
          Layout: { headerBg: dark ? '#141119' : '#ffffff', bodyBg: dark ? '#0d0b14' : '#f6f5fb', footerBg: 'transparent', headerPadding: '0 24px' },
          Button: { fontWeight: 500 },
          Card: { borderRadiusLG: 16 },
          // The dark palette's primary is too dark for text on the page background.
          ...(dark ? { Tabs: { itemSelectedColor: '#c4b5fd', itemActiveColor: '#c4b5fd', itemHoverColor: '#ddd6fe', inkBarColor: '#a78bfa' } } : {}),
        },
      }}
    >
      <AntApp
        message={{ duration: TOAST_DURATION.message, maxCount: 3 }}
        notification={{
          duration: TOAST_DURATION.notification,
          showProgress: true,
          pauseOnHover: true,
          closeIcon: <CloseOutlined aria-label={t('close')} title={t('close')} />,
        }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export interface ProvidersProps {
  apiBase: string;
  settings: PublicSettings;
  /** The footer's static pages (root layout). */
  footerPages?: SitePageSummary[];
  apiReachable: boolean;
  user: CurrentUser | null;
  themeMode: ThemeMode;
  themeResolved: 'light' | 'dark';
  /** antd's own texts (pagination, pickers, empty states) in the page's language: read on the server (i18n/antd.ts), passed as data. */
  antdLocale: AntdLocale;
  children: ReactNode;
}

export default function Providers({ apiBase, settings, footerPages, apiReachable, user, themeMode, themeResolved, antdLocale, children }: ProvidersProps) {
  // The browser API base comes from the server at runtime (one build, any environment).
  setApiBase(apiBase);
  const storeRef = useRef<AppStore | null>(null);
  if (!storeRef.current) {
    storeRef.current = makeStore({
      auth: { ...initialAuthState, loggedIn: Boolean(user), authUser: user },
      ui: {
        siteName: settings.siteName,
        logo: settings.logoUrl || '/logo.svg',
        darkmodeLogo: settings.darkmodeLogoUrl || settings.logoUrl || '/logo-dark.svg',
        menus: settings.menus || [],
        favicon: settings.favicon || '/favicon.ico',
      },
    });
  }
  const site = useMemo(() => ({ settings, apiReachable, apiBase, footerPages: footerPages ?? [] }), [settings, apiReachable, apiBase, footerPages]);
  const swr = useMemo(() => swrConfig(), []);
  // `<html data-hydrated>` once the page has hydrated (this effect runs after every child's): until
  // then a click or a keystroke reaches no handler. The e2e suite waits for it after each page load
  // (e2e/fixtures/ready.ts); nothing in the app reads it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ReduxProvider store={storeRef.current}>
      <SiteContext.Provider value={site}>
        <SWRConfig value={swr}>
          <ThemeModeProvider initialMode={themeMode} initialResolved={themeResolved}>
            <AntdTheme locale={antdLocale}>
              <SocketProvider>{children}</SocketProvider>
            </AntdTheme>
          </ThemeModeProvider>
        </SWRConfig>
      </SiteContext.Provider>
    </ReduxProvider>
  );
}
