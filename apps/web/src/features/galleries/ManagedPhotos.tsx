'use client';
import { useState } from 'react';
import { App, Button, Tag, Tooltip } from 'antd';
import { DeleteOutlined, ExclamationCircleOutlined, LoadingOutlined, PictureOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Gallery, Photo } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import type { ListPage } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import ForensicMarkButton from '@/features/protection/ForensicMarkButton';
import { PhotoGridSkeleton } from './PhotoGrid';
import css from './galleries.module.css';

interface PhotoList {
  items: Photo[];
  total: number;
  error: unknown;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  mutate: (data?: ListPage<Photo>[] | ((pages?: ListPage<Photo>[]) => ListPage<Photo>[] | undefined), opts?: { revalidate?: boolean }) => Promise<unknown>;
}

/**
 * The photos of a gallery being managed: each with its picture (or its processing state), the
 * cover marked `Cover`, and the buttons `Set as cover` (POST …/photos/set-cover/{id}) and
 * `Delete photo` (asks first; DELETE …/photos/{id} — the file stays in the vault); in a gallery that
 * is not free, the photo's forensic mark (ForensicMarkButton).
 */
export default function ManagedPhotos({ gallery, list, onChanged }: { gallery: Gallery; list: PhotoList; onChanged: () => void }) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const setCover = async (p: Photo) => {
    setBusy(p._id);
    try {
      await call(routes.photos.setCover, { params: { id: p._id } });
      message.success('Cover updated');
      onChanged();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const remove = (p: Photo, name: string) =>
    modal.confirm({
      title: 'Delete this photo?',
      content: `${name} leaves the gallery; the file stays in your vault.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await call(routes.photos.remove, { params: { id: p._id } });
          await list.mutate((pages) => pages?.map((pg) => ({ ...pg, data: pg.data.filter((x) => x._id !== p._id), total: Math.max(0, pg.total - 1) })), { revalidate: false });
          message.success('Photo deleted');
          onChanged();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  if (list.isLoading) return <PhotoGridSkeleton count={4} />;
  if (list.error && !list.items.length) return <ErrorState title="The photos didn't load" message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <EmptyState title="No photos yet" description="Upload photos or add them from your vault." />;
  return (
    <>
      <ul className={css.manageGrid} aria-label="Gallery photos">
        {list.items.map((p, i) => {
          const name = p.title || `Photo ${i + 1}`;
          const isCover = p._id === gallery.coverPhotoId;
          const f = p.file;
          return (
            <li key={p._id} className={isCover ? `${css.manageTile} ${css.coverTile}` : css.manageTile} aria-label={isCover ? `${name} (cover)` : name}>
              <div className={css.manageThumb}>
                {f.status === 'ready' && f.thumbnails[0] ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the creator's own photo (signed thumbnail)
                  <img src={f.thumbnails[0]} alt="" loading="lazy" decoding="async" />
                ) : f.status === 'failed' ? (
                  <span className={css.tileState} role="status">
                    <ExclamationCircleOutlined aria-hidden="true" /> Processing failed
                  </span>
                ) : (
                  <span className={css.tileState} role="status">
                    <LoadingOutlined aria-hidden="true" /> Processing…
                  </span>
                )}
                {isCover && (
                  <Tag color="purple" variant="solid" icon={<StarFilled aria-hidden="true" />} className={css.coverTag}>
                    Cover
                  </Tag>
                )}
                {p.status !== 'active' && <Tag className={css.statusTag}>{p.status === 'draft' ? 'Draft' : 'Inactive'}</Tag>}
              </div>
              <div className={css.tileActions}>
                {!isCover && (
                  <Button type="text" size="small" icon={<StarOutlined aria-hidden="true" />} disabled={f.status === 'failed'} loading={busy === p._id} onClick={() => void setCover(p)}>
                    Set as cover
                  </Button>
                )}
                <span className={css.spacer} />
                {gallery.access !== 'free' && f.status === 'ready' && <ForensicMarkButton fileId={f._id} name={name} />}
                <Tooltip title="Delete photo">
                  <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label="Delete photo" onClick={() => remove(p, name)} />
                </Tooltip>
              </div>
            </li>
          );
        })}
      </ul>
      {list.hasMore && (
        <div className={css.more}>
          <Button icon={<PictureOutlined aria-hidden="true" />} loading={list.isLoadingMore} onClick={list.loadMore}>
            Load more photos
          </Button>
        </div>
      )}
    </>
  );
}
