'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Avatar, Button, Modal, Radio, Skeleton, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, bestPromotion, loginPathFor, fromMinor, subscriptionPrice, toMinor, type AppliedCoupon, type PublicPromotion, type Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import { errorText, fieldErrors } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { closeSubscriptionModal, setSubscriptionType } from '@/store/subscription';
import { ErrorState } from '@/components/states';
import AddCard from '@/components/pay/AddCard';
import { useCards } from '@/lib/use-cards';
import CardSelect from '@/components/pay/CardSelect';
import CouponField from '@/components/pay/CouponField';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import TaxedPrice, { TaxResidenceNotice } from '@/components/money/TaxedPrice';
import { useBalance } from '@/lib/payments';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { useMySubscription } from '@/lib/use-my-subscription';
import TierBadge from '@/components/tiers/TierBadge';
import PromotionBadge from '@/components/promotions/PromotionBadge';
import { usePromotionText } from '@/components/promotions/promotion-text';
import styles from './subscriptions.module.css';
import tierCss from './tiers.module.css';

function addDays(days: number) {
  return new Date(Date.now() + days * 86400_000).toISOString();
}
/** N calendar months from now, the day clamped (as the API's periods.ts) — the preview of a bundle's end. */
function addMonthsFromNow(months: number) {
  const d = new Date();
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes()));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d.getUTCDate(), last));
  return t.toISOString();
}

