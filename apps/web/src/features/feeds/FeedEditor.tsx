'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import Composer from './Composer';
import css from './feeds.module.css';

/** /creator/feeds/new and /creator/feeds/[id]/edit (GET /performer/feeds/{id}, then PUT). */
export default function FeedEditor({ id }: { id?: string }) {
  const router = useRouter();
  const { data, error, isLoading, mutate } = useRoute(routes.feeds.own, id ? { params: { id } } : null, { revalidateOnFocus: false });
  const back = () => router.push('/creator/feeds');
  return (
    <>
      <Link href="/creator/feeds" className={css.backTight}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          My posts
        </Button>
      </Link>
      <h1 className="page-title">{id ? 'Edit post' : 'New post'}</h1>
      <p className="page-lead">{id ? 'Change the text, media, visibility or schedule.' : 'Share photos, videos, audio or a poll with your fans.'}</p>
      {!id ? (
        <Composer onDone={back} onCancel={back} />
      ) : isLoading ? (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 5 }} />
        </Card>
      ) : error ? (
        <Card>
          {(error as { statusCode?: number }).statusCode === 404 ? (
            <EmptyState title="This post isn't here" description="It may have been deleted." />
          ) : (
            <ErrorState title="This post didn't load" message={errorText(error)} onRetry={() => void mutate()} />
          )}
        </Card>
      ) : data ? (
        <Composer feed={data} onDone={back} onCancel={back} />
      ) : null}
    </>
  );
}
