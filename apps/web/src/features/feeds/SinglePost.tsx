'use client';
import Link from 'next/link';
import { Button, Card } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Feed } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import FeedCard, { FeedCardSkeleton } from './FeedCard';
import css from './feeds.module.css';

/**
 * /post/[id]: one feed (GET /user/feeds/{id}) — the target of "Share". `initial`: the server's read
 * of it (an unknown post never gets here: the route answers 404), used as it is.
 */
export default function SinglePost({ id, initial }: { id: string; initial?: Feed }) {
  const t = useTranslations('feeds');
  const { data, error, isLoading, mutate } = useRoute(routes.feeds.get, { params: { id } }, initial ? { fallbackData: initial, revalidateOnMount: false } : undefined);
  return (
    <>
      <Link href="/home" className={css.back}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          {t('back')}
        </Button>
      </Link>
      {isLoading ? (
        <FeedCardSkeleton />
      ) : error ? (
        <Card>
          {(error as { statusCode?: number }).statusCode === 404 ? (
            <EmptyState title={t('postMissingTitle')} description={t('postMissingText')} />
          ) : (
            <ErrorState title={t('postFailed')} message={errorText(error)} onRetry={() => void mutate()} />
          )}
        </Card>
      ) : data ? (
        <FeedCard feed={data} onDeleted={() => window.location.assign('/home')} />
      ) : null}
    </>
  );
}
