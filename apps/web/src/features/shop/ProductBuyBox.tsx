'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Flex, InputNumber } from 'antd';
import { CheckCircleFilled, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Product } from '@stagepass/shared';
import { useCurrentUser } from '@/store';
import DownloadButton from './DownloadButton';
import { openCart, useCart } from './useCart';
import { cartProblemKey, maxQuantity } from './product-text';
import css from './shop.module.css';

/**
 * The product page's buying box: quantity (physical: 1..stock; digital: 1) and "Add to cart" for
 * fans; "Download" for a digital product the viewer bought; "Edit" for the owner. Anonymous
 * visitors are asked to log in; creators cannot spend from a wallet, so they only see the price.
 */
export default function ProductBuyBox({ product: p }: { product: Product }) {
  const { message } = App.useApp();
  const t = useTranslations('shop');
  const me = useCurrentUser();
  const cart = useCart();
  const [quantity, setQuantity] = useState<number | null>(1);
  const isOwner = Boolean(me && me._id === p.performerId);
  const max = maxQuantity(p);
  const inCart = cart.lines.find((l) => l.productId === p._id)?.quantity ?? 0;
  const problem = cartProblemKey(p, me?._id ?? null);
  const canDownload = p.type === 'digital' && (p.isBought || isOwner) && p.hasDigitalFile;

  const add = () => {
    const q = p.type === 'digital' ? 1 : Math.max(1, Math.min(max, Math.floor(quantity ?? 1)));
    const result = cart.add(p._id, q, max);
    if (result === 'full') message.warning(t('cartFull'));
    else message.success(p.type === 'digital' && inCart ? t('alreadyInCart') : t('addedToCart'));
  };

  const addButton = (
    <Button type="primary" size="large" icon={<ShoppingCartOutlined aria-hidden="true" />} onClick={add} disabled={Boolean(problem) || (p.type === 'digital' && inCart > 0)}>
      {t('addToCart')}
    </Button>
  );

  return (
    <div className={css.buyBox}>
      {isOwner ? (
        <Flex gap={8} wrap>
          <Link href={`/creator/products/${p._id}/edit`}>
            <Button icon={<EditOutlined aria-hidden="true" />} size="large">
              {t('edit')}
            </Button>
          </Link>
          {canDownload && <DownloadButton productId={p._id} type="default" size="large" />}
        </Flex>
      ) : canDownload ? (
        <div className={css.owned}>
          <span className={css.ownedText}>
            <CheckCircleFilled aria-hidden="true" className={css.ownedIcon} /> {t('boughtThis')}
          </span>
          <DownloadButton productId={p._id} size="large" />
          <Link href="/user/orders">{t('yourOrders')}</Link>
        </div>
      ) : !me ? (
        <Alert
          type="info"
          showIcon
          title={t('logInToBuy')}
          description={t('cartKept')}
          action={
            <Link href="/auth/login">
              <Button type="primary">{t('logIn')}</Button>
            </Link>
          }
        />
      ) : me.isPerformer ? (
        <p className="muted">{t('creatorsCantBuy')}</p>
      ) : (
        <>
          {p.type === 'physical' && (
            <div className={css.qtyRow}>
              <label htmlFor="product-quantity" className={css.qtyLabel}>
                {t('quantity')}
              </label>
              <InputNumber
                id="product-quantity"
                min={1}
                max={Math.max(1, max)}
                precision={0}
                value={quantity}
                onChange={(v) => setQuantity(v)}
                disabled={max === 0}
                className={css.qtyInput}
              />
            </div>
          )}
          <Flex gap={8} wrap align="center">
            {addButton}
            {inCart > 0 && (
              <Button size="large" onClick={openCart}>
                {t('viewCart', { count: inCart })}
              </Button>
            )}
          </Flex>
          {problem && problem !== 'soldOut' && <p className={`muted ${css.problem}`}>{t(problem)}</p>}
          {p.type === 'digital' && <p className={`muted ${css.hint}`}>{t('digitalHint')}</p>}
        </>
      )}
    </div>
  );
}
