'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Card, Result, Spin } from 'antd';
import type { NotificationType } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useCurrentUser } from '@/store';
import { NOTIFICATION_TYPE_LABELS, preferencesPath } from './labels';
import css from './notifications.module.css';

type State = { status: 'pending' } | { status: 'done'; type: NotificationType } | { status: 'failed'; message: string };

/** Sends the e-mail's token to the API once and says what it did (or the server's refusal). */
export default function UnsubscribeResult({ token }: { token: string }) {
  const user = useCurrentUser();
  const [state, setState] = useState<State>(token ? { status: 'pending' } : { status: 'failed', message: 'This unsubscribe link is incomplete. Open the link from the e-mail again.' });
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
      <Button type={state.status === 'done' ? 'default' : 'primary'}>{user ? 'Notification preferences' : 'Log in to change your preferences'}</Button>
    </Link>
  );
  return (
    <div className={`container page ${css.unsubscribe}`}>
      <Card>
        {state.status === 'pending' ? (
          <Result icon={<Spin size="large" />} title="Unsubscribing…" />
        ) : state.status === 'done' ? (
          <Result status="success" title="You're unsubscribed" subTitle={`You will no longer receive e-mails about ${NOTIFICATION_TYPE_LABELS[state.type].toLowerCase()}.`} extra={prefs} />
        ) : (
          <Result status="warning" title="We couldn't unsubscribe you" subTitle={state.message} extra={prefs} />
        )}
      </Card>
    </div>
  );
}
