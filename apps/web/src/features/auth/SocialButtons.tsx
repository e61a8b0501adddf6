'use client';
import { useEffect, useRef, useState } from 'react';
import Cookies from 'js-cookie';
import { App, Button, Flex } from 'antd';
import { GoogleOutlined, XOutlined } from '@ant-design/icons';
import { useLocale, useTranslations } from 'next-intl';
import { INTL_LOCALE, MESSAGES, SOCIAL_FLOW_COOKIE_DAYS, isLocale, postLoginPath } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { forgetTouches, keptTouches } from '@/lib/tracking-touches';
import { useSettings } from '@/lib/site-context';
import { specKey, useSpecText } from '@/i18n/spec';
import { useAppDispatch } from '@/store';
import { loginWithToken } from '@/store/auth';
import css from './auth.module.css';
import { tokenOrHandOff } from './two-factor-handoff';

type Role = 'user' | 'performer';
export const SOCIAL_ROLE_COOKIE = 'role';

interface GoogleId {
  initialize(o: { client_id: string; callback: (r: { credential: string }) => void }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

/** The sign-up confirmations of the form above the buttons (sign-up pages), checked first; null: not ticked (the form shows why). */
type Consent = () => Promise<{ ageConfirmed: boolean; acceptTerms: boolean } | null>;

function GoogleButton({ role, onToken, consent }: { role: Role; onToken: (token: string) => void; consent?: Consent }) {
  const { googleClientId } = useSettings();
  const { message } = App.useApp();
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const t = useTranslations('authMore');
  // The spec's texts by key (next-intl's translator is stable, so Google's button is set up once).
  const ts = useTranslations('spec');
  const raw = useLocale();
  // Google's own button, in the page's language.
  const locale = isLocale(raw) ? INTL_LOCALE[raw] : 'en-US';

  useEffect(() => {
    if (!googleClientId) return;
    const init = () => {
      const gid = window.google?.accounts?.id;
      if (!gid || !ref.current) return;
      gid.initialize({
        client_id: googleClientId,
        callback: async ({ credential }) => {
          try {
            const given = consent ? await consent() : {};
            if (!given) return;
            // The tracking links' touches go along: attributed if this sign-in creates the account, then forgotten.
            const token = tokenOrHandOff(await call(routes.auth.googleLogin, { body: { credential, role, ...given, trackingTouches: keptTouches() } }, { credentialsCheck: true }));
            forgetTouches();
            if (token) onToken(token);
          } catch (e) {
            const text = errorText(e, MESSAGES.loginFailed);
            const key = specKey(text);
            message.error(key ? ts(key) : text);
          }
        },
      });
      gid.renderButton(ref.current, { theme: 'outline', size: 'large', width: 320, text: 'continue_with', locale });
      setReady(true);
    };
    if (window.google?.accounts?.id) return init();
    const s = document.createElement('script');
    s.src = 'https://accounts.google.com/gsi/client';
    s.async = true;
    s.onload = init;
    document.head.appendChild(s);
  }, [googleClientId, role, onToken, message, consent, ts, locale]);

  return (
    <>
      <div ref={ref} className={css.google} hidden={!ready} />
      {!ready && (
        <Button block size="large" icon={<GoogleOutlined />} onClick={() => message.info(t('googleLoading'))}>
          {t('continueGoogle')}
        </Button>
      )}
    </>
  );
}

/**
 * Google / X (Twitter) buttons — only those the operator enabled in settings. On a sign-up page
 * `consent` gives the form's confirmations (age, terms), sent along: a sign-in that creates an
 * account needs them (from the login page, a new account is refused with a pointer to sign up).
 */
export default function SocialButtons({ role = 'user', consent }: { role?: Role; consent?: Consent }) {
  const { googleLoginEnabled, twitterLoginEnabled } = useSettings();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const [twitterBusy, setTwitterBusy] = useState(false);
  const t = useTranslations('authMore');
  const spec = useSpecText();
  if (!googleLoginEnabled && !twitterLoginEnabled) return null;

  const onToken = async (token: string) => {
    const r = await dispatch(loginWithToken({ token, remember: true }));
    if (loginWithToken.fulfilled.match(r)) window.location.assign(postLoginPath(r.payload));
    else message.error(spec(r.payload || MESSAGES.loginFailed));
  };

  const twitter = async () => {
    const given = consent ? await consent() : {};
    if (!given) return;
    setTwitterBusy(true);
    try {
      Cookies.set(SOCIAL_ROLE_COOKIE, role, { path: '/', expires: SOCIAL_FLOW_COOKIE_DAYS, sameSite: 'lax' });
      const r = await call(routes.auth.twitterLogin, { body: { callbackUrl: `${window.location.origin}/auth/twitter/callback`, role, ...given } });
      window.location.assign(r.url);
    } catch (e) {
      message.error(spec(errorText(e)));
      setTwitterBusy(false);
    }
  };

  return (
    <>
      <div className="social-divider">{t('or')}</div>
      <Flex vertical gap={10}>
        {googleLoginEnabled && <GoogleButton role={role} onToken={onToken} consent={consent} />}
        {twitterLoginEnabled && (
          <Button block size="large" icon={<XOutlined />} loading={twitterBusy} onClick={twitter}>
            {t('continueX')}
          </Button>
        )}
      </Flex>
    </>
  );
}
