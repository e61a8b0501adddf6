'use client';
/**
 * A subscription's price on the fan's page (issue 30 §2): a bundle shows "12-month bundle", what it
 * cost, and how it renews — "renews on … at …" — with the fan's choice of bundle or monthly renewal
 * (POST /subscriptions/{id}/renewal; changeable until the renewal, whichever gateway bills it). A
 * monthly one shows its price per month.
 */
import { useState } from 'react';
import { App, Select } from 'antd';
import { useTranslations } from 'next-intl';
import type { RenewAs, Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { moneyStyles } from '@/components/money/cells';

export default function BundleRenewal({ s, onChanged }: { s: Subscription; onChanged: () => void }) {
  const { message } = App.useApp();
  const t = useTranslations('subscriptions');
  const fmt = useFormat();
  const money = fmt.money;
  const shortDate = fmt.shortDate;
  const [busy, setBusy] = useState(false);
  const renews = s.renewing && s.status === 'active';
  if (!s.bundle)
    return (
      <span className={moneyStyles.stack}>
        <span className={moneyStyles.amount}>{t('pricePerMonth', { price: money(s.price) })}</span>
        {renews && s.renewalPrice !== undefined && s.renewalPrice !== s.price && (
          <span className={`muted ${moneyStyles.small}`}>{t('renewsOnAt', { date: shortDate(s.expiresAt), price: money(s.renewalPrice) })}</span>
        )}
      </span>
    );
  const choose = async (renewAs: RenewAs) => {
    setBusy(true);
    try {
      const r = await call(routes.subscriptions.setRenewal, { params: { id: s._id }, body: { renewAs } });
      message.success(renewAs === 'bundle' ? t('willRenewBundle', { months: r.bundle?.months ?? 0, price: money(r.renewalPrice ?? 0) }) : t('willRenewMonthly', { price: money(r.renewalPrice ?? 0) }));
      onChanged();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const label = t('bundleLabel', { months: s.bundle.months });
  return (
    <span className={moneyStyles.stack}>
      <span>
        <strong>{label}</strong> <span className={moneyStyles.amount}>{money(s.bundle.price)}</span>
      </span>
      {renews ? (
        <span className={`muted ${moneyStyles.small}`} data-testid="bundle-renewal">
          {t(s.renewAs === 'monthly' ? 'renewsMonthly' : 'renewsBundle', { date: shortDate(s.expiresAt), price: money(s.renewalPrice ?? s.bundle.price), months: s.bundle.months })}
        </span>
      ) : (
        s.isActive && <span className={`muted ${moneyStyles.small}`}>{t('paidUntil', { date: shortDate(s.expiresAt) })}</span>
      )}
      {renews && (
        <Select<RenewAs>
          size="small"
          value={s.renewAs ?? 'bundle'}
          loading={busy}
          disabled={busy}
          onChange={(v) => void choose(v)}
          aria-label={s.performer ? t('howRenews', { name: s.performer.name }) : t('howRenewsUnknown')}
          options={[
            { value: 'bundle', label: t('renewAsBundle', { label }) },
            { value: 'monthly', label: t('renewMonthly', { price: money(s.price) }) },
          ]}
        />
      )}
    </span>
  );
}
