'use client';
import Link from 'next/link';
import { Alert } from 'antd';
import { useTranslations } from 'next-intl';
import type { SaleTaxKind } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useSalesTax } from '@/lib/sales-tax';
import styles from './taxed-price.module.css';

/**
 * THE price display of every fan purchase (tips, purchases, subscriptions, products, stream
 * tickets, private show rates): the price and, in a taxed place, its sales tax — "$9.95 + $1.89
 * VAT" when added on top, "$9.95 incl. $1.59 VAT" when included — computed with the shared
 * `taxFor`, as the API charges (`amount` may be several sales charged one by one: a cart's
 * lines, each taxed on its own). `suffix` follows the price ("/month", "a minute"). Beside a pay
 * button, `TaxResidenceNotice` says when paying is refused until the fan states their region.
 */
export default function TaxedPrice({ amount, kind, suffix, className }: { amount: number | number[]; kind: SaleTaxKind; suffix?: string; className?: string }) {
  const t = useTranslations('pay');
  const { money } = useFormat();
  const { parts } = useSalesTax();
  const p = parts(amount, kind);
  return (
    <span className={className} data-testid="taxed-price">
      {money(p.price)}
      {/* A unit sticks to the price ("$9.95/mo"); words follow it after a space ("$3.00 a minute"). */}
      {suffix ? (suffix.startsWith('/') ? suffix : ` ${suffix}`) : ''}
      {p.rule && (
        <span className={styles.tax}>
          {' '}
          {p.rule.inclusive ? t('taxIncluded', { tax: money(p.tax), label: p.rule.label }) : t('taxAdded', { tax: money(p.tax), label: p.rule.label })}
        </span>
      )}
    </span>
  );
}

/** Shown only while paying is refused (422 tax_residence_required) until a US / Canadian fan states their region. */
export function TaxResidenceNotice() {
  const t = useTranslations('pay');
  const { residenceRequired } = useSalesTax();
  if (!residenceRequired) return null;
  return (
    <Alert
      type="info"
      showIcon
      className={styles.notice}
      title={t('residenceTitle')}
      description={t.rich('residenceText', { link: (c) => <Link href="/user/account#tax-residence">{c}</Link> })}
    />
  );
}

/** What the fan pays for `amount` of `kind` (the tax added on top when exclusive): for balance checks and "You pay" lines. */
export function useTaxedTotal(amount: number | number[] | undefined, kind: SaleTaxKind): number {
  const { parts } = useSalesTax();
  return parts(amount ?? 0, kind).total;
}
