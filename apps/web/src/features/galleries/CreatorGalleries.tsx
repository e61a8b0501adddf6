'use client';
import Link from 'next/link';
import { Button } from 'antd';
import { PictureOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import GalleryCard, { GalleryCardSkeleton } from './GalleryCard';
import css from './galleries.module.css';

const PAGE = 12;

/**
 * A creator's galleries (the Photos tab of their page): GET /performer-assets/galleries/search
 * with `performerId` — active, published ones, locked ones listed locked (blurred cover) — as a
 * grid of cover cards linking to /gallery/{id}, `Load more`, skeletons and an empty state. The
 * owner also gets a link to manage them (drafts and scheduled galleries are only there). Its words:
 * the `cards` messages (the section is named by the profile's tab).
 */
export default function CreatorGalleries({ performerId, isOwner, label }: { performerId: string; isOwner: boolean; label?: string | null }) {
  const t = useTranslations('cards');
  const tp = useTranslations('profile');
  const list = useRouteList(routes.galleries.search, { query: { performerId, label: label ?? undefined } }, PAGE);
  const manage = isOwner && (
    <Link href="/creator/galleries">
      <Button icon={<SettingOutlined aria-hidden="true" />}>{t('manageGalleries')}</Button>
    </Link>
  );

  if (list.error && !list.items.length) return <ErrorState title={t('galleriesFailed')} message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (list.isLoading)
    return (
      <ul className={css.cardGrid} aria-label={t('loadingGalleries')} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <GalleryCardSkeleton key={i} />
        ))}
      </ul>
    );
  if (!list.items.length && label) return <EmptyState title={t('noLabelGalleries')} description={t('chooseOtherLabel')} />;
  if (!list.items.length)
    return (
      <EmptyState
        title={t('noGalleries')}
        description={isOwner ? t('noGalleriesOwner') : t('noGalleriesFan')}
        action={
          isOwner ? (
            <Link href="/creator/galleries?new=1">
              <Button type="primary" icon={<PlusOutlined aria-hidden="true" />}>
                {t('newGallery')}
              </Button>
            </Link>
          ) : undefined
        }
      />
    );
  return (
    <section aria-label={tp('tabGalleries')}>
      {manage && <div className={css.tabHead}>{manage}</div>}
      <ul className={css.cardGrid}>
        {list.items.map((g) => (
          <GalleryCard key={g._id} gallery={g} />
        ))}
      </ul>
      {list.hasMore && (
        <div className={css.more}>
          <Button icon={<PictureOutlined aria-hidden="true" />} loading={list.isLoadingMore} onClick={list.loadMore}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
