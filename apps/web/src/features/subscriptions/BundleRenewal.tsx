'use client';
/**
 * A subscription's price on the fan's page (issue 30 §2): a bundle shows "12-month bundle", what it
 * cost, and how it renews — "renews on … at …" — with the fan's choice of bundle or monthly renewal
 * (POST /subscriptions/{id}/renewal; changeable until the renewal, whichever gateway bills it). A
 * monthly one shows its price per month.
 */
import { useState } from 'react';
import { App, Select } from 'antd';
import type { RenewAs, Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { shortDate } from '@/components/list/table-helpers';
import { moneyStyles } from '@/components/money/cells';

export default function BundleRenewal({ s, onChanged }: { s: Subscription; onChanged: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const renews = s.renewing && s.status === 'active';
  if (!s.bundle)
    return (
      <span className={moneyStyles.stack}>
        <span className={moneyStyles.amount}>{money(s.price)} / month</span>
        {renews && s.renewalPrice !== undefined && s.renewalPrice !== s.price && (
          <span className={`muted ${moneyStyles.small}`}>
            renews on {shortDate(s.expiresAt)} at {money(s.renewalPrice)}
          </span>
        )}
      </span>
    );
  const choose = async (renewAs: RenewAs) => {
    setBusy(true);
    try {
      const r = await call(routes.subscriptions.setRenewal, { params: { id: s._id }, body: { renewAs } });
      message.success(renewAs === 'bundle' ? `It will renew as a ${r.bundle?.months}-month bundle at ${money(r.renewalPrice ?? 0)}` : `It will renew monthly at ${money(r.renewalPrice ?? 0)}`);
      onChanged();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const label = `${s.bundle.months}-month bundle`;
  return (
    <span className={moneyStyles.stack}>
      <span>
        <strong>{label}</strong> <span className={moneyStyles.amount}>{money(s.bundle.price)}</span>
      </span>
      {renews ? (
        <span className={`muted ${moneyStyles.small}`} data-testid="bundle-renewal">
          renews on {shortDate(s.expiresAt)} at {money(s.renewalPrice ?? s.bundle.price)}
          {s.renewAs === 'monthly' ? ' a month' : ` for ${s.bundle.months} months`}
        </span>
      ) : (
        s.isActive && <span className={`muted ${moneyStyles.small}`}>paid until {shortDate(s.expiresAt)}</span>
      )}
      {renews && (
        <Select<RenewAs>
          size="small"
          value={s.renewAs ?? 'bundle'}
          loading={busy}
          disabled={busy}
          onChange={(v) => void choose(v)}
          aria-label={`How your subscription to ${s.performer?.name || 'this creator'} renews`}
          options={[
            { value: 'bundle', label: `Renew as ${label}` },
            { value: 'monthly', label: `Renew monthly (${money(s.price)})` },
          ]}
        />
      )}
    </span>
  );
}
