'use client';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import type { Video } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRouteList } from '@/lib/use-infinite-list';
import VideoCard, { VideoGridSkeleton } from './VideoCard';
import css from './videos.module.css';

/**
 * "More from {creator}" under a video: the creator's other videos (GET
 * /performer-assets/videos/search?performerId&excludeId), newest first, with "Load more". Nothing
 * is shown when there are none (or they did not load: it is an extra).
 */
export default function RelatedVideos({ video }: { video: Pick<Video, '_id' | 'performerId' | 'performer'> }) {
  const t = useTranslations('videos');
  const list = useRouteList(routes.videos.publicSearch, { query: { performerId: video.performerId, excludeId: video._id, sortBy: 'publishAt', sort: 'desc' } }, 8);
  if (!list.isLoading && !list.items.length) return null;
  return (
    <section aria-labelledby="related-videos">
      <h2 id="related-videos" className={css.sectionTitle}>
        {t('moreFrom', { name: video.performer.name })}
      </h2>
      {list.isLoading ? (
        <VideoGridSkeleton count={4} label={t('loadingMore')} />
      ) : (
        <ul className={css.grid}>
          {list.items.map((v) => (
            <VideoCard key={v._id} video={v} />
          ))}
        </ul>
      )}
      {list.hasMore && (
        <div className={css.more}>
          <Button onClick={list.loadMore} loading={list.isLoadingMore}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
