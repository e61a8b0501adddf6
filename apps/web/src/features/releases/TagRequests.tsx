'use client';
/**
 * The tab `Tag requests` of /creator/releases (`?tab=tags`, where the tag notification links):
 * other creators naming this verified creator on their post, video, gallery or stream (GET
 * /releases/tags, newest first, status filter). Accept (POST …/accept) or decline (POST …/decline:
 * a published item naming them is hidden at once); an accepted tag can be withdrawn by declining.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, App, Avatar, Button, Card, Pagination, Segmented, Skeleton } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TagRequest, TagStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import { TagStatusTag } from './release-ui';
import css from './releases.module.css';

const PAGE = 10;
const KIND_LABEL: Record<TagRequest['item']['kind'], string> = { feed: 'post', video: 'video', gallery: 'gallery', stream: 'live stream' };
type Filter = TagStatus | 'all';

function TagRow({ t, onDone }: { t: TagRequest; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t.item.title || `Untitled ${KIND_LABEL[t.item.kind]}`;
  const answer = async (a: 'accept' | 'decline') => {
    setBusy(a);
    setFailure(null);
    try {
      await call(a === 'accept' ? routes.releases.tagAccept : routes.releases.tagDecline, { params: { id: t._id } });
      message.success(a === 'accept' ? 'Tag accepted' : 'Tag declined');
      onDone();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  const decline = () =>
    t.status === 'accepted'
      ? modal.confirm({
          title: 'Withdraw your acceptance?',
          content: `“${title}” is hidden from fans until ${t.owner.name} removes you from it.`,
          okText: 'Decline',
          okButtonProps: { danger: true },
          cancelText: 'Keep it',
          onOk: () => answer('decline'),
        })
      : void answer('decline');
  return (
    <li className={css.tagRow} aria-label={`Tag by ${t.owner.name} on ${title}`}>
      <Avatar src={t.owner.avatar || undefined} alt="" size={40} className={css.tagAvatar} />
      <div className={css.tagText}>
        <span>
          <strong>{t.owner.name}</strong>
          {t.owner.username && <span className={css.muted}> @{t.owner.username}</span>} named you on the {KIND_LABEL[t.item.kind]}{' '}
          {t.item.link ? <Link href={t.item.link}>{title}</Link> : <strong>{title}</strong>}
        </span>
        <span className={css.muted}>
          {fullDate(t.createdAt)}
          {t.answeredAt ? ` · answered ${fullDate(t.answeredAt)}` : ''}
        </span>
        <span><TagStatusTag status={t.status} /></span>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </div>
      <div className={css.tagButtons}>
        {t.status !== 'accepted' && (
          <Button type="primary" icon={<CheckOutlined />} loading={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')} aria-label={`Accept the tag on ${title}`}>
            Accept
          </Button>
        )}
        {t.status !== 'declined' && (
          <Button danger icon={<CloseOutlined />} loading={busy === 'decline'} disabled={busy !== null} onClick={decline} aria-label={`Decline the tag on ${title}`}>
            Decline
          </Button>
        )}
      </div>
    </li>
  );
}

export default function TagRequests() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useRoute(routes.releases.tags, { query: { offset: (page - 1) * PAGE, limit: PAGE, status: filter === 'all' ? undefined : filter } });
  return (
    <>
      <div className={css.toolbar}>
        <Segmented<Filter>
          aria-label="Show tag requests"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={[
            { value: 'pending', label: 'Waiting' },
            { value: 'accepted', label: 'Accepted' },
            { value: 'declined', label: 'Declined' },
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      {error && !data ? (
        <Card><ErrorState title="Your tag requests didn't load" message={errorText(error)} onRetry={() => void mutate()} /></Card>
      ) : isLoading && !data ? (
        <Card aria-busy="true" aria-label="Loading your tag requests"><Skeleton active avatar paragraph={{ rows: 3 }} /></Card>
      ) : !data?.data.length ? (
        <Card>
          <EmptyState
            title={filter === 'pending' ? 'No tag requests waiting' : 'No tag requests'}
            description="When another creator names you on their content, you accept or decline it here. Nothing naming you is published until you accept."
          />
        </Card>
      ) : (
        <Card>
          <ul className={css.tags} aria-label="Tag requests">
            {data.data.map((t) => (
              <TagRow key={t._id} t={t} onDone={() => void mutate()} />
            ))}
          </ul>
          {data.total > PAGE && <Pagination current={page} pageSize={PAGE} total={data.total} onChange={setPage} showSizeChanger={false} className={css.pager} />}
        </Card>
      )}
    </>
  );
}
