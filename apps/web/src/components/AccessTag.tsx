'use client';
import { Tag } from 'antd';
import { CheckOutlined, GlobalOutlined, LockOutlined, TagOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/lib/format';

/**
 * Who may open a post, video or gallery, in one wording for every kind: `Free`, `Subscribers`,
 * the price while it is for sale (pay-per-view post, video or gallery for sale) and `Purchased`
 * once the viewer bought it (the `cards` messages, the price in the page's language).
 */
export type AccessRule = 'free' | 'subscribers' | 'paid';

/** A feed's visibility (`ppv`) or an asset's access (`sale`) → the one rule the tag shows. */
export function accessRule(access: string): AccessRule {
  return access === 'free' ? 'free' : access === 'subscribers' ? 'subscribers' : 'paid';
}

/** The tag's wording as a function, in the page's language: `const wording = useAccessWording(); wording(v.access, v.price, v.isBought)`. */
export function useAccessWording() {
  const t = useTranslations('cards');
  const f = useFormat();
  return (access: string, price: number | null | undefined, isBought?: boolean): string => {
    const rule = accessRule(access);
    if (rule === 'free') return t('accessFree');
    if (rule === 'subscribers') return t('accessSubscribers');
    return isBought ? t('accessPurchased') : f.money(price);
  };
}

const LOOK: Record<AccessRule | 'bought', { icon: React.ReactNode; color: string }> = {
  free: { icon: <GlobalOutlined aria-hidden="true" />, color: 'green' },
  subscribers: { icon: <LockOutlined aria-hidden="true" />, color: 'purple' },
  paid: { icon: <TagOutlined aria-hidden="true" />, color: 'gold' },
  bought: { icon: <CheckOutlined aria-hidden="true" />, color: 'gold' },
};

export default function AccessTag({ access, price, isBought, className }: { access: string; price: number | null | undefined; isBought?: boolean; className?: string }) {
  const wording = useAccessWording();
  const rule = accessRule(access);
  const look = LOOK[rule === 'paid' && isBought ? 'bought' : rule];
  return (
    <Tag icon={look.icon} color={look.color} variant="filled" className={className}>
      {wording(access, price, isBought)}
    </Tag>
  );
}
