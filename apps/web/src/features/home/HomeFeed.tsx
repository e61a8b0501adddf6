'use client';
import { useState } from 'react';
import Link from 'next/link';
import { Button, Card } from 'antd';
import { ArrowUpOutlined, CompassOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { CurrentUser, Feed } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';
import { useSocketEvent } from '@/lib/socket';
import { LazyComposer as Composer } from '@/features/feeds/LazyComposer';
import FeedCard from '@/features/feeds/FeedCard';
import FeedList from '@/features/feeds/FeedList';
import { SuggestedCreatorGrid, useSuggestedCreators } from '@/features/social/SuggestedCreators';
import { EmptyState } from '@/components/states';
import LiveNow from '@/features/live/LiveNow';
import { useSettings } from '@/lib/site-context';
import { homeGreeting } from './greeting';
import css from './home.module.css';

/** The empty timeline: what to do next, and creators to follow when there are any to suggest. */
function TimelineEmpty({ isCreator }: { isCreator: boolean }) {
  const following = useRoute(routes.follows.following, { query: { limit: 1 } });
  const followsNobody = following.data?.total === 0;
  const suggestions = useSuggestedCreators(6);
  const t = useTranslations('home');
  const title = t(isCreator ? 'emptyCreatorTitle' : followsNobody ? 'emptyNobodyTitle' : 'emptyQuietTitle');
  const description = t(isCreator ? 'emptyCreatorText' : followsNobody ? 'emptyNobodyText' : 'emptyQuietText');
  const hasSuggestions = suggestions.isLoading || suggestions.list.length > 0;
  return (
    <Card styles={{ body: { padding: '32px 20px' } }}>
      <EmptyState
        title={title}
        description={description}
        action={
          <Link href="/search">
            <Button icon={<CompassOutlined aria-hidden />}>{t('exploreCreators')}</Button>
          </Link>
        }
      />
      {hasSuggestions && (
        <section aria-labelledby="suggested-creators">
          <h2 className="section-title" id="suggested-creators">
            {t('suggestedCreators')}
          </h2>
          <SuggestedCreatorGrid limit={6} />
        </section>
      )}
    </Card>
  );
}

/** /home: the composer for creators, then the timeline (GET /user/feeds) with infinite scroll. */
export default function HomeFeed({ user: initial }: { user: CurrentUser }) {
  const user = useCurrentUser() || initial;
  const [posted, setPosted] = useState<Feed[]>([]);
  // A creator this user follows or subscribes to published: offer to show it (never inserted under the reader's eyes).
  const [fresh, setFresh] = useState(false);
  const [reload, setReload] = useState(0);
  useSocketEvent('feed/published', (e) => {
    if (e.performerId !== user._id) setFresh(true);
  });
  const showNew = () => {
    setFresh(false);
    setPosted([]);
    setReload((n) => n + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const greeting = homeGreeting(user, useSettings().siteName);
  const t = useTranslations('home');
  return (
    <>
      <h1 className={`page-title ${css.title}`}>{t(greeting.title, greeting.values)}</h1>
      <p className="page-lead">{t(greeting.lead)}</p>
      <LiveNow />
      {user.isPerformer && (
        <div className={css.composer}>
          <Composer onDone={(f) => setPosted((p) => [f, ...p])} />
        </div>
      )}
      {fresh && (
        <div className={css.newPosts} role="status">
          <Button type="primary" shape="round" icon={<ArrowUpOutlined />} onClick={showNew}>
            {t('newPosts')}
          </Button>
        </div>
      )}
      {posted.length > 0 && (
        <div className={`feed-list ${css.posted}`}>
          {posted.map((f) => (
            <FeedCard key={f._id} feed={f} onDeleted={(id) => setPosted((p) => p.filter((x) => x._id !== id))} />
          ))}
        </div>
      )}
      {/* The timeline includes the creator's own posts: the ones just posted above are not repeated in it. */}
      <FeedList route={routes.feeds.timeline} reloadSignal={reload} hideIds={posted.map((f) => f._id)} empty={posted.length ? null : <TimelineEmpty isCreator={Boolean(user.isPerformer)} />} />
    </>
  );
}
