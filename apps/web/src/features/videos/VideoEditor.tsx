'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import VideoForm from './VideoForm';
import css from './videos.module.css';

/** /creator/videos/new and /creator/videos/[id]/edit (GET /performer/performer-assets/videos/{id}/view, then the form). */
export default function VideoEditor({ id }: { id?: string }) {
  const router = useRouter();
  const { data, error, isLoading, mutate } = useRoute(routes.videos.view, id ? { params: { id } } : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
  const back = () => router.push('/creator/videos');
  return (
    <>
      <Link href="/creator/videos" className={css.back}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          My videos
        </Button>
      </Link>
      <h1 className="page-title">{id ? 'Edit video' : 'New video'}</h1>
      <p className="page-lead">{id ? 'Change the details, access, schedule or files.' : 'Upload a video, set who can watch it, and publish it now or later.'}</p>
      {!id ? (
        <VideoForm onDone={back} onCancel={back} />
      ) : isLoading ? (
        <Card aria-busy="true" aria-label="Loading the video">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : error ? (
        <Card>
          {(error as { statusCode?: number }).statusCode === 404 ? (
            <EmptyState
              title="This video isn't here"
              description="It may have been deleted."
              action={
                <Link href="/creator/videos">
                  <Button>Back to my videos</Button>
                </Link>
              }
            />
          ) : (
            <ErrorState title="This video didn't load" message={errorText(error)} onRetry={() => void mutate()} />
          )}
        </Card>
      ) : data ? (
        <VideoForm key={data._id} video={data} onDone={back} onCancel={back} />
      ) : null}
    </>
  );
}
