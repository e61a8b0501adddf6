'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, Avatar, Button, Drawer } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useCurrentUser } from '@/store';
import { EmptyState } from '@/components/states';
import CartLineRow from './CartLineRow';
import { creatorHref } from './product-text';
import { useCartProducts, type CartGroup, type CartItem } from './useCartProducts';
import css from './cart.module.css';

function Lines({ items, cart, onNavigate }: { items: CartItem[]; cart: ReturnType<typeof useCartProducts>['cart']; onNavigate: () => void }) {
  return (
    <ul className={css.lines}>
      {items.map((it) => (
        <CartLineRow
          key={it.line.productId}
          item={it}
          onQuantity={(q) => cart.setQuantity(it.line.productId, q)}
          onRemove={() => cart.remove(it.line.productId)}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}

function Group({ group, cart, onNavigate }: { group: CartGroup; cart: ReturnType<typeof useCartProducts>['cart']; onNavigate: () => void }) {
  const t = useTranslations('cart');
  const { money } = useFormat();
  const c = group.performer;
  return (
    <section className={css.group} aria-label={t('from', { name: c.name })}>
      <Link href={creatorHref(c)} className={css.groupHead} onClick={onNavigate}>
        <Avatar src={c.avatar || DEFAULT_AVATAR} alt="" size={28} />
        <span>{c.name}</span>
      </Link>
      <Lines items={group.items} cart={cart} onNavigate={onNavigate} />
      {group.total > 0 && (
        <div className={css.subtotal}>
          <span>{t('subtotal', { withShipping: group.shipping > 0 ? 'yes' : 'no', shipping: money(group.shipping) })}</span>
          <strong>{money(group.total)}</strong>
        </div>
      )}
    </section>
  );
}

/**
 * The cart (spec §3): the stored lines with their products, grouped by creator (each creator's
 * products become their own orders), quantity steppers, Remove, a subtotal per creator and
 * Checkout → /checkout. Products no longer on sale stay listed as such (Remove them) and are left
 * out of the checkout.
 */
export default function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('cart');
  const { money } = useFormat();
  const router = useRouter();
  const me = useCurrentUser();
  const cp = useCartProducts({ enabled: open });
  const { cart, groups, items, totals, loading, error } = cp;
  const pending = items.filter((it) => !it.product && !it.problem);
  const gone = items.filter((it) => !it.product && it.problem);

  const footer =
    me && cart.lines.length > 0 ? (
      <div className={css.footer}>
        <div className={css.total}>
          <span>{t('total', { count: totals.items })}</span>
          <strong>{money(totals.total)}</strong>
        </div>
        <Button
          type="primary"
          size="large"
          block
          disabled={loading || totals.items === 0}
          onClick={() => {
            onClose();
            router.push('/checkout');
          }}
        >
          {t('checkout')}
        </Button>
      </div>
    ) : null;

  return (
    <Drawer open={open} onClose={onClose} placement="right" size={420} title={t('cart')} closable={{ 'aria-label': t('close') }} footer={footer} rootClassName={css.drawer}>
      {!me ? (
        <EmptyState
          title={t('logInTitle')}
          description={t('keptWithAccount')}
          action={
            <Link href="/auth/login" onClick={onClose}>
              <Button type="primary">{t('logIn')}</Button>
            </Link>
          }
        />
      ) : cart.lines.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyText')} action={<ShoppingOutlined className={css.emptyIcon} />} />
      ) : (
        <div className={css.body}>
          {Boolean(error) && <Alert type="warning" showIcon title={t('someFailed')} action={<Button size="small" onClick={() => void cp.reload()}>{t('tryAgain')}</Button>} />}
          {groups.map((g) => (
            <Group key={g.performer._id} group={g} cart={cart} onNavigate={onClose} />
          ))}
          {pending.length > 0 && <Lines items={pending} cart={cart} onNavigate={onClose} />}
          {gone.length > 0 && (
            <section className={css.group} aria-label={t('notAvailable')}>
              <div className={css.groupHead}>{t('notAvailable')}</div>
              <Lines items={gone} cart={cart} onNavigate={onClose} />
            </section>
          )}
        </div>
      )}
    </Drawer>
  );
}
