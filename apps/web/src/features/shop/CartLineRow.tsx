'use client';
import Link from 'next/link';
import { Button, InputNumber, Skeleton, Tag } from 'antd';
import { DeleteOutlined, MinusOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import CoverImage from '@/components/CoverImage';
import { useFormat } from '@/lib/format';
import { CART_QUANTITY_MAX } from './cart';
import type { CartItem } from './useCartProducts';
import css from './cart.module.css';

/**
 * One line of the cart (drawer and checkout): picture, name (a link to the product), unit price
 * and shipping, a quantity stepper (physical products, 1..stock) and Remove. A line that cannot be
 * bought says why and is left out of the checkout.
 */
export default function CartLineRow({ item, onQuantity, onRemove, onNavigate }: { item: CartItem; onQuantity: (q: number) => void; onRemove: () => void; onNavigate?: () => void }) {
  const t = useTranslations('cart');
  const { money } = useFormat();
  const { product: p, line, problem } = item;
  if (!p && !problem)
    return (
      <li className={css.line} aria-busy="true" aria-label={t('loadingProduct')}>
        <Skeleton.Avatar active shape="square" size={56} />
        <Skeleton active title={false} paragraph={{ rows: 2, width: ['70%', '40%'] }} />
      </li>
    );
  const name = p?.name ?? t('unavailableProduct');
  const max = p?.type === 'physical' ? Math.max(1, Math.min(CART_QUANTITY_MAX, p.stock ?? 1)) : 1;
  const stepper = p?.type === 'physical' && !problem;
  return (
    <li className={`${css.line}${problem ? ` ${css.lineOff}` : ''}`} aria-label={name}>
      <div className={css.thumb}>
        {p?.image ? <CoverImage src={p.image} /> : <PictureOutlined aria-hidden="true" />}
      </div>
      <div className={css.lineBody}>
        {p ? (
          <Link href={`/product/${p._id}`} className={css.lineName} onClick={onNavigate}>
            {p.name}
          </Link>
        ) : (
          <span className={css.lineName}>{name}</span>
        )}
        {p && (
          <span className={css.lineMeta}>
            {t('lineMeta', { kind: p.type === 'physical' ? (p.shippingFee > 0 ? 'shipping' : 'freeShipping') : 'digital', price: money(p.price), fee: money(p.shippingFee) })}
          </span>
        )}
        {problem && (
          <Tag color="error" variant="filled" className={css.problemTag}>
            {t(problem)}
          </Tag>
        )}
        {!problem && p?.type === 'physical' && p.stock !== null && p.stock <= 5 && <span className={css.low}>{t('onlyLeft', { count: p.stock })}</span>}
        <div className={css.lineControls}>
          {stepper ? (
            <span className={css.stepper}>
              <Button size="small" icon={<MinusOutlined />} aria-label={t('fewer', { name })} disabled={line.quantity <= 1} onClick={() => onQuantity(line.quantity - 1)} />
              <InputNumber
                size="small"
                min={1}
                max={max}
                precision={0}
                controls={false}
                value={line.quantity}
                aria-label={t('quantityOf', { name })}
                onChange={(v) => typeof v === 'number' && v >= 1 && onQuantity(Math.min(max, v))}
                className={css.stepperInput}
              />
              <Button size="small" icon={<PlusOutlined />} aria-label={t('more', { name })} disabled={line.quantity >= max} onClick={() => onQuantity(line.quantity + 1)} />
            </span>
          ) : (
            !problem && <span className="muted">{t('qty', { count: line.quantity })}</span>
          )}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('removeName', { name })} onClick={onRemove}>
            {t('remove')}
          </Button>
        </div>
      </div>
      {!problem && p && <span className={css.lineTotal}>{money(item.total)}</span>}
    </li>
  );
}
