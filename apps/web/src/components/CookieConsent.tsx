'use client';
import { useEffect, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useSettings } from '@/lib/site-context';
import css from './cookie-consent.module.css';

/** The visitor's choice, kept a year: 'granted' | 'denied'. */
export const CONSENT_COOKIE = 'sp_consent';
/** The footer's "Cookie settings" link asks the banner to open again. */
export const COOKIE_SETTINGS_EVENT = 'stagepass:cookie-settings';
const GTAG_ORIGIN = 'https://www.googletagmanager.com';

type Choice = 'granted' | 'denied';
const readChoice = (): Choice | null => {
  const m = /(?:^|;\s*)sp_consent=(granted|denied)/.exec(document.cookie);
  return m ? (m[1] as Choice) : null;
};
const saveChoice = (c: Choice) => {
  document.cookie = `${CONSENT_COOKIE}=${c}; path=/; max-age=${365 * 86_400}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
};

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
/** Loads Google Analytics (gtag.js) once; the CSP allows its origin only while gaCode is set. */
function loadAnalytics(id: string) {
  if (document.querySelector(`script[data-gtag="${id}"]`)) return;
  const w = window as GtagWindow;
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id, { anonymize_ip: true });
  const s = document.createElement('script');
  s.async = true;
  s.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  s.dataset.gtag = id;
  document.head.appendChild(s);
}

/**
 * The cookie banner (issue 28 §5): only when something needs consent — Google Analytics, when the
 * operator set `gaCode`. Accept loads gtag.js; Decline loads nothing; the choice is remembered in
 * the `sp_consent` cookie and can be changed from the footer's "Cookie settings". Without gaCode:
 * no banner, no script.
 */
export default function CookieConsent() {
  const { gaCode } = useSettings();
  const [open, setOpen] = useState(false);
  const t = useTranslations('shell');

  useEffect(() => {
    if (!gaCode) return;
    const c = readChoice();
    if (c === 'granted') loadAnalytics(gaCode);
    else if (c === null) setOpen(true);
    const reopen = () => setOpen(true);
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen);
  }, [gaCode]);

  if (!gaCode || !open) return null;
  const choose = (c: Choice) => {
    const before = readChoice();
    saveChoice(c);
    setOpen(false);
    if (c === 'granted') loadAnalytics(gaCode);
    // Withdrawing consent after gtag.js ran: a reload is the only way to unload it.
    else if (before === 'granted') location.reload();
  };
  return (
    <section className={css.banner} aria-label={t('cookieRegion')}>
      <Flex gap={16} align="center" justify="space-between" wrap>
        <Typography.Text className={css.text}>
          {t('cookieText')}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={() => choose('denied')}>{t('cookieDecline')}</Button>
          <Button type="primary" onClick={() => choose('granted')}>
            {t('cookieAccept')}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
