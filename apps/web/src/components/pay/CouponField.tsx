'use client';
import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { discountedMinor, fromMinor, toMinor, type AppliedCoupon } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import css from './pay.module.css';

/**
 * Optional coupon code with an Apply button: POST /coupons/{code}/apply-coupon {performerId}
 * checks it (does not use it). `onChange` gets the applied coupon, or null when cleared/invalid.
 */
export default function CouponField({ performerId, applied, onChange, id = 'coupon-code' }: { performerId?: string; applied: AppliedCoupon | null; onChange: (c: AppliedCoupon | null) => void; id?: string }) {
  const t = useTranslations('pay');
  const f = useFormat();
  const specText = useSpecText();
  const [code, setCode] = useState(applied?.code || '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    const c = code.trim();
    if (!c) {
      setError(t('couponEnter'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await call(routes.coupons.apply, { params: { code: c }, body: performerId ? { performerId } : {} });
      onChange(r);
    } catch (e) {
      onChange(null);
      setError(specText(errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className={css.label}>
        {t.rich('couponLabel', { muted: (c) => <span className="muted">{c}</span> })}
      </label>
      <Space.Compact block>
        <Input
          id={id}
          value={code}
          maxLength={60}
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : applied ? `${id}-ok` : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
            if (applied) onChange(null);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            void apply();
          }}
        />
        <Button onClick={() => void apply()} loading={busy}>
          {t('apply')}
        </Button>
      </Space.Compact>
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
      {applied && !error && (
        <div id={`${id}-ok`} role="status" className={css.applied}>
          <Tag color="green" icon={<CheckCircleFilled />} variant="filled">
            {t('couponOff', { code: applied.code.toUpperCase(), percent: f.percent(applied.percentage) })}
          </Tag>
        </div>
      )}
    </div>
  );
}

/** The price after a percentage coupon: the API's own rule (packages/shared discountedMinor). */
export function discounted(price: number, coupon: AppliedCoupon | null): number {
  return coupon ? fromMinor(discountedMinor(toMinor(price), coupon.percentage)) : price;
}
