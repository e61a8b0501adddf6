'use client';
import Link from 'next/link';
import { Avatar } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type MoneyUser } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import styles from './cells.module.css';

export { styles as moneyStyles };

/** A creator in a money table: avatar + name, linking to their profile. */
export function CreatorCell({ user }: { user: MoneyUser | null }) {
  if (!user) return <span className="muted">—</span>;
  return (
    <Link href={`/${user.username || user._id}`} className={styles.who}>
      <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={28} />
      <span>{user.name}</span>
    </Link>
  );
}

/** An amount with 2 decimals; the original price struck through when a coupon lowered it. */
export function AmountCell({ amount, original }: { amount: number; original?: number }) {
  const t = useTranslations('pay');
  const { money } = useFormat();
  return (
    <span className={styles.amount}>
      {original !== undefined && original !== amount && (
        <span className={styles.strike} aria-label={t('wasPrice', { price: money(original) })}>
          {money(original)}
        </span>
      )}
      {money(amount)}
    </span>
  );
}
