'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, App, Avatar, Button, Card, Input, Skeleton } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { revalidateRoutes } from '@/lib/swr';
import { useBalance } from '@/lib/payments';
import { useCurrentUser } from '@/store';
import { EmptyState } from '@/components/states';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import TaxedPrice, { TaxResidenceNotice, useTaxedTotal } from '@/components/money/TaxedPrice';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import AddressPicker from './AddressPicker';
import CartLineRow from './CartLineRow';
import { creatorHref } from './product-text';
import { useCartProducts, type CartGroup } from './useCartProducts';
import TopUpButton from '@/features/wallet/TopUpButton';
import css from './checkout.module.css';

/** ORDER_NOTE_MAX of the shared contract. */
const NOTE_MAX = 500;

function GroupCard({ group, cart }: { group: CartGroup; cart: ReturnType<typeof useCartProducts>['cart'] }) {
  const c = group.performer;
  const t = useTranslations('shop');
  const { money } = useFormat();
  return (
    <Card size="small" className={css.groupCard} title={
      <Link href={creatorHref(c)} className={css.groupHead}>
        <Avatar src={c.avatar || DEFAULT_AVATAR} alt="" size={28} />
        <span>{c.name}</span>
      </Link>
    }>
      <ul className={css.lines} aria-label={t('productsFrom', { name: c.name })}>
        {group.items.map((it) => (
          <CartLineRow key={it.line.productId} item={it} onQuantity={(q) => cart.setQuantity(it.line.productId, q)} onRemove={() => cart.remove(it.line.productId)} />
        ))}
      </ul>
      {group.total > 0 && (
        <div className={css.groupTotal}>
          <span>
            {group.shipping > 0 ? t('subtotalShipping', { subtotal: money(group.subtotal), shipping: money(group.shipping) }) : t('subtotalLine', { subtotal: money(group.subtotal) })}
          </span>
          <strong>{money(group.total)}</strong>
        </div>
      )}
    </Card>
  );
}

/**
 * /checkout: the cart grouped by creator, the delivery address (the fan's own; required when a
 * product is physical), a note, the summary and the wallet balance → "Pay $X.XX" = POST
 * /wallet/charges/cart with an Idempotency-Key (the same key when the same cart is paid again after
 * no answer). All or nothing: on success the bought lines leave the cart and the orders open.
 */
