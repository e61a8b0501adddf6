'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { Select, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import type { Card } from '@stagepass/shared';
import { useCards } from '@/lib/use-cards';
import { cardLabel } from '@/lib/payments';
import css from './pay.module.css';

/**
 * A saved-card picker (antd Form control: value/onChange = card id) that defaults to the default
 * card once the cards load. With no card it shows `empty` (by default a link to /user/cards).
 */
export default function CardSelect({ id, value, onChange, empty }: { id?: string; value?: string; onChange?: (v: string) => void; empty?: React.ReactNode }) {
  const t = useTranslations('pay');
  const { cards, defaultCard, isLoading, data } = useCards();
  useEffect(() => {
    if (!value && defaultCard) onChange?.(defaultCard._id);
    else if (value && data && !cards.some((c) => c._id === value)) onChange?.(defaultCard?._id ?? (undefined as unknown as string));
  }, [value, defaultCard, cards, data, onChange]);
  if (isLoading) return <Skeleton.Input active block />;
  if (data && cards.length === 0)
    return (
      <div className="muted" role="status">
        {empty ?? t.rich('noCard', { link: (c) => <Link href="/user/cards">{c}</Link> })}
      </div>
    );
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      options={cards.map((c: Card) => ({ value: c._id, label: c.isDefault ? t('cardDefault', { card: cardLabel(c) }) : cardLabel(c) }))}
      placeholder={t('chooseCard')}
      className={css.full}
    />
  );
}