function Body({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const t = useTranslations('subscriptions');
  const fmt = useFormat();
  const promoText = usePromotionText();
  const money = fmt.money;
  const shortDate = fmt.shortDate;
  const { performer, subscriptionType, trialCode } = useAppSelector((s) => s.subscription);
  const offer = useRoute(routes.subscriptions.offer, performer ? { params: { id: performer._id } } : null);
  const mine = useMySubscription(performer?._id);
  const tierList = useRoute(routes.subscriptions.tiersOf, performer ? { params: { id: performer._id } } : null);
  // Promotions (issue 30 §3): the creator's running campaigns, and a trial link's offer when the fan came through one.
  const promos = useRoute(routes.promotions.ofPerformer, performer ? { params: { performerId: performer._id } } : null);
  const link = useRoute(routes.promotions.trialLink, trialCode ? { params: { code: trialCode } } : null);
  const [tierId, setTierId] = useState<string | undefined>();
  // A bundle of the chosen tier (issue 30 §2): 3, 6 or 12 months paid now; null = monthly.
  const [bundleMonths, setBundleMonths] = useState<number | null>(null);
  const { cards, data: cardsLoaded, mutate: reloadCards } = useCards();
  const { refresh } = useBalance();
  const [cardId, setCardId] = useState<string | undefined>();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pay, busy } = useIdempotentPay();

  const o = offer.data;
  const tierChoice = tierList.data?.find((x) => x._id === tierId) ?? tierList.data?.find((x) => x.isDefault) ?? null;
  // THE choice (shared bestPromotion), as the API will make it: the fan's standing is new unless they subscribed before.
  const at = { now: new Date(), fan: mine.sub ? ('expired' as const) : ('new' as const), tierId: tierChoice?._id ?? '' };
  const candidates = (promos.data ?? []).map((p: PublicPromotion) => ({ ...p, id: p._id, maxClaims: p.left, claimed: 0, endsAt: new Date(p.endsAt), endedAt: null }));
  const discountPromo = bestPromotion(candidates, { ...at, type: 'monthly' });
  const linkOffer = trialCode && link.data && (!link.data.tierId || link.data.tierId === tierChoice?._id) ? link.data : null;
  const trialPromo = linkOffer ? null : bestPromotion(candidates, { ...at, type: 'free' });
  const trialDays = linkOffer?.days ?? trialPromo?.days ?? o?.freeSubscriptionDays ?? 0;
  const trialOffered = Boolean(o?.freeSubscriptionEnabled || linkOffer || trialPromo);
  const trialAllowed = Boolean(linkOffer || trialPromo || (o?.freeSubscriptionEnabled && !mine.sub));
  const type = subscriptionType === 'free' && trialAllowed ? 'free' : 'monthly';
  useEffect(() => {
    const offersLoaded = Boolean((promos.data || promos.error) && (!trialCode || link.data || link.error));
    if (o && offersLoaded && subscriptionType === 'free' && !trialAllowed && !mine.isLoading) dispatch(setSubscriptionType('monthly'));
  }, [o, subscriptionType, trialAllowed, mine.isLoading, dispatch, promos.data, promos.error, trialCode, link.data, link.error]);

  if (!performer) return null;
  const first = performer.name.split(' ')[0] || performer.name;
  const head = (
    <div className={styles.head}>
      <Avatar src={performer.avatar || DEFAULT_AVATAR} alt="" size={56} />
      <div className={styles.headText}>
        <div className={styles.headName}>{performer.name}</div>
        {performer.username && <div className="muted">@{performer.username}</div>}
      </div>
    </div>
  );

  if (!me)
    return (
      <>
        {head}
        <Typography.Paragraph>{t('loggedOut', { name: first })}</Typography.Paragraph>
        <div className={styles.footer}>
          <Link href="/auth/register" onClick={onDone}>
            <Button>{t('signUp')}</Button>
          </Link>
          {/* Back to this page after the login (a trial link's `?trial=` kept); the dialog only renders in the browser. */}
          <Link href={typeof window === 'undefined' ? '/auth/login' : loginPathFor(`${window.location.pathname}${window.location.search}`)} onClick={onDone}>
            <Button type="primary">{t('logIn')}</Button>
          </Link>
        </div>
      </>
    );
  if (me.isPerformer)
    return (
      <>
        {head}
        <Alert type="info" showIcon title={t('creatorsCantTitle')} description={t('creatorsCantText')} />
        <div className={styles.footer}>
          <Button onClick={onDone}>{t('close')}</Button>
        </div>
      </>
    );
  if (offer.error && !o)
    return (
      <>
        {head}
        <ErrorState title={t('offerFailed')} message={errorText(offer.error)} onRetry={() => void offer.mutate()} />
      </>
    );
  if (!o || mine.isLoading || (!tierList.data && !tierList.error) || (!promos.data && !promos.error) || (trialCode && !link.data && !link.error))
    return (
      <>
        {head}
        <div aria-busy="true" aria-label={t('loadingOffer')}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      </>
    );

  const current: Subscription | null = mine.sub;
  if (current && current.isActive && current.status !== 'cancelled')
    return (
      <>
        {head}
        <Alert
          type="success"
          showIcon
          title={t('subscribedTo', { name: performer.name })}
          description={current.renewing ? t('renewsOn', { date: shortDate(current.expiresAt) }) : t('accessUntil', { date: shortDate(current.expiresAt) })}
        />
        <div className={styles.footer}>
          <Link href="/user/subscriptions" onClick={onDone}>
            <Button>{t('manageSubscriptions')}</Button>
          </Link>
          <Button type="primary" onClick={onDone}>
            {t('close')}
          </Button>
        </div>
      </>
    );

  const noCard = Boolean(cardsLoaded && cards.length === 0);
  // The creator's tiers (issue 30 §1): the default one unless the fan picks another; its price is the monthly price.
  const tiers = tierList.data ?? [];
  const chosen = tiers.find((x) => x._id === tierId) ?? tiers.find((x) => x.isDefault) ?? null;
  const monthly = chosen?.price ?? o.monthlyPrice;
  const bundles = chosen?.bundles ?? [];
  const bundle = type === 'monthly' && bundleMonths ? (bundles.find((b) => b.months === bundleMonths) ?? null) : null;
  const firstPeriod = bundle ? bundle.price : monthly;
  const plan = type === 'free' ? 'free' : bundle ? `bundle-${bundle.months}` : 'monthly';
  const choosePlan = (v: string) => {
    if (v === 'free') {
      if (trialAllowed) dispatch(setSubscriptionType('free'));
      return;
    }
    dispatch(setSubscriptionType('monthly'));
    setBundleMonths(v.startsWith('bundle-') ? Number(v.slice(7)) : null);
  };
  // THE price rule (shared subscriptionPrice): tier → bundle → promotion → coupon; a bundle takes no promotion.
  const dueToday = type === 'free' ? 0 : fromMinor(subscriptionPrice({ tierPrice: toMinor(monthly), bundle: bundle ? { months: bundle.months, discountPercent: bundle.discountPercent } : null, promotionPercentage: bundle ? null : discountPromo?.percentage, couponPercentage: coupon?.percentage }).amount);
  const promoted = discountPromo ? fromMinor(subscriptionPrice({ tierPrice: toMinor(monthly), promotionPercentage: discountPromo.percentage }).amount) : monthly;
  const promotionId = type === 'monthly' ? (bundle ? undefined : discountPromo?.id) : linkOffer ? undefined : trialPromo?.id;

  const subscribe = () => {
    if (busy) return;
    if (!cardId) {
      setErrors({ cardId: t(noCard ? 'addCardToSubscribe' : 'chooseCard') });
      return;
    }
    setError(null);
    setErrors({});
    // One key per intent (creator, plan, card, coupon): a retried request never charges twice.
    return pay(routes.subscriptions.subscribe, { body: { performerId: performer._id, type, cardId, ...(chosen ? { tierId: chosen._id } : {}), ...(bundle ? { bundleMonths: bundle.months as 3 | 6 | 12 } : {}), ...(type === 'monthly' && coupon ? { couponCode: coupon.code } : {}), ...(promotionId ? { promotionId } : {}), ...(type === 'free' && linkOffer ? { trialCode: linkOffer.code } : {}) } }, {
      onPaid: (sub) => {
        if (sub.isActive) message.success(type === 'free' ? t('trialStarted', { name: performer.name }) : t('subscribedTo', { name: performer.name }));
        else message.info(t('paymentConfirming'));
        void revalidateRoutes(routes.subscriptions.mine, routes.subscriptions.subscribers, routes.subscriptions.offer, routes.payments.transactions);
        void refresh();
        onDone();
      },
      onFailed: (e) => {
        const f = fieldErrors(e);
        setErrors(f);
        const text = errorText(e);
        setError(Object.values(f).includes(text) ? null : text);
        if (f.couponCode) setCoupon(null);
        // A promotion that ran out meanwhile: show the price as it is now.
        if (f.promotionId) void promos.mutate();
      },
    });
  };

  return (
    <>
      {head}
      <TestPaymentsNotice card={noCard || addingCard} />
      {current?.status === 'cancelled' && current.isActive && (
        <Alert type="warning" showIcon className={styles.alert} title={t('cancelledUntil', { date: shortDate(current.expiresAt) })} description={t('cancelledText')} />
      )}
      {error && <Alert type="error" showIcon title={error} className={styles.alert} />}
      {tiers.length > 1 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('tier')}</legend>
          <Radio.Group value={chosen?._id} onChange={(e) => setTierId(e.target.value)} className={tierCss.choices} aria-label={t('tier')}>
            {tiers.map((x) => (
              <div key={x._id} className={`${tierCss.choice} ${chosen?._id === x._id ? tierCss.choiceOn : ''}`}>
                <Radio value={x._id} aria-label={t('tierOption', { name: x.name, price: money(x.price) })}>
                  <span className={tierCss.title}>
                    <TierBadge tier={x} /> <strong>{money(x.price)}</strong> <span className="muted">{t('slashMonth')}</span>
                  </span>
                </Radio>
                {x.description && <span className="muted">{x.description}</span>}
              </div>
            ))}
          </Radio.Group>
          {errors.tierId && (
            <div className="field-error" role="alert">
              {errors.tierId}
            </div>
          )}
        </fieldset>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('plan')}</legend>
        <Radio.Group
          value={plan}
          onChange={(e) => choosePlan(e.target.value)}
          className={styles.plans}
          aria-describedby={errors.type ? 'sub-type-error' : errors.bundleMonths ? 'sub-bundle-error' : undefined}
        >
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a bigger target for the pointer only: the radio inside is what the keyboard and screen readers use (arrow keys in the group) */}
          <div className={`${styles.plan} ${plan === 'monthly' ? styles.planOn : ''}`} onClick={() => choosePlan('monthly')}>
            <Radio value="monthly" aria-describedby="plan-monthly-desc">
              {t('monthly')}
            </Radio>
            <span id="plan-monthly-desc" className={styles.planDesc}>
              {discountPromo ? (
                <>
                  <PromotionBadge promotion={discountPromo} /> {t.rich('perMonthRenews', { price: () => <strong>{promoText.price(discountPromo, promoted, monthly)}</strong> })}
                </>
              ) : (
                t.rich('perMonthRenews', {
                  price: () => (
                    <strong>
                      <TaxedPrice amount={monthly} kind="subscription" />
                    </strong>
                  ),
                })
              )}
            </span>
          </div>
          {bundles.map((b) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a bigger target for the pointer only: the radio inside is what the keyboard and screen readers use (arrow keys in the group)
            <div key={b.months} className={`${styles.plan} ${plan === `bundle-${b.months}` ? styles.planOn : ''}`} onClick={() => choosePlan(`bundle-${b.months}`)}>
              <Radio value={`bundle-${b.months}`} aria-describedby={`plan-bundle-${b.months}-desc`}>
                {t('months', { count: b.months })} <span className={styles.save}>{t('save', { percent: b.discountPercent })}</span>
              </Radio>
              <span id={`plan-bundle-${b.months}-desc`} className={styles.planDesc}>
                {t.rich('bundleDesc', {
                  price: () => (
                    <strong>
                      <TaxedPrice amount={b.price} kind="subscription" />
                    </strong>
                  ),
                  months: b.months,
                  monthly: money(b.monthlyEquivalent),
                  saving: money(b.saving),
                })}
              </span>
            </div>
          ))}
          {trialOffered && (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a bigger target for the pointer only: the radio inside is what the keyboard and screen readers use (arrow keys in the group)
            <div className={`${styles.plan} ${type === 'free' ? styles.planOn : ''} ${trialAllowed ? '' : styles.planOff}`} onClick={() => trialAllowed && dispatch(setSubscriptionType('free'))}>
              <Radio value="free" disabled={!trialAllowed} aria-describedby="plan-free-desc">
                {t('freeTrial')}
              </Radio>
              <span id="plan-free-desc" className={styles.planDesc}>
                {trialAllowed ? (
                  <>
                    {(linkOffer || trialPromo) && <PromotionBadge promotion={linkOffer ? { kind: 'trial_link', percentage: null, months: null, days: linkOffer.days, left: linkOffer.left, tierName: null } : trialPromo!} />}{' '}
                    {t.rich('trialDesc', { days: t('daysFree', { count: trialDays }), price: money(monthly), strong: (c) => <strong>{c}</strong> })}
                  </>
                ) : (
                  t('trialNewOnly')
                )}
              </span>
            </div>
          )}
        </Radio.Group>
        {errors.type && (
          <div id="sub-type-error" className="field-error" role="alert">
            {errors.type}
          </div>
        )}
        {errors.bundleMonths && (
          <div id="sub-bundle-error" className="field-error" role="alert">
            {errors.bundleMonths}
          </div>
        )}
      </fieldset>

      <div className={styles.section}>
        {noCard || addingCard ? (
          <>
            <div className={styles.legend}>{t('addCard')}</div>
            <AddCard
              notice={false}
              submitText={t('saveCard')}
              onCancel={!noCard ? () => setAddingCard(false) : undefined}
              onAdded={(c) => {
                message.success(t('cardSaved'));
                setAddingCard(false);
                setCardId(c._id);
                setErrors((x) => ({ ...x, cardId: '' }));
                void reloadCards();
              }}
            />
          </>
        ) : (
          <>
            <label htmlFor="subscribe-card" className={`${styles.legend} ${styles.label}`}>
              {t('paymentCard')}
            </label>
            <CardSelect id="subscribe-card" value={cardId} onChange={setCardId} />
            <Button type="link" size="small" className={styles.newCard} onClick={() => setAddingCard(true)}>
              {t('useNewCard')}
            </Button>
          </>
        )}
        {errors.cardId && (
          <div className="field-error" role="alert">
            {errors.cardId}
          </div>
        )}
        {type === 'free' && !noCard && <div className={`muted ${styles.hint}`}>{t('trialChargeHint')}</div>}
      </div>

      {type === 'monthly' && (
        <div className={styles.section}>
          <CouponField id="subscribe-coupon" performerId={performer._id} applied={coupon} onChange={setCoupon} />
          {errors.couponCode && (
            <div className="field-error" role="alert">
              {errors.couponCode}
            </div>
          )}
        </div>
      )}

      <div className={styles.summary} role="status" aria-live="polite">
        <span>{t('dueToday')}</span>
        <strong>
          {(coupon || (discountPromo && !bundle)) && type === 'monthly' && <span className={styles.strike}>{money(firstPeriod)}</span>}
          <TaxedPrice amount={dueToday} kind="subscription" />
        </strong>
      </div>
      <TaxResidenceNotice />
      <div className={`muted ${styles.then}`}>
        {type === 'free'
          ? t('thenFrom', { price: money(monthly), date: shortDate(addDays(trialDays)) })
          : bundle
            ? t(coupon ? 'bundleThenCoupon' : 'bundleThen', { months: bundle.months, date: shortDate(addMonthsFromNow(bundle.months)), percent: coupon?.percentage ?? 0, bundlePrice: money(bundle.price), monthly: money(monthly) })
            : discountPromo
              ? coupon
                ? t('promoThenCoupon', { label: promoText.price(discountPromo, promoted, monthly), percent: coupon.percentage })
                : `${promoText.price(discountPromo, promoted, monthly)}.`
            : coupon
            ? t('couponThen', { percent: coupon.percentage, price: money(monthly) })
            : t('monthlyThen', { price: money(monthly) })}
      </div>

      <div className={styles.footer}>
        <Button onClick={onDone}>{t('notNow')}</Button>
        <Button type="primary" loading={busy} disabled={noCard || addingCard} onClick={() => void subscribe()}>
          {t('subscribe')}
        </Button>
      </div>
    </>
  );
}

/**
 * The subscribe dialog of the Subscription UI state (spec §3: showModal, performer,
 * subscriptionType). Mounted once per layout; opened with `openSubscriptionModal` from the
 * creator profile and from locked subscriber-only posts.
 */
export default function SubscribeModal() {
  const dispatch = useAppDispatch();
  const t = useTranslations('subscriptions');
  const { showModal, performer } = useAppSelector((s) => s.subscription);
  const close = () => dispatch(closeSubscriptionModal());
  return (
    <Modal open={showModal} title={performer ? t('subscribeTo', { name: performer.name }) : t('subscribe')} onCancel={close} footer={null} destroyOnHidden width={520}>
      {showModal && <Body onDone={close} />}
    </Modal>
  );
}