export default function CheckoutPage() {
  const { message } = App.useApp();
  const t = useTranslations('shop');
  const specText = useSpecText();
  const { money } = useFormat();
  const router = useRouter();
  const me = useCurrentUser();
  const cp = useCartProducts({ fresh: true });
  const { cart, groups, items, buyable, totals, needsAddress, loading } = cp;
  const { balance, setBalance, refresh } = useBalance();
  const { pay, busy } = useIdempotentPay();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<{ text: string; status: number } | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const gone = items.filter((it) => !it.product && it.problem);
  // One charge per line, each with its sales tax (added on top where the fan's place says so).
  const lineTotals = buyable.map((it) => it.total);
  const toPay = useTaxedTotal(lineTotals, 'product');
  const short = toPay > balance;
  const missingAddress = needsAddress && !addressId;

  const submit = () => {
    if (busy || buyable.length === 0 || missingAddress) return;
    setFailure(null);
    const body = {
      items: buyable.map((it) => ({ productId: it.line.productId, quantity: it.line.quantity })),
      ...(needsAddress && addressId ? { deliveryAddressId: addressId } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    return pay(routes.wallet.cart, { body }, {
      onPaid: async (r) => {
        setDone(true);
        setBalance(r.balance);
        cart.remove(r.orders.map((o) => o.productId).filter((id): id is string => Boolean(id)).concat(body.items.map((l) => l.productId)));
        void revalidateRoutes(routes.orders.searchOwn, routes.wallet.search, routes.products.get);
        message.success(t('orderPlaced'));
        router.push('/user/orders');
      },
      onFailed: async (e, status) => {
        setFailure({ text: specText(errorText(e)), status });
        void refresh();
        // Stock, prices or availability may have changed: read the products again.
        if (status === 404 || status === 409 || status === 422) void cp.reload();
      },
    });
  };

  if (me?.isPerformer)
    return (
      <div className={`container page ${css.page}`}>
        <Card>
          <EmptyState title={t('creatorsCantBuyTitle')} description={t('creatorsCantBuyText')} />
        </Card>
      </div>
    );

  const empty = cart.lines.length === 0;

  return (
    <div className={`container page ${css.page}`}>
      <h1 className="page-title">{t('checkoutTitle')}</h1>
      <p className="page-lead">{t('checkoutLead')}</p>
      {empty ? (
        <Card>
          <EmptyState
            title={done ? t('orderPlaced') : t('cartEmpty')}
            description={done ? t('openingOrders') : t('cartEmptyText')}
            action={
              <Link href={done ? '/user/orders' : '/search'}>
                <Button type="primary">{done ? t('myOrders') : t('explore')}</Button>
              </Link>
            }
          />
        </Card>
      ) : (
        <div className={css.layout}>
          <div className={css.main}>
            {loading && groups.length === 0 ? (
              <Card aria-busy="true" aria-label={t('loadingCart')}>
                <Skeleton active avatar paragraph={{ rows: 3 }} />
              </Card>
            ) : (
              groups.map((g) => <GroupCard key={g.performer._id} group={g} cart={cart} />)
            )}
            {gone.length > 0 && (
              <Card size="small" title={t('notAvailable')} className={css.groupCard}>
                <ul className={css.lines} aria-label={t('productsNotAvailable')}>
                  {gone.map((it) => (
                    <CartLineRow key={it.line.productId} item={it} onQuantity={() => undefined} onRemove={() => cart.remove(it.line.productId)} />
                  ))}
                </ul>
                <p className={`muted ${css.small}`}>{t('leftOut')}</p>
              </Card>
            )}
            {needsAddress && (
              <Card size="small" title={t('deliveryAddress')} className={css.groupCard}>
                <AddressPicker value={addressId} onChange={setAddressId} />
              </Card>
            )}
            <Card size="small" title={<label htmlFor="checkout-note">{t('note')}</label>} className={css.groupCard}>
              <Input.TextArea
                id="checkout-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={NOTE_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                placeholder={t('notePlaceholder')}
              />
            </Card>
          </div>
          <aside className={css.summary} aria-label={t('summaryLabel')}>
            <Card>
              <h2 className={css.summaryTitle}>{t('summary')}</h2>
              <dl className={css.rows}>
                <div>
                  <dt>{t('items')}</dt>
                  <dd>{t('itemsCount', { count: totals.items })}</dd>
                </div>
                <div>
                  <dt>{t('subtotal')}</dt>
                  <dd>{money(totals.subtotal)}</dd>
                </div>
                <div>
                  <dt>{t('shipping')}</dt>
                  <dd>{totals.shipping > 0 ? money(totals.shipping) : t('free')}</dd>
                </div>
                <div className={css.totalRow}>
                  <dt>{t('total')}</dt>
                  <dd>
                    <TaxedPrice amount={lineTotals} kind="product" />
                  </dd>
                </div>
                <div>
                  <dt>{t('walletBalance')}</dt>
                  <dd data-testid="checkout-balance">{money(balance)}</dd>
                </div>
              </dl>
              <TestPaymentsNotice />
              <TaxResidenceNotice />
              {short && !loading && (
                <Alert
                  type="warning"
                  showIcon
                  className={css.alert}
                  title={t('balanceLow')}
                  description={
                    <>
                      {t('needMore', { amount: money(toPay - balance) })} <TopUpButton need={toPay - balance} className={css.inlineLink} />
                    </>
                  }
                />
              )}
              {missingAddress && !loading && <p className={`muted ${css.small}`}>{t('chooseAddress')}</p>}
              {failure && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  className={css.alert}
                  title={failure.status === 422 ? t('orderFailed') : t('paymentFailed')}
                  description={
                    <>
                      {failure.text}
                      {failure.status === 422 && (
                        <>
                          {' '}
                          <TopUpButton need={toPay - balance} className={css.inlineLink} />
                        </>
                      )}
                    </>
                  }
                />
              )}
              <Button
                type="primary"
                size="large"
                block
                icon={<LockOutlined aria-hidden="true" />}
                loading={busy}
                disabled={loading || buyable.length === 0 || missingAddress || short}
                onClick={() => void submit()}
              >
                {t('pay', { amount: money(toPay) })}
              </Button>
            </Card>
          </aside>
        </div>
      )}
    </div>
  );
}
