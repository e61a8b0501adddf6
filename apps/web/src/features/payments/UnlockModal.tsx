'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Modal } from 'antd';
import type { AppliedCoupon, Feed, WalletChargeResult } from '@stagepass/shared';
import { api, errorText, type ApiFailure } from '@/lib/api';
import { money } from '@/lib/format';
import { useCurrentUser } from '@/store';
import CouponField, { discounted } from './CouponField';
import TestPaymentsNotice from './TestPaymentsNotice';
import { newIdempotencyKey, postIdempotent, revalidatePaths, useBalance } from './money';
import styles from './pay-dialog.module.css';

/**
 * "Unlock for $X.XX" on a pay-per-view post: price, wallet balance, optional coupon → POST
 * /wallet/charges/feed/{id} with an Idempotency-Key (one per confirmation) → the unlocked feed.
 */
export default function UnlockModal({ feed, open, onClose, onUnlocked }: { feed: Pick<Feed, '_id' | 'price' | 'performer' | 'performerId'>; open: boolean; onClose: () => void; onUnlocked: (f: Feed) => void }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const { balance, setBalance, refresh } = useBalance();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyRef = useRef<string | null>(null);
  const inFlight = useRef(false);
  const price = feed.price ?? 0;
  const toPay = discounted(price, coupon);
  const short = balance < toPay;

  const signedIn = Boolean(me);
  // Each time the dialog opens: a clean state and a fresh balance.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setCoupon(null);
    keyRef.current = null;
    if (signedIn) void refresh();
  }, [open, signedIn, refresh]);

  const reloadFeed = async () => {
    const fresh = await api.get<Feed>(`/user/feeds/${feed._id}`);
    onUnlocked(fresh);
  };

  const unlock = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    keyRef.current ??= newIdempotencyKey();
    try {
      const r = await postIdempotent<WalletChargeResult>(`/wallet/charges/feed/${feed._id}`, coupon ? { couponCode: coupon.code } : {}, keyRef.current);
      keyRef.current = null;
      setBalance(r.balance);
      message.success('Post unlocked');
      void revalidatePaths('/wallet/charges');
      void refresh();
      onClose();
      await reloadFeed().catch(() => undefined);
    } catch (e) {
      const status = (e as ApiFailure)?.statusCode ?? 0;
      if (status > 0 && status < 500) keyRef.current = null;
      if (status === 409) {
        // Already bought (e.g. in another tab): just show it.
        message.info(errorText(e));
        onClose();
        await reloadFeed().catch(() => undefined);
      } else {
        setError(errorText(e));
        void refresh();
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
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
          <p style={{ marginTop: 0 }}>Buying this post by {feed.performer.name} unlocks its photos, videos and audio for you, for good. It&rsquo;s paid from your wallet.</p>
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
              style={{ marginTop: 16 }}
              title="Your wallet balance is too low"
              description={
                <>
                  You need {money(toPay - balance)} more. <Link href="/user/wallet">Top up your wallet</Link>
                </>
              }
            />
          )}
          {error && <Alert type="error" showIcon style={{ marginTop: 16 }} title={error} />}
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
