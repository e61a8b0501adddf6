'use client';
import { useState } from 'react';
import Link from 'next/link';
import useSWR from 'swr';
import { Button, Card } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import type { CurrentUser, Feed } from '@stagepass/shared';
import { useAppSelector } from '@/store';
import Composer from '@/features/feeds/Composer';
import FeedCard from '@/features/feeds/FeedCard';
import FeedList from '@/features/feeds/FeedList';
import { SuggestedCreatorGrid } from '@/features/social/SuggestedCreators';
import { EmptyState } from '@/components/states';

function TimelineEmpty() {
  const following = useSWR<{ total: number }>(['/follows/following', { limit: 1 }]);
  const followsNobody = following.data?.total === 0;
  return (
    <Card styles={{ body: { padding: '32px 20px' } }}>
      <EmptyState
        title={followsNobody ? 'Your timeline is empty' : 'Nothing new yet'}
        description={
          followsNobody
            ? 'Follow a few creators and their posts will show up right here.'
            : 'The creators you follow haven’t posted anything yet. Check back soon or discover someone new.'
        }
        action={
          <Link href="/search">
            <Button icon={<CompassOutlined />}>Explore creators</Button>
          </Link>
        }
      />
      <h2 className="section-title">Suggested creators</h2>
      <SuggestedCreatorGrid limit={6} />
    </Card>
  );
}

/** /home: the composer for creators, then the timeline (GET /user/feeds) with infinite scroll. */
export default function HomeFeed({ user: initial }: { user: CurrentUser }) {
  const user = useAppSelector((s) => s.user.current) || initial;
  const [posted, setPosted] = useState<Feed[]>([]);
  const first = (user.firstName || user.name).split(' ')[0];
  return (
    <>
      <h1 className="page-title" style={{ marginTop: 8 }}>Welcome back, {first}</h1>
      <p className="page-lead">Here&rsquo;s what&rsquo;s new from the creators you follow.</p>
      {user.isPerformer && (
        <div style={{ marginBottom: 16 }}>
          <Composer onDone={(f) => setPosted((p) => [f, ...p])} />
        </div>
      )}
      {posted.length > 0 && (
        <div className="feed-list" style={{ marginBottom: 16 }}>
          {posted.map((f) => (
            <FeedCard key={f._id} feed={f} onDeleted={(id) => setPosted((p) => p.filter((x) => x._id !== id))} />
          ))}
        </div>
      )}
      <FeedList path="/user/feeds" empty={<TimelineEmpty />} />
    </>
  );
}
