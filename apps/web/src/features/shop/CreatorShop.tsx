'use client';
import Link from 'next/link';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import ProductCard, { ProductCardSkeleton } from './ProductCard';
import css from './shop.module.css';

const PAGE = 12;

/**
 * The Shop tab of a creator's page: their active products (GET /performer-assets/products/search
 * by performerId, newest first) as a grid of cards, 12 at a time with "Load more". The owner gets a
 * link to their products in the studio. Its words: the `cards` messages (the section is named by
 * the profile's tab).
 */
export default function CreatorShop({ performerId, isOwner }: { performerId: string; isOwner: boolean }) {
  const t = useTranslations('cards');
  const tp = useTranslations('profile');
  const list = useRouteList(routes.products.search, { query: { performerId, sortBy: 'createdAt', sort: 'desc' } }, PAGE, { revalidateFirstPage: true });
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, mutate } = list;

  const manage = isOwner ? (
    <Link href="/creator/products">
      <Button icon={<PlusOutlined />}>{t('manageProducts')}</Button>
    </Link>
  ) : undefined;

  if (error && items.length === 0)
    return (
      <Card>
        <ErrorState title={t('shopFailed')} message={errorText(error)} onRetry={() => void mutate()} />
      </Card>
    );
  if (isLoading && items.length === 0)
    return (
      <div className={css.grid} aria-busy="true" aria-label={t('loadingProducts')}>
        {Array.from({ length: 6 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  if (items.length === 0)
    return (
      <Card>
        <EmptyState title={t('noProducts')} description={isOwner ? t('noProductsOwner') : t('noProductsFan')} action={manage} />
      </Card>
    );
  return (
    <section aria-label={tp('tabShop')}>
      {isOwner && <div className={css.shopHead}>{manage}</div>}
      <ul className={css.grid} aria-label={t('products')}>
        {items.map((p) => (
          <li key={p._id} className={css.gridItem}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className={css.more}>
          <Button onClick={loadMore} loading={isLoadingMore}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
