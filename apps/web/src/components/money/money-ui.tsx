'use client';
/** Small building blocks shared by the creator money screens and the operator's payout table. */
import type { ReactNode } from 'react';
import { Avatar, Skeleton, Tag, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type MoneyUser } from '@stagepass/shared';
import { count, money } from '@/lib/format';
import css from './money-ui.module.css';

export { css as moneyCss };

export interface StatItem {
  key: string;
  label: string;
  value: number | null | undefined;
  /** A short explanation (shown under the figure). */
  hint?: ReactNode;
  /** A longer explanation behind an info icon. */
  info?: string;
  highlight?: boolean;
  /** Not money (e.g. a count). */
  plain?: boolean;
}

/** A row of figures as a description list (`<dl>`): screen readers read "Gross, $12.00". */
export function StatGrid({ items, loading, label }: { items: StatItem[]; loading?: boolean; label: string }) {
  return (
    <dl className={css.stats} aria-label={label} aria-busy={loading || undefined}>
      {items.map((it) => (
        <div key={it.key} className={`${css.stat} ${it.highlight ? css.highlight : ''}`} data-testid={`stat-${it.key}`}>
          <dt>
            {it.label}
            {it.info && (
              <Tooltip title={it.info}>
                <InfoCircleOutlined aria-label={it.info} role="img" tabIndex={0} />
              </Tooltip>
            )}
          </dt>
          <dd className={!loading && !it.plain && (it.value ?? 0) < 0 ? css.negativeFigure : undefined}>{loading ? <Skeleton.Input active size="small" className={css.figureSkeleton} /> : it.plain ? count(it.value) : money(it.value)}</dd>
          {/* A second <dd> of the same term: a <dl>'s groups hold only dt and dd (axe definition-list). */}
          {it.hint && <dd className={css.hint}>{it.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** A money cell: two decimals, tabular figures. */
export function Money({ value, strong }: { value: number | null | undefined; strong?: boolean }) {
  const text = money(value);
  return <span className={`${css.num} ${(value ?? 0) < 0 ? css.negative : ''}`}>{strong ? <strong>{text}</strong> : text}</span>;
}

/** A fan/creator in a money list (avatar + name; "Deleted user" when gone). */
export function MoneyUserCell({ user }: { user: MoneyUser | null | undefined }) {
  if (!user) return <span className="muted">Deleted user</span>;
  return (
    <span className={css.user}>
      <Avatar size={28} src={user.avatar || DEFAULT_AVATAR} alt="" />
      <span title={user.username ? `@${user.username}` : undefined}>{user.name || (user.username ? `@${user.username}` : 'Unknown')}</span>
    </span>
  );
}

/** "Jan 5, 2026" (no time). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const PAYOUT_STATUS_LABEL: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' },
  approved: { label: 'Approved', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

export function PayoutStatusTag({ status }: { status: string }) {
  const s = PAYOUT_STATUS_LABEL[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color}>
      {s.label}
    </Tag>
  );
}

export const payoutStatusOptions = Object.entries(PAYOUT_STATUS_LABEL).map(([value, s]) => ({ value, label: s.label }));
