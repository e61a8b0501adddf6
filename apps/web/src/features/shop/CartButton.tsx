'use client';
import { useId } from 'react';
import dynamic from 'next/dynamic';
import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useLatch } from '@/lib/use-latch';
import { useCart, useCartDrawer } from './useCart';
import css from './cart.module.css';

/** The drawer (and the product reads behind it) is fetched the first time the cart opens. */
const CartDrawer = dynamic(() => import('./CartDrawer'), { ssr: false });

/**
 * The header's cart (signed-in fans): a button named `Cart` with the number of units as a badge
 * (also said through its description), opening the cart drawer — which "View cart" on a product
 * page opens too (`openCart`).
 */
export default function CartButton({ className }: { className?: string }) {
  const t = useTranslations('cart');
  const { count } = useCart();
  const { open, setOpen } = useCartDrawer();
  const mounted = useLatch(open);
  const descId = useId();
  return (
    <span className={className}>
      <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<ShoppingCartOutlined className={css.cartIcon} />}
          aria-label={t('cart')}
          aria-describedby={descId}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="cart-button"
          onClick={() => setOpen(true)}
        />
      </Badge>
      <span id={descId} className={css.srOnly}>
        {count > 0 ? t('inCart', { count }) : t('empty')}
      </span>
      {mounted && <CartDrawer open={open} onClose={() => setOpen(false)} />}
    </span>
  );
}
