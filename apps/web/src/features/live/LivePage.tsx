'use client';
/**
 * /live/[username]: the creator's current live stream — `?stream=<id>` (a private show the fan was
 * let into) or the one GET /streaming/user/search?performerId= lists — watched with LiveWatch.
 * 'stream/status' for the creator refreshes it (went live, ended). A stream that ended while it
 * was open stays on screen with its end overlay; with none: "<name> is not live right now".
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import Link from 'next/link';
import { Button, Skeleton, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import type { PublicUser, Stream } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useSocketEvent } from '@/lib/socket';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import LiveWatch from './LiveWatch';
import css from './live.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function LivePageSkeleton() {
  const tw = useTranslations('liveWatch');
  return (
    <div className={css.page} aria-busy="true" aria-label={tw('loadingStream')}>
      <div className={css.main}>
        <div className={css.player}>
          <Spin />
        </div>
        <Skeleton active paragraph={{ rows: 1 }} />
      </div>
    </div>
  );
}

export default function LivePage({ performer }: { performer: Pick<PublicUser, '_id' | 'name' | 'username' | 'avatar'> }) {
  const t = useTranslations('live');
  const specText = useSpecText();
  const param = useSearchParams().get('stream');
  const streamParam = param && UUID.test(param) ? param : null;
  const byId = useRoute(routes.streaming.get, streamParam ? { params: { id: streamParam } } : null, { revalidateOnFocus: false });
  const search = useRoute(routes.streaming.search, streamParam ? null : { query: { performerId: performer._id, limit: 1 } });
  const current = streamParam ? byId : search;
  const found: Stream | null | undefined = streamParam ? byId.data : search.data ? (search.data.data.find((s) => s.performerId === performer._id) ?? null) : undefined;
  const [shown, setShown] = useState<Stream | null>(null);
  const name = performer.name || performer.username || t('thisCreator');

  // A new live stream replaces the one shown; one that ended stays (with its overlay).
  useEffect(() => {
    if (found && found.status === 'live' && found._id !== shown?._id) setShown(found);
  }, [found, shown?._id]);

  useSocketEvent('stream/status', (e) => {
    if (e.performerId !== performer._id) return;
    void (streamParam ? byId.mutate() : search.mutate());
  });

  const watched = shown ?? (found && found.status === 'live' ? found : null);
  let body;
  if (watched) body = <LiveWatch key={watched._id} stream={watched} performer={performer} />;
  else if (current.error && (current.error as { statusCode?: number }).statusCode !== 404)
    body = <ErrorState title={t('loadFailed')} message={specText((current.error as { message?: string }).message ?? '') || undefined} onRetry={() => void current.mutate()} />;
  else if (found === undefined && !current.error) body = <LivePageSkeleton />;
  else
    body = (
      <div className={css.prompt}>
        <EmptyState
          title={found?.status === 'ended' ? t('ended') : t('notLive', { name })}
          description={t('followHint')}
          action={
            <Link href={`/${performer.username || performer._id}`}>
              <Button>{t('viewProfile', { name })}</Button>
            </Link>
          }
        />
      </div>
    );
  return <div className="container">{body}</div>;
}
