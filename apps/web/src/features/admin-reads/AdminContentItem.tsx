'use client';
/**
 * /admin/content/{kind}/{id} (operators; issue 28 §6): one post, video, gallery or product opened
 * WITH its media — GET /admin/content/{kind}/{id}, an audited read: the console asks why first
 * (AccessReasonDialog through lib/api.ts), the API writes the reason to the audit log and the
 * creator's data export lists it. Everywhere else the console shows locked media blurred. Read
 * once: not again on focus (each read is another audit entry); a gallery's photos a page at a time.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Avatar, Button, Card, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { ADMIN_CONTENT_PHOTOS_PAGE, DEFAULT_AVATAR, HIDEABLE_KINDS, type AdminContentItem as Item, type HideableKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { AuditedReadFailure, READ_ONCE } from '@/components/AuditedRead';
import { EmptyState } from '@/components/states';
import AccessTag from '@/components/AccessTag';
import HiddenTag from '@/components/HiddenTag';
import { RichText } from '@/features/feeds/RichText';
import ConsoleMedia from './ConsoleMedia';
import Pager from './Pager';
import css from './admin-reads.module.css';

const KIND_LABEL: Record<HideableKind, string> = { feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product' };
const STATUS_LABEL: Record<string, string> = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft', active: 'Active', inactive: 'Inactive' };
/** Each read is an audit entry: the answer is read once, never again on focus or reconnect. */
const isKind = (v: string): v is HideableKind => (HIDEABLE_KINDS as readonly string[]).includes(v);

