'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Modal } from 'antd';
import type { AppliedCoupon, Feed } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes } from '@/lib/swr';
import { call, errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { useCurrentUser } from '@/store';
import CouponField, { discounted } from '@/components/pay/CouponField';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { useBalance } from '@/lib/payments';
import styles from './pay-dialog.module.css';

/**
 * "Unlock for $X.XX" on a pay-per-view post: price, wallet balance, optional coupon → POST
 * /wallet/charges/feed/{id} through `useIdempotentPay` (one key per intent) → the unlocked feed.
 */
export default function UnlockModal({ feed, open, onClose, onUnlocked }: { feed: Pick<Feed, '_id' | 'price' | 'performer' | 'performerId'>; open: boolean; onClose: () => void; onUnlocked: (f: Feed) => void }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const { balance, setBalance, refresh } = useBalance();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { pay, busy, reset } = useIdempotentPay();
  const price = feed.price ?? 0;
  const toPay = discounted(price, coupon);
  const short = balance < toPay;

  const signedIn = Boolean(me);
  // Each time the dialog opens: a clean state and a fresh balance.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setCoupon(null);
    reset();
    if (signedIn) void refresh();
  }, [open, signedIn, refresh, reset]);

  const reloadFeed = async () => {
    const fresh = await call(routes.feeds.get, { params: { id: feed._id } });
    onUnlocked(fresh);
  };

  const unlock = () => {
    if (busy) return;
    setError(null);
    return pay(routes.wallet.charge, { params: { kind: 'feed', id: feed._id }, body: coupon ? { couponCode: coupon.code } : {} }, {
      onPaid: async (r) => {
        setBalance(r.balance);
        message.success('Post unlocked');
        void revalidateRoutes(routes.wallet.search);
        void refresh();
        onClose();
        await reloadFeed().catch(() => undefined);
      },
      onFailed: async (e, status) => {
        if (status === 409) {
          // Already bought (e.g. in another tab): just show it.
          message.info(errorText(e));
          onClose();
          await reloadFeed().catch(() => undefined);
        } else {
          setError(errorText(e));
          void refresh();
        }
      },
    });
  };

  return (
    <Modal open={open} title={`Unlock for ${money(price)}`} onCancel={onClose} footer={null} destroyOnHidden width={460}>
      {!me ? (
        <>
          <p>Log in to unlock this post by {feed.performer.name}.</p>
          <div className={styles.footer}>
            <Button onClick={onClose}>Cancel</Button>
            <Link href="/auth/login">
              <Button type="primary">Log in</Button>
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className={styles.intro}>Buying this post by {feed.performer.name} unlocks its photos, videos and audio for you, for good. It&rsquo;s paid from your wallet.</p>
          <TestPaymentsNotice />
          <dl className={styles.rows}>
            <div>
              <dt>Price</dt>
              <dd>
                {coupon && <span className={styles.strike}>{money(price)}</span>}
                {money(toPay)}
              </dd>
            </div>
            <div>
              <dt>Wallet balance</dt>
              <dd data-testid="unlock-balance">{money(balance)}</dd>
            </div>
          </dl>
          <CouponField id="unlock-coupon" performerId={feed.performerId} applied={coupon} onChange={setCoupon} />
          {short && (
            <Alert
              type="warning"
              showIcon
              className={styles.below}
              title="Your wallet balance is too low"
              description={
                <>
                  You need {money(toPay - balance)} more. <Link href="/user/wallet">Top up your wallet</Link>
                </>
              }
            />
          )}
          {error && <Alert type="error" showIcon className={styles.below} title={error} />}
          <div className={styles.footer}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={busy} disabled={short} onClick={() => void unlock()}>
              Unlock
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
