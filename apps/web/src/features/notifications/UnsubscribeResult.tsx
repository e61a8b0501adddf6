'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Card, Result, Spin } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import type { NotificationType } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useCurrentUser } from '@/store';
import { useSpecText } from '@/i18n/spec';
import { NOTIFICATION_TYPE_LABELS, preferencesPath } from './labels';
import css from './notifications.module.css';

/** `message` null: the link has no token (said in the page's language). */
type State = { status: 'pending' } | { status: 'done'; type: NotificationType } | { status: 'failed'; message: string | null };

/** Sends the e-mail's token to the API once and says what it did (or the server's refusal). */
export default function UnsubscribeResult({ token }: { token: string }) {
  const user = useCurrentUser();
  const t = useTranslations('notificationSettings');
  const locale = useLocale();
  const specText = useSpecText();
  const [state, setState] = useState<State>(token ? { status: 'pending' } : { status: 'failed', message: null });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    call(routes.notifications.unsubscribe, { body: { token } }).then(
      (r) => setState({ status: 'done', type: r.type }),
      (e: unknown) => setState({ status: 'failed', message: errorText(e) }),
    );
  }, [token]);

  const prefs = (
    <Link href={preferencesPath(user)}>
      <Button type={state.status === 'done' ? 'default' : 'primary'}>{user ? t('preferences') : t('logInForPreferences')}</Button>
    </Link>
  );
  return (
    <div className={`container page ${css.unsubscribe}`}>
      <Card>
        {state.status === 'pending' ? (
          <Result icon={<Spin size="large" />} title={t('unsubscribing')} />
        ) : state.status === 'done' ? (
          <Result status="success" title={t('unsubscribedTitle')}
            // English runs the topic into the sentence ("about tips"); the other languages quote it as it is (German nouns keep their capital).
            subTitle={t('unsubscribedText', { topic: locale === 'en' ? t(NOTIFICATION_TYPE_LABELS[state.type]).toLowerCase() : t(NOTIFICATION_TYPE_LABELS[state.type]) })} extra={prefs} />
        ) : (
          <Result status="warning" title={t('unsubscribeFailed')} subTitle={state.message === null ? t('linkIncomplete') : specText(state.message)} extra={prefs} />
        )}
      </Card>
    </div>
  );
}