function Body({ data, page, setPage }: { data: Item; page: number; setPage: (p: number) => void }) {
  if (data.kind === 'feed') {
    const f = data.item;
    return (
      <>
        {f.text ? <RichText html={f.text} className={css.richText} /> : <p className="muted">No text.</p>}
        {f.files.length ? <ConsoleMedia files={f.files} label="the post" /> : !f.teaser && <EmptyState title="No media" description="This post is text only." />}
        {f.teaser && (
          <section className={css.block}>
            <h2>Teaser</h2>
            <ConsoleMedia files={[f.teaser]} label="the post's teaser" />
          </section>
        )}
        {f.poll && (
          <section className={css.block}>
            <h2>Poll: {f.poll.question}</h2>
            <ul className={css.plainList}>
              {f.poll.options.map((o) => (
                <li key={o._id}>{o.text}</li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  }
  if (data.kind === 'video') {
    const v = data.item;
    return (
      <>
        {v.video ? <ConsoleMedia files={[v.video]} label="the video" /> : <EmptyState title="No video file" description="The creator has not uploaded the video yet." />}
        {v.description ? <p className={css.text}>{v.description}</p> : null}
        {v.tags.length > 0 && (
          <div className={css.tags}>
            {v.tags.map((t) => (
              <Tag key={t}>#{t}</Tag>
            ))}
          </div>
        )}
        {v.teaser && (
          <section className={css.block}>
            <h2>Teaser</h2>
            <ConsoleMedia files={[v.teaser]} label="the video's teaser" />
          </section>
        )}
      </>
    );
  }
  if (data.kind === 'gallery') {
    const g = data.item;
    const { photos } = data;
    return (
      <>
        {g.description ? <p className={css.text}>{g.description}</p> : null}
        <section className={css.block} aria-label="Photos">
          <h2>{photos.total === 1 ? '1 photo' : `${photos.total} photos`}</h2>
          {photos.data.length ? (
            <div className={css.grid} role="list" aria-label="Photos of the gallery">
              {photos.data.map((p, i) => (
                <figure key={p._id} className={css.figure} role="listitem">
                  <ConsoleMedia files={[p.file]} label={`the gallery (${(page - 1) * ADMIN_CONTENT_PHOTOS_PAGE + i + 1})`} />
                  <figcaption>
                    {p.title || 'Untitled'}
                    {p.status !== 'active' && <Tag className={css.captionTag}>{STATUS_LABEL[p.status] ?? p.status}</Tag>}
                  </figcaption>
                </figure>
              ))}
            </div>
          ) : (
            <EmptyState title="No photos in this gallery" />
          )}
          <Pager page={page} pageSize={ADMIN_CONTENT_PHOTOS_PAGE} total={photos.total} onChange={setPage} label="Pages of photos" />
        </section>
      </>
    );
  }
  const p = data.item;
  return (
    <>
      {p.images.length ? <ConsoleMedia files={p.images} label="the product" /> : null}
      {p.description ? <p className={css.text}>{p.description}</p> : null}
      <dl className={css.facts}>
        <dt>Type</dt>
        <dd>{p.type === 'digital' ? 'Digital' : 'Physical'}</dd>
        <dt>Price</dt>
        <dd>{money(p.price)}</dd>
        {p.type === 'physical' && (
          <>
            <dt>Stock</dt>
            <dd>{p.stock ?? 0}</dd>
          </>
        )}
        {p.digitalFile && (
          <>
            <dt>File</dt>
            <dd>{p.digitalFile.name}</dd>
          </>
        )}
      </dl>
      {p.type === 'digital' &&
        (data.download ? (
          <Button href={data.download.url} icon={<DownloadOutlined aria-hidden />} className={css.download}>
            Download the file
          </Button>
        ) : (
          <Alert type="info" showIcon title="No file uploaded yet." />
        ))}
    </>
  );
}

export default function AdminContentItem({ kind, id }: { kind: string; id: string }) {
  const [page, setPage] = useState(1);
  const valid = isKind(kind);
  const { data, error, isLoading, mutate } = useRoute(
    routes.reports.adminOpen,
    valid ? { params: { kind, id }, query: { offset: (page - 1) * ADMIN_CONTENT_PHOTOS_PAGE, limit: ADMIN_CONTENT_PHOTOS_PAGE } } : null,
    { ...READ_ONCE, keepPreviousData: true },
  );
  const back = (
    <Link href={valid && kind !== 'feed' ? `/admin/content?kind=${kind}` : '/admin/content'} className={css.back}>
      <ArrowLeftOutlined aria-hidden /> Content
    </Link>
  );
  if (!valid || (error && !data)) {
    return (
      <div className="container page">
        {back}
        <AuditedReadFailure error={error} thing="item" notFoundMessage="It may have been deleted, or the link is wrong." invalid={!valid} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton active title paragraph={{ rows: 2 }} />
        <Skeleton.Image active className={css.mediaSkeleton} />
      </div>
    );
  }
  const s = data.summary;
  const owner = s.owner;
  const access = data.kind === 'feed' ? { access: data.item.visibility, price: data.item.price } : data.kind === 'product' ? null : { access: data.item.access, price: data.item.price };
  return (
    <div className="container page">
      {back}
      <header className={css.head}>
        <h1>{s.title.trim() || `${KIND_LABEL[data.kind]} without a title`}</h1>
        <div className={css.tags}>
          <Tag>{KIND_LABEL[data.kind]}</Tag>
          {s.status && <Tag>{STATUS_LABEL[s.status] ?? s.status}</Tag>}
          {access && <AccessTag access={access.access} price={access.price} />}
          <HiddenTag item={s} />
        </div>
        <div className={css.meta}>
          {owner && (
            <Link href={`/admin/users/${owner._id}`} className={css.person}>
              <Avatar size={28} src={owner.avatar || DEFAULT_AVATAR} alt="" />
              <span>
                {owner.name || owner.username}
                {owner.username ? <span className="muted"> @{owner.username}</span> : null}
                {owner.status === 'suspended' ? <span className="muted"> · Suspended</span> : null}
              </span>
            </Link>
          )}
          <span className="muted">Created {fullDate(s.createdAt)}</span>
          {s.link && (
            <Link href={s.link} target="_blank" className={css.external}>
              Public page <ExportOutlined aria-hidden />
            </Link>
          )}
        </div>
      </header>
      <Alert
        className={css.notice}
        type="info"
        showIcon
        title="Opened with your reason"
        description={`This read is in the audit log${owner ? `, and ${owner.name || owner.username} can see in their data export that an operator opened it` : ''}. Elsewhere the console shows locked media blurred.`}
      />
      {s.hidden && s.hiddenReason && <Alert className={css.notice} type="warning" showIcon title={`Hidden: ${s.hiddenReason}`} />}
      <Card>
        <Body data={data} page={page} setPage={setPage} />
      </Card>
    </div>
  );
}
