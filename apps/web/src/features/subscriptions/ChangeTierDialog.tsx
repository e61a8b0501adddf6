'use client';
/**
 * Changing a subscription's tier (issue 30 §1, POST /subscriptions/{id}/tier): a higher tier is
 * charged now — the difference for the rest of the paid month, on the subscription's card — and
 * opens its content at once; a lower one starts at the next renewal. One Idempotency-Key per intent.
 */
import { useState } from 'react';
import { Alert, App, Modal, Radio, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { proratedUpgrade, toMinor, fromMinor, type Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { ErrorState } from '@/components/states';
import TierBadge from '@/components/tiers/TierBadge';
import css from './tiers.module.css';

/** The current period: the calendar month ending at `expiresAt` (as the API counts it). */
function periodStart(s: Subscription): Date {
  const end = new Date(s.expiresAt);
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start.getTime() < new Date(s.startsAt).getTime() ? new Date(s.startsAt) : start;
}

export default function ChangeTierDialog({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const { message } = App.useApp();
  const t = useTranslations('subscriptions');
  const fmt = useFormat();
  const money = fmt.money;
  const shortDate = fmt.shortDate;
  const tiers = useRoute(routes.subscriptions.tiersOf, { params: { id: sub.performerId } });
  const [tierId, setTierId] = useState<string | undefined>(sub.pendingTier?._id ?? sub.tier?._id);
  const [error, setError] = useState<string | null>(null);
  const { pay, busy } = useIdempotentPay();
  const list = tiers.data ?? [];
  const target = list.find((x) => x._id === tierId);
  const currentRank = sub.tier?.position ?? 1;
  const upgrade = target && target.position > currentRank;
  const due = upgrade ? fromMinor(proratedUpgrade({ oldPrice: toMinor(sub.price), newPrice: toMinor(target.price), periodStart: periodStart(sub), periodEnd: new Date(sub.expiresAt), now: new Date() })) : 0;
  const submit = () => {
    if (!target || busy) return;
    setError(null);
    return pay(routes.subscriptions.changeTier, { params: { id: sub._id }, body: { tierId: target._id } }, {
      onPaid: (r) => {
        if (r.kind === 'upgrade') message.success(r.charged ? t('upgradedCharged', { name: target.name, price: money(r.charged) }) : t('upgraded', { name: target.name }));
        else if (r.kind === 'downgrade') message.success(t('downgradeStarts', { name: target.name, date: shortDate(r.effectiveAt!) }));
        else message.success(t('stayOn', { name: target.name }));
        void revalidateRoutes(routes.subscriptions.mine, routes.payments.transactions);
        onClose();
      },
      onFailed: (e) => setError(errorText(e)),
    });
  };
  const name = sub.performer?.name || t('thisCreator');
  return (
    <Modal open title={t('changeTierTitle', { name })} onCancel={onClose} onOk={() => void submit()} okText={upgrade ? (due ? t('upgradeAndPay', { price: money(due) }) : t('upgrade')) : t('changeTier')} okButtonProps={{ loading: busy, disabled: !target || target._id === (sub.pendingTier?._id ?? sub.tier?._id) }} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} className={css.alert} />}
      {tiers.error && !tiers.data ? (
        <ErrorState title={t('tiersFailed')} message={errorText(tiers.error)} onRetry={() => void tiers.mutate()} />
      ) : !tiers.data ? (
        <div aria-busy="true" aria-label={t('loadingTiers')}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      ) : (
        <>
          <Radio.Group value={tierId} onChange={(e) => setTierId(e.target.value)} className={css.choices} aria-label={t('tier')}>
            {list.map((x) => (
              <div key={x._id} className={`${css.choice} ${tierId === x._id ? css.choiceOn : ''}`}>
                <Radio value={x._id} aria-label={t('tierOption', { name: x.name, price: money(x.price) })}>
                  <span className={css.title}>
                    <TierBadge tier={x} /> <strong>{money(x.price)}</strong> <span className="muted">{t('slashMonth')}</span>
                    {x._id === sub.tier?._id && <span className="muted">{t('yourTier')}</span>}
                  </span>
                </Radio>
                {x.description && <span className="muted">{x.description}</span>}
              </div>
            ))}
          </Radio.Group>
          <p className={`muted ${css.label}`} role="status" aria-live="polite">
            {!target || target._id === sub.tier?._id
              ? sub.pendingTier
                ? t('changingTo', { name: sub.pendingTier.name, date: shortDate(sub.expiresAt) })
                : t('chooseTier')
              : upgrade
                ? t('upgradeDue', { due: money(due), price: money(target.price) })
                : t('downgradeAt', { name: target.name, date: shortDate(sub.expiresAt), price: money(target.price) })}
          </p>
        </>
      )}
    </Modal>
  );
}
