'use client';
import Link from 'next/link';
import { Image, Skeleton, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { Product } from '@stagepass/shared';
import { money } from '@/lib/format';
import { stockBadge } from './product-text';
import css from './shop.module.css';

const TONE_COLOR = { digital: 'purple', ok: 'green', low: 'orange', out: 'default' } as const;

/** A product in a grid (creator's shop tab, bookmarks): picture, name, price and stock badge; links to /product/{id}. */
export default function ProductCard({ product: p }: { product: Pick<Product, '_id' | 'name' | 'price' | 'image' | 'type' | 'stock'> }) {
  const badge = stockBadge(p);
  return (
    <Link href={`/product/${p._id}`} className={css.card} aria-label={`${p.name}, ${money(p.price)}, ${badge.text}`}>
      <div className={css.cardMedia}>
        {p.image ? (
          <Image src={p.image} alt="" preview={false} rootClassName={css.cardImage} />
        ) : (
          <span className={css.cardNoImage} aria-hidden="true">
            <PictureOutlined />
          </span>
        )}
        <Tag color={TONE_COLOR[badge.tone]} variant="solid" className={css.cardBadge}>
          {badge.text}
        </Tag>
      </div>
      <div className={css.cardBody}>
        <span className={css.cardName}>{p.name}</span>
        <span className={css.cardPrice}>{money(p.price)}</span>
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
