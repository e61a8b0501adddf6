'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import Cookies from 'js-cookie';
import { Button, Result } from 'antd';
import { useTranslations } from 'next-intl';
import { MESSAGES, postLoginPath } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useSpecText } from '@/i18n/spec';
import { forgetTouches, keptTouches } from '@/lib/tracking-touches';
import { useAppDispatch } from '@/store';
import { loginWithToken } from '@/store/auth';
import { SOCIAL_ROLE_COOKIE } from './SocialButtons';
import { LinkPending } from './LinkPending';
import { tokenOrHandOff } from './two-factor-handoff';

export default function TwitterCallback({ oauthToken, oauthVerifier }: { oauthToken: string | null; oauthVerifier: string | null }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('authMore');
  const ta = useTranslations('auth');
  const spec = useSpecText();
  const [error, setError] = useState<string | null>(oauthToken && oauthVerifier ? null : t('xCancelled'));
  const started = useRef(false);
  useEffect(() => {
    if (!oauthToken || !oauthVerifier || started.current) return;
    started.current = true;
    const role = Cookies.get(SOCIAL_ROLE_COOKIE) === 'performer' ? 'performer' : 'user';
    call(routes.auth.twitterCallback, { body: { oauth_token: oauthToken, oauth_verifier: oauthVerifier, role, trackingTouches: keptTouches() } }, { credentialsCheck: true })
      .then(async (answer) => {
        Cookies.remove(SOCIAL_ROLE_COOKIE, { path: '/' });
        // Attributed if this sign-in created the account (modules/tracking), else of no further use.
        forgetTouches();
        const token = tokenOrHandOff(answer);
        if (!token) return;
        const r = await dispatch(loginWithToken({ token, remember: true }));
        if (loginWithToken.fulfilled.match(r)) window.location.assign(postLoginPath(r.payload));
        else setError(r.payload || MESSAGES.loginFailed);
      })
      .catch((e) => setError(errorText(e, MESSAGES.loginFailed)));
  }, [oauthToken, oauthVerifier, dispatch]);
  if (error)
    return <Result status="error" title={t('signInFailed')} subTitle={spec(error)} extra={<Link href="/auth/login"><Button type="primary">{ta('backToLogin')}</Button></Link>} />;
  return <LinkPending text={t('signingInX')} />;
}
