'use client';
import TaxedPrice from '@/components/money/TaxedPrice';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Avatar, Button, Card, Skeleton, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, FlagOutlined, HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type Product } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useLatch } from '@/lib/use-latch';
import { useCurrentUser } from '@/store';
import { EmptyState, ErrorState } from '@/components/states';
import ProductGallery from './ProductGallery';
import ProductBuyBox from './ProductBuyBox';
import { creatorHref, stockLine } from './product-text';
import css from './shop.module.css';

/** The feeds area's report dialog (reason + description → POST /reports), fetched when first opened. */
const ReportModal = dynamic(() => import('@/features/feeds/ReportModal'), { ssr: false });

/** A view is counted per read (GET …/products/{id}): no re-read on focus. */
const ONCE = { revalidateOnFocus: false };

function Reactions({ product, onChange }: { product: Product; onChange: (p: Product) => void }) {
  const { message } = App.useApp();
  const t = useTranslations('shop');
  const specText = useSpecText();
  const f = useFormat();
  const router = useRouter();
  const me = useCurrentUser();
  const [busy, setBusy] = useState<string | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const reportWanted = useLatch(reportOpen);
  const isOwner = me?._id === product.performerId;

  const react = async (action: 'like' | 'bookmark') => {
    if (!me) return router.push('/auth/login');
    const on = action === 'like' ? product.isLiked : product.isBookmarked;
    setBusy(action);
    try {
      const body = { objectId: product._id, objectType: 'product' as const, action };
      const s = on ? await call(routes.reactions.unreact, { body }) : await call(routes.reactions.react, { body });
      onChange(action === 'like' ? { ...product, isLiked: s.reacted, totalLike: s.total } : { ...product, isBookmarked: s.reacted, totalBookmark: s.total });
      if (action === 'bookmark') message.success(s.reacted ? t('bookmarked') : t('unbookmarked'));
    } catch (e) {
      message.error(specText(errorText(e)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={css.reactions}>
      <Button
        type="text"
        aria-label={product.isLiked ? t('unlike') : t('like')}
        aria-pressed={product.isLiked}
        loading={busy === 'like'}
        icon={product.isLiked ? <HeartFilled className={css.liked} /> : <HeartOutlined />}
        onClick={() => void react('like')}
      >
        <span aria-hidden="true">{f.compactNumber(product.totalLike)}</span>
      </Button>
      <Button
        type="text"
        aria-label={product.isBookmarked ? t('removeBookmark') : t('bookmark')}
        aria-pressed={product.isBookmarked}
        loading={busy === 'bookmark'}
        icon={product.isBookmarked ? <StarFilled className={css.starred} /> : <StarOutlined />}
        onClick={() => void react('bookmark')}
      />
      {!isOwner && (
        <Tooltip title={t('report')}>
          <Button type="text" aria-label={t('report')} icon={<FlagOutlined />} onClick={() => (me ? setReportOpen(true) : router.push('/auth/login'))} />
        </Tooltip>
      )}
      {reportWanted && <ReportModal open={reportOpen} onClose={() => setReportOpen(false)} target="product" targetId={product._id} what="product" />}
    </div>
  );
}

function CreatorCard({ product }: { product: Product }) {
  const t = useTranslations('shop');
  const c = product.performer;
  const href = creatorHref(c);
  return (
    <Card size="small" className={css.creator}>
      <div className={css.creatorRow}>
        <Link href={href} aria-label={t('creatorProfile', { name: c.name })}>
          <Avatar src={c.avatar || DEFAULT_AVATAR} alt="" size={48} />
        </Link>
        <div className={css.creatorText}>
          <span className={css.soldBy}>{t('soldBy')}</span>
          <Link href={href} className={css.creatorName}>
            {c.name}
          </Link>
          {c.username && <span className="muted">@{c.username}</span>}
        </div>
        <Link href={href} className={css.creatorVisit}>
          <Button>{t('visitProfile')}</Button>
        </Link>
      </div>
    </Card>
  );
}

function ProductSkeleton() {
  const t = useTranslations('shop');
  return (
    <div className={css.productGrid} aria-busy="true" aria-label={t('loadingProduct')}>
      <Skeleton.Node active className={css.gallerySkeleton}>
        <span />
      </Skeleton.Node>
      <div>
        <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 5 }} />
      </div>
    </div>
  );
}

/** /product/[id]: a product (GET /performer-assets/products/{id}) — pictures, details, buy box, reactions, the seller. */
export default function ProductPage({ id, initial }: { id: string; initial?: Product }) {
  // The server's read (`initial`) is the page's data: a second read would count a second view.
  const { data, error, isLoading, mutate } = useRoute(routes.products.get, { params: { id } }, initial ? { ...ONCE, fallbackData: initial, revalidateOnMount: false } : ONCE);
  const me = useCurrentUser();
  const t = useTranslations('shop');
  const specText = useSpecText();
  const f = useFormat();
  const p = data;
  const stockFact = p ? stockLine(p) : null;
  const stock = stockFact && t(stockFact.key, stockFact.values);

  return (
    <div className={`container page ${css.productPage}`}>
      <Link href={p ? creatorHref(p.performer) : '/search'} className={css.back}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          {p ? p.performer.name : t('back')}
        </Button>
      </Link>
      {isLoading && !p ? (
        <ProductSkeleton />
      ) : error && !p ? (
        <Card>
          {(error as { statusCode?: number }).statusCode === 404 ? (
            <EmptyState title={t('notHereTitle')} description={t('notHereText')} action={<Link href="/search">{t('explore')}</Link>} />
          ) : (
            <ErrorState title={t('loadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />
          )}
        </Card>
      ) : p ? (
        <article className={css.productGrid} aria-labelledby="product-name">
          <ProductGallery images={p.images} name={p.name} />
          <div className={css.info}>
            <div className={css.tags}>
              <Tag color={p.type === 'digital' ? 'purple' : 'blue'} variant="filled">
                {p.type === 'digital' ? t('digital') : t('physical')}
              </Tag>
              {p.status !== 'active' && (
                <Tag color="orange" variant="filled">
                  {p.status === 'draft' ? t('draft') : t('inactive')}
                </Tag>
              )}
            </div>
            <h1 id="product-name" className={css.productName}>
              {p.name}
            </h1>
            <div className={css.price}>
              <TaxedPrice amount={p.price} kind="product" />
            </div>
            <dl className={css.facts}>
              {p.type === 'physical' && (
                <div>
                  <dt>{t('shipping')}</dt>
                  <dd>{p.shippingFee > 0 ? f.money(p.shippingFee) : t('free')}</dd>
                </div>
              )}
              {stock && (
                <div>
                  <dt>{t('stock')}</dt>
                  <dd className={p.stock ? css.inStock : css.soldOut}>{stock}</dd>
                </div>
              )}
              {p.type === 'digital' && (
                <div>
                  <dt>{t('delivery')}</dt>
                  <dd>{t('instantDownload')}</dd>
                </div>
              )}
              {(me?._id === p.performerId || p.totalSold > 0) && (
                <div>
                  <dt>{t('sold')}</dt>
                  <dd>{t('soldTimes', { count: p.totalSold })}</dd>
                </div>
              )}
            </dl>
            <ProductBuyBox product={p} />
            <Reactions product={p} onChange={(next) => void mutate(next, { revalidate: false })} />
            {p.description && (
              <section className={css.description} aria-label={t('description')}>
                <h2 className={css.sectionTitle}>{t('about')}</h2>
                <p className={css.descriptionText}>{p.description}</p>
              </section>
            )}
            <CreatorCard product={p} />
          </div>
        </article>
      ) : null}
    </div>
  );
}
