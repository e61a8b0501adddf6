'use client';
import { Button, Card } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';
import { CreatorRow, CreatorRowSkeleton, CreatorTile } from './CreatorCard';

/** Random creators (GET /performers/search/random): the API leaves out the caller and creators they follow or subscribe to; followed ones are filtered here too, for a follow made on this page. */
export function useSuggestedCreators(limit = 6) {
  const me = useCurrentUser();
  const r = useRoute(routes.search.random, { query: { limit: limit + 1 } }, { revalidateOnFocus: false });
  const list = (r.data || []).filter((c) => c._id !== me?._id && !c.isFollowed).slice(0, limit);
  return { ...r, list };
}

/** Right column of the home layout: "Creators to discover" (hidden when there is nobody to suggest). */
export function CreatorsToDiscover() {
  const t = useTranslations('social');
  const { list, error, isLoading, mutate, isValidating } = useSuggestedCreators(5);
  // Nothing to suggest (everyone followed, or no other creator yet): no empty box.
  if (!isLoading && !error && list.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('toDiscover')}
      extra={<Button type="text" size="small" icon={<ReloadOutlined spin={isValidating} />} aria-label={t('showOthers')} onClick={() => void mutate()} />}
    >
      {isLoading ? (
        <CreatorRowSkeleton rows={4} />
      ) : error ? (
        <span className="muted">{t('suggestionsUnavailable')}</span>
      ) : (
        <div className="creator-list">
          {list.map((c) => (
            <CreatorRow key={c._id} creator={c} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** A grid of creator tiles (empty timeline). */
export function SuggestedCreatorGrid({ limit = 6 }: { limit?: number }) {
  const { list, isLoading } = useSuggestedCreators(limit);
  if (isLoading)
    return (
      <div className="creator-grid">
        {Array.from({ length: 3 }, (_, i) => (
          <Card key={i} loading />
        ))}
      </div>
    );
  if (!list.length) return null;
  return (
    <div className="creator-grid">
      {list.map((c) => (
        <CreatorTile key={c._id} creator={c} />
      ))}
    </div>
  );
}
