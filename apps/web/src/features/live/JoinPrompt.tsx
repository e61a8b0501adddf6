'use client';
/**
 * What a viewer who may not watch yet is asked for (GET /streaming/join's `need`): log in, follow,
 * subscribe (the subscription dialog), buy a ticket ("Buy ticket — $X": POST
 * /wallet/charges/stream/{id} with an Idempotency-Key, then join again), or top up the wallet when
 * its balance is below the price. `onChanged` joins again once the viewer did what was needed.
 */
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { StreamJoin, StreamNeed } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import type { Messages } from '@/i18n/messages';
import { useBalance } from '@/lib/payments';
import { revalidateRoutes } from '@/lib/swr';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import TaxedPrice, { TaxResidenceNotice, useTaxedTotal } from '@/components/money/TaxedPrice';
import { useAppDispatch, useAppSelector } from '@/store';
import { openSubscriptionModal, type SubscriptionPerformer } from '@/store/subscription';
import FollowButton from '@/features/social/FollowButton';
import css from './live.module.css';

/** The prompt's title for each need: a key of the `liveWatch` messages (with the creator's `name`). */
const TITLES: Record<StreamNeed, keyof Messages['liveWatch']> = {
  login: 'needLogin',
  follow: 'needFollow',
  subscribe: 'needSubscribe',
  ticket: 'needTicket',
  balance: 'needBalance',
  upgrade: 'needUpgrade',
};

export default function JoinPrompt({ join, performer, onChanged }: { join: Pick<StreamJoin, 'need' | 'price' | 'balance' | 'stream'>; performer: SubscriptionPerformer; onChanged: () => void }) {
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const { money } = useFormat();
  const need = join.need ?? 'login';
  const name = performer.name || performer.username || t('thisCreator');
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const { balance: myBalance, setBalance } = useBalance();
  const { pay, busy } = useIdempotentPay();
  const [error, setError] = useState<string | null>(null);
  const balance = join.balance ?? myBalance;
  const price = join.price ?? join.stream.price ?? 0;
  // A ticket or a minute is paid with its sales tax where it is added on top.
  const toPay = useTaxedTotal(price, 'stream');
  const short = (need === 'ticket' || need === 'balance') && balance < toPay;

  // The subscription dialog closed: maybe subscribed now — ask again.
  const modalOpen = useAppSelector((s) => s.subscription.showModal);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !modalOpen) onChanged();
    wasOpen.current = modalOpen;
  }, [modalOpen, onChanged]);

  const buy = () =>
    pay(routes.wallet.charge, { params: { kind: 'stream', id: join.stream._id }, body: {} }, {
      onPaid: (r) => {
        setBalance(r.balance);
        message.success(t('ticketBought'));
        void revalidateRoutes(routes.wallet.search);
        onChanged();
      },
      onFailed: (e, status) => {
        // Already bought (409): the ticket is there, just join.
        if (status === 409) onChanged();
        else setError(specText(errorText(e)));
      },
    });

  const extra =
    need === 'login' ? (
      <Link href="/auth/login">
        <Button type="primary">{t('logIn')}</Button>
      </Link>
    ) : need === 'follow' ? (
      <FollowButton performerId={performer._id} onChange={(s) => s.isFollowed && onChanged()} />
    ) : need === 'subscribe' ? (
      <Button type="primary" onClick={() => dispatch(openSubscriptionModal({ performer, subscriptionType: 'monthly' }))}>
        {t('subscribe')}
      </Button>
    ) : need === 'upgrade' ? (
      <Link href="/user/subscriptions">
        <Button type="primary">{t('changeTier')}</Button>
      </Link>
    ) : need === 'ticket' ? (
      <div className={css.promptActions}>
        <Button type="primary" loading={busy} disabled={short} onClick={() => void buy()}>
          {t.rich('buyTicket', { price: () => <TaxedPrice amount={price} kind="stream" /> })}
        </Button>
        {short && (
          <Link href="/user/wallet">
            <Button>{t('topUp')}</Button>
          </Link>
        )}
      </div>
    ) : (
      <Link href="/user/wallet">
        <Button type="primary">{t('topUp')}</Button>
      </Link>
    );

  const subTitle =
    need === 'ticket'
      ? t.rich('ticketText', { price: () => <TaxedPrice amount={price} kind="stream" />, balance: money(balance) })
      : need === 'balance'
        ? t.rich('balanceText', { price: () => <TaxedPrice amount={price} kind="stream" suffix={t('perMinute')} />, balance: money(balance) })
        : need === 'subscribe'
          ? t('forSubscribers', { name })
          : need === 'upgrade'
            ? t('forHigherTier', { name })
            : need === 'follow'
              ? t('forFollowers', { name })
              : undefined;

  return (
    <div className={css.prompt} data-testid="join-prompt" data-need={need}>
      <Result icon={<LockOutlined />} title={t(TITLES[need], { name })} subTitle={subTitle} extra={extra} />
      {short && need === 'ticket' && <Alert type="warning" showIcon title={t('belowTicketPrice')} className={css.banner} />}
      {(need === 'ticket' || need === 'balance') && <TaxResidenceNotice />}
      {error && <Alert type="error" showIcon title={error} className={css.banner} />}
    </div>
  );
}
