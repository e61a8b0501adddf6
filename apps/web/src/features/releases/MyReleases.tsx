'use client';
/**
 * /creator/releases (issue 28 §2): tab `Releases` — the creator's co-performer releases (GET
 * /releases, newest first) with their status, the reason of a rejected one, delete while allowed,
 * and "Add a release" (`?new=1` opens it); tab `Tag requests` (`?tab=tags`) — other creators
 * naming this one on their content, to accept or decline (TagRequests).
 */
import { useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Pagination, Skeleton, Tabs } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Release } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import ReleaseForm from './ReleaseForm';
import TagRequests from './TagRequests';
import { ReleaseStatusTag, dayText, filesText } from './release-ui';
import css from './releases.module.css';

const PAGE = 10;

function ReleaseCard({ r, onDeleted }: { r: Release; onDeleted: () => void }) {
  const { message, modal } = App.useApp();
  const name = r.stageName || r.legalName;
  const canDelete = r.status !== 'approved' && r.usedOn === 0;
  const remove = () =>
    modal.confirm({
      title: `Delete the release of ${name}?`,
      content: 'Its files are deleted too.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await call(routes.releases.remove, { params: { id: r._id } });
          message.success('Release deleted');
          onDeleted();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });
  return (
    <li className={css.release} aria-label={`Release of ${name}`}>
      <div className={css.releaseHead}>
        <h2 className={css.releaseName}>{name}</h2>
        <ReleaseStatusTag status={r.status} />
      </div>
      <dl className={css.facts}>
        {r.stageName && (<><dt>Legal name</dt><dd>{r.legalName}</dd></>)}
        <dt>Date of birth</dt>
        <dd>{dayText(r.dateOfBirth)}</dd>
        <dt>Signed</dt>
        <dd>{dayText(r.signedAt)}</dd>
        <dt>Files</dt>
        <dd>{filesText(r.files)}</dd>
        <dt>Named on</dt>
        <dd>{r.usedOn === 0 ? 'No content yet' : r.usedOn === 1 ? '1 item' : `${r.usedOn} items`}</dd>
        <dt>Added</dt>
        <dd>{fullDate(r.createdAt)}</dd>
      </dl>
      {r.status === 'rejected' && (
        <Alert type="error" showIcon className={css.reason} title="The team rejected this release" description={<>Reason: {r.rejectionReason || 'none given'}. Add a new release with the right documents.</>} />
      )}
      {canDelete && (
        <div className={css.cardActions}>
          <Button size="small" icon={<DeleteOutlined />} onClick={remove} aria-label={`Delete the release of ${name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function ReleaseList() {
  const { message } = App.useApp();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const [adding, setAdding] = useState(params.get('new') === '1');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useRoute(routes.releases.list, { query: { offset: (page - 1) * PAGE, limit: PAGE } });
  const close = () => {
    setAdding(false);
    if (params.get('new')) router.replace(pathname);
  };

  return (
    <>
      {adding ? (
        <Card className={css.formCard} title={<h2 className={css.cardTitle}>Add a release</h2>}>
          <ReleaseForm
            onCancel={close}
            onSaved={() => {
              message.success('Release sent for review');
              close();
              setPage(1);
              void revalidateRoutes(routes.releases.list);
            }}
          />
        </Card>
      ) : (
        <div className={css.toolbar}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add a release
          </Button>
        </div>
      )}
      {error && !data ? (
        <Card><ErrorState title="Your releases didn't load" message={errorText(error)} onRetry={() => void mutate()} /></Card>
      ) : isLoading && !data ? (
        <Card aria-busy="true" aria-label="Loading your releases"><Skeleton active paragraph={{ rows: 4 }} /></Card>
      ) : !data?.data.length ? (
        <Card>
          <EmptyState title="No releases yet" description="Add one for each person in your content who is not a verified creator here: their ID and signed consent, reviewed by the team." />
        </Card>
      ) : (
        <>
          <ul className={css.releases} aria-label="Your releases">
            {data.data.map((r) => (
              <ReleaseCard key={r._id} r={r} onDeleted={() => void mutate()} />
            ))}
          </ul>
          {data.total > PAGE && <Pagination current={page} pageSize={PAGE} total={data.total} onChange={setPage} showSizeChanger={false} className={css.pager} />}
        </>
      )}
    </>
  );
}

export default function MyReleases() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab = params.get('tab') === 'tags' ? 'tags' : 'releases';
  return (
    <div className={`container page ${css.narrow}`}>
      <h1 className="page-title">Releases</h1>
      <p className="page-lead">
        Everyone who appears in your content is named on it: a verified creator accepts your tag, anyone else needs a release on record — their ID and signed consent, checked by the team. Content cannot be published until everyone in it is cleared.
      </p>
      <Tabs
        activeKey={tab}
        onChange={(k) => router.replace(k === 'tags' ? `${pathname}?tab=tags` : pathname)}
        items={[
          { key: 'releases', label: 'Releases', children: <ReleaseList /> },
          { key: 'tags', label: 'Tag requests', children: <TagRequests /> },
        ]}
      />
    </div>
  );
}
