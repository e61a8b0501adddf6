'use client';
import Link from 'next/link';
import { Button, Card } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import VideoCard, { VideoGridSkeleton } from './VideoCard';
import css from './videos.module.css';

const PAGE = 12;

/**
 * A creator's videos as fans see them (GET /performer-assets/videos/search?performerId: active and
 * published, newest first) — a responsive grid of cards with "Load more", skeletons and an empty
 * state. The owner also gets a link to their studio (/creator/videos), where drafts and scheduled
 * videos are. Its words: the `cards` messages (the section is named by the profile's tab).
 */
export default function CreatorVideos({ performerId, isOwner, label }: { performerId: string; isOwner: boolean; label?: string | null }) {
  const t = useTranslations('cards');
  const tp = useTranslations('profile');
  const list = useRouteList(routes.videos.publicSearch, { query: { performerId, sortBy: 'publishAt', sort: 'desc', label: label ?? undefined } }, PAGE);
  const manage = isOwner && (
    <Link href="/creator/videos">
      <Button icon={<SettingOutlined />}>{t('manageVideos')}</Button>
    </Link>
  );
  if (list.isLoading) return <VideoGridSkeleton count={6} />;
  if (list.error && !list.items.length)
    return (
      <Card>
        <ErrorState title={t('videosFailed')} message={errorText(list.error)} onRetry={() => void list.mutate()} />
      </Card>
    );
  if (!list.items.length && label)
    return (
      <Card>
        <EmptyState title={t('noLabelVideos')} description={t('chooseOtherLabel')} />
      </Card>
    );
  if (!list.items.length)
    return (
      <Card>
        <EmptyState
          title={t('noVideos')}
          description={isOwner ? t('noVideosOwner') : t('noVideosFan')}
          action={manage || undefined}
        />
      </Card>
    );
  return (
    <section aria-label={tp('tabVideos')}>
      {manage && <div className={css.ownerBar}>{manage}</div>}
      <ul className={css.grid}>
        {list.items.map((v) => (
          <VideoCard key={v._id} video={v} />
        ))}
      </ul>
      {list.hasMore && (
        <div className={css.more}>
          <Button onClick={list.loadMore} loading={list.isLoadingMore}>
            {t('loadMoreVideos')}
          </Button>
        </div>
      )}
    </section>
  );
}
