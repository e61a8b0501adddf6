'use client';
/**
 * A tier's bundles (issue 30 §2; subscriptions README "Bundles"): 3, 6 and 12 months, each on or
 * off, at a whole percentage off (1..the operator's bundleMaxDiscountPercent), with the price a fan
 * pays for it by THE price rule (`bundlePrice`). Saved with PUT /subscription-tiers/{id}/bundles.
 */
import { useState } from 'react';
import { Alert, App, Button, InputNumber, Modal, Switch } from 'antd';
import { BUNDLE_MONTHS, MESSAGES, bundlePrice, fromMinor, toMinor, type BundleMonths, type Tier } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import css from './tiers.module.css';

type Row = { months: BundleMonths; enabled: boolean; discountPercent: number | null };

export default function BundlesDialog({ tier, onClose, onSaved }: { tier: Tier; onClose: () => void; onSaved: () => void }) {
  const settings = useSettings();
  const { message } = App.useApp();
  const max = settings.bundleMaxDiscountPercent;
  const [rows, setRows] = useState<Row[]>(() =>
    BUNDLE_MONTHS.map((months) => {
      const b = tier.bundles?.find((x) => x.months === months);
      return { months, enabled: b?.enabled ?? false, discountPercent: b?.discountPercent ?? null };
    }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (i: number, patch: Partial<Row>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const save = async () => {
    // A length switched on needs a percentage; one never set and left off is not sent.
    const sent = rows.filter((r) => r.enabled || r.discountPercent !== null);
    const missing = sent.filter((r) => r.discountPercent === null);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((r) => [String(r.months), 'Enter a percentage'])));
      return;
    }
    // The API names a bundle by its place in the list sent (`bundles.<i>.discountPercent`): shown beside its length.
    const byMonths = (key: string) => sent[Number(key.split('.')[1])]?.months;
    setSaving(true);
    setFailure(null);
    setErrors({});
    try {
      await call(routes.subscriptions.setTierBundles, { params: { id: tier._id }, body: { bundles: sent.map((r) => ({ months: r.months, enabled: r.enabled, discountPercent: r.discountPercent! })) } });
      message.success(MESSAGES.changesSaved);
      onSaved();
    } catch (e) {
      const f = fieldErrors(e);
      setErrors(Object.fromEntries(Object.entries(f).map(([k, v]) => [String(byMonths(k) ?? k), v])));
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={`Bundles of ${tier.name}`} onCancel={onClose} footer={null} destroyOnHidden>
      {!settings.bundlesEnabled && <Alert type="info" showIcon title="Bundles are switched off on this site" className={css.alert} />}
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <p className="muted">
        Fans pay for several months at once, at a discount you choose (up to {max} %). The whole period is charged up front; fans choose to renew at the bundle or the monthly price. Changes apply to new
        bundles.
      </p>
      <ul className={css.bundles} aria-label="Bundles">
        {rows.map((r, i) => {
          const price = r.discountPercent ? fromMinor(bundlePrice(toMinor(tier.price), r.months, Math.min(r.discountPercent, max))) : null;
          const err = errors[String(r.months)];
          return (
            <li key={r.months} className={css.bundleRow}>
              <Switch checked={r.enabled} onChange={(on) => set(i, { enabled: on })} aria-label={`Offer ${r.months} months`} />
              <span className={css.bundleName}>{r.months} months</span>
              <InputNumber<number>
                aria-label={`${r.months}-month discount (%)`}
                min={1}
                max={max}
                precision={0}
                suffix="% off"
                value={r.discountPercent}
                onChange={(v) => set(i, { discountPercent: v ?? null })}
                status={err ? 'error' : undefined}
                className={css.percent}
              />
              <span className="muted">{price !== null ? `${money(price)} for ${r.months} months (${money(tier.price * r.months)} monthly)` : `${money(tier.price * r.months)} monthly`}</span>
              {err && (
                <span className="field-error" role="alert">
                  {err}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className={css.footer}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={saving} disabled={!settings.bundlesEnabled} onClick={() => void save()}>
          Save bundles
        </Button>
      </div>
    </Modal>
  );
}
