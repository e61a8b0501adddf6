'use client';
import Link from 'next/link';
import { Skeleton, Tag } from 'antd';
import CoverImage from '@/components/CoverImage';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Product } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { stockBadge } from './product-text';
import css from './shop.module.css';

/** Badge colours with white text at ≥ 4.5:1 (antd's preset green and orange are lighter). */
const TONE_CLASS = { digital: css.toneDigital, ok: css.toneOk, low: css.toneLow, out: css.toneOut } as const;

/** A product in a grid (creator's shop tab, bookmarks): picture, name, price and stock badge (the `cards` messages); links to /product/{id}. */
export default function ProductCard({ product: p }: { product: Pick<Product, '_id' | 'name' | 'price' | 'image' | 'type' | 'stock'> }) {
  const t = useTranslations('cards');
  const f = useFormat();
  const badge = stockBadge(p);
  const badgeText = t(badge.key, badge.values);
  return (
    <Link href={`/product/${p._id}`} className={css.card} aria-label={`${p.name}, ${f.money(p.price)}, ${badgeText}`}>
      <div className={css.cardMedia}>
        {p.image ? (
          <CoverImage src={p.image} />
        ) : (
          <span className={css.cardNoImage} aria-hidden="true">
            <PictureOutlined />
          </span>
        )}
        <Tag variant="solid" className={`${css.cardBadge} ${TONE_CLASS[badge.tone]}`}>
          {badgeText}
        </Tag>
      </div>
      <div className={css.cardBody}>
        <span className={css.cardName}>{p.name}</span>
        <span className={css.cardPrice}>{f.money(p.price)}</span>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={css.cardSkeleton} aria-hidden="true">
      <Skeleton.Node active className={css.cardSkeletonMedia}>
        <PictureOutlined />
      </Skeleton.Node>
      <Skeleton active title={false} paragraph={{ rows: 2, width: ['80%', '40%'] }} />
    </div>
  );
}
