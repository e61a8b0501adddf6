'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import type { AppliedCoupon } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes } from '@/lib/swr';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useCurrentUser } from '@/store';
import CouponField, { discounted } from '@/components/pay/CouponField';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import TaxedPrice, { TaxResidenceNotice, useTaxedTotal } from '@/components/money/TaxedPrice';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { useBalance } from '@/lib/payments';
import styles from './pay-dialog.module.css';

/** What is bought: a pay-per-view post, a paid message's media or a video for sale, its price and its creator. */
export interface UnlockTarget {
  kind: 'feed' | 'message' | 'video' | 'gallery';
  id: string;
  price: number | null;
  performerId: string;
  creatorName: string;
}

/**
 * "Unlock for $X.XX" on a pay-per-view post or a paid message: price, wallet balance, optional
 * coupon → POST /wallet/charges/{feed|message}/{id} through `useIdempotentPay` (one key per
 * intent) → `onUnlocked` (the caller reloads the item: its files now have URLs).
 */
export default function UnlockModal({ target, open, onClose, onUnlocked }: { target: UnlockTarget; open: boolean; onClose: () => void; onUnlocked: () => unknown }) {
  const { message } = App.useApp();
  const tr = useTranslations('payments');
  const specText = useSpecText();
  const { money } = useFormat();
  const me = useCurrentUser();
  const { balance, setBalance, refresh } = useBalance();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { pay, busy, reset } = useIdempotentPay();
  const price = target.price ?? 0;
  const afterCoupon = discounted(price, coupon);
  // The wallet pays the price and, where it is added on top, its sales tax.
  const toPay = useTaxedTotal(afterCoupon, target.kind);
  const short = balance < toPay;
  // The item's words ("this post by…", "Post unlocked") are one ICU select on its kind.
  const kind = target.kind;

  const signedIn = Boolean(me);
  // Each time the dialog opens: a clean state and a fresh balance.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setCoupon(null);
    reset();
    if (signedIn) void refresh();
  }, [open, signedIn, refresh, reset]);

  const reload = async () => {
    try {
      await onUnlocked();
    } catch {
      /* the item shows its lock until the next load */
    }
  };

  const unlock = () => {
    if (busy) return;
    setError(null);
    return pay(routes.wallet.charge, { params: { kind: target.kind, id: target.id }, body: coupon ? { couponCode: coupon.code } : {} }, {
      onPaid: async (r) => {
        setBalance(r.balance);
        message.success(tr('unlocked', { kind }));
        void revalidateRoutes(routes.wallet.search);
        void refresh();
        onClose();
        await reload();
      },
      onFailed: async (e, status) => {
        if (status === 409) {
          // Already bought (e.g. in another tab): just show it.
          message.info(specText(errorText(e)));
          onClose();
          await reload();
        } else {
          setError(specText(errorText(e)));
          void refresh();
        }
      },
    });
  };

  return (
    <Modal open={open} title={tr('unlockTitle', { price: money(price) })} onCancel={onClose} footer={null} destroyOnHidden width={460}>
      {!me ? (
        <>
          <p>{tr('logInToUnlock', { kind, name: target.creatorName })}</p>
          <div className={styles.footer}>
            <Button onClick={onClose}>{tr('cancel')}</Button>
            <Link href="/auth/login">
              <Button type="primary">{tr('logIn')}</Button>
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className={styles.intro}>{tr('unlockIntro', { kind, name: target.creatorName })}</p>
          <TestPaymentsNotice />
          <dl className={styles.rows}>
            <div>
              <dt>{tr('price')}</dt>
              <dd>
                {coupon && <span className={styles.strike}>{money(price)}</span>}
                <TaxedPrice amount={afterCoupon} kind={target.kind} />
              </dd>
            </div>
            <div>
              <dt>{tr('walletBalance')}</dt>
              <dd data-testid="unlock-balance">{money(balance)}</dd>
            </div>
          </dl>
          <TaxResidenceNotice />
          <CouponField id="unlock-coupon" performerId={target.performerId} applied={coupon} onChange={setCoupon} />
          {short && (
            <Alert
              type="warning"
              showIcon
              className={styles.below}
              title={tr('balanceLow')}
              description={
                <>{tr.rich('needMore', { amount: money(toPay - balance), link: (c) => <Link href="/user/wallet">{c}</Link> })}</>
              }
            />
          )}
          {error && <Alert type="error" showIcon className={styles.below} title={error} />}
          <div className={styles.footer}>
            <Button onClick={onClose}>{tr('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={short} onClick={() => void unlock()}>
              {tr('unlock')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
