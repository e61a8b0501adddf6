'use client';
import { useCallback, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Button, Card, Flex, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { PHOTOS_CREATE_MAX, type Gallery, type VaultItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import LazyGalleryForm from './LazyGalleryForm';
import ManagedPhotos from './ManagedPhotos';
import PhotoUploads from './PhotoUploads';
import { confirmDeleteGallery } from './deleteGallery';
import { usePhotoUploads } from './usePhotoUploads';
import { AccessBadge, StatusTags, galleryUrl, photoCount } from './parts';
import css from './galleries.module.css';
import { count } from '@/lib/format';

const PAGE = 48;

/**
 * /creator/galleries/[id]: one of the creator's galleries (GET …/galleries/{id}/view; another
 * creator's → 404): its facts with `Edit` and `Delete`, the upload area (many photos at once, each
 * with its progress and processing status; `Add from vault` → POST …/photos/create) and its photos
 * (GET …/photos/search?galleryId=) with `Set as cover` and `Delete photo`.
 */
export default function ManageGallery({ id }: { id: string }) {
  const { message, modal } = App.useApp();
  const router = useRouter();
  const gallery = useRoute(routes.galleries.own, { params: { id } });
  const photos = useRouteList(routes.photos.listOwn, { query: { galleryId: id } }, PAGE, { revalidateFirstPage: true });
  const [formOpen, setFormOpen] = useState(false);
  const [vaultOpen, setVaultOpen] = useState(false);
  const { mutate: mutateGallery } = gallery;
  const { mutate: mutatePhotos } = photos;
  const refresh = useCallback(() => {
    void mutatePhotos();
    void mutateGallery();
  }, [mutatePhotos, mutateGallery]);
  const uploads = usePhotoUploads(id, refresh);

  /**
   * Vault picks → POST …/photos/create (50 at a time). A file the API refuses (a public file such
   * as a video thumbnail, one already in the gallery…) is named in the answer's field errors
   * (`fileIds.N`): it is left out and the rest is sent again, then both outcomes are told.
   */
  const fromVault = async (items: VaultItem[]) => {
    setVaultOpen(false);
    let added = 0;
    const skipped = new Map<string, number>();
    const send = async (ids: string[]): Promise<void> => {
      if (!ids.length) return;
      try {
        added += (await call(routes.photos.create, { body: { galleryId: id, fileIds: ids } })).length;
      } catch (e) {
        const bad = new Map<number, string>();
        for (const [field, msg] of Object.entries(fieldErrors(e))) {
          const m = /^fileIds\.(\d+)$/.exec(field);
          if (m) bad.set(Number(m[1]), msg);
        }
        if (!bad.size) throw e;
        for (const msg of bad.values()) skipped.set(msg, (skipped.get(msg) ?? 0) + 1);
        await send(ids.filter((_, i) => !bad.has(i)));
      }
    };
    try {
      const ids = items.map((i) => i.file._id);
      for (let i = 0; i < ids.length; i += PHOTOS_CREATE_MAX) await send(ids.slice(i, i + PHOTOS_CREATE_MAX));
      const why = [...skipped].map(([msg, n]) => `${n} skipped: ${msg}`).join(' · ');
      if (added && !why) message.success(`${photoCount(added)} added`);
      else if (added) message.warning(`${photoCount(added)} added · ${why}`);
      else if (why) message.error(why);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      refresh();
    }
  };

  const g = gallery.data;
  if (gallery.isLoading && !g)
    return (
      <>
        <BackLink />
        <Card aria-busy="true" aria-label="Loading the gallery">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </>
    );
  if (!g)
    return (
      <>
        <BackLink />
        <Card>
          {(gallery.error as { statusCode?: number } | undefined)?.statusCode === 404 ? (
            <EmptyState title="This gallery isn't here" description="It may have been deleted." />
          ) : (
            <ErrorState title="This gallery didn't load" message={errorText(gallery.error)} onRetry={() => void gallery.mutate()} />
          )}
        </Card>
      </>
    );

  return (
    <>
      <BackLink />
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div className={css.manageHead}>
          <h1 className="page-title">{g.title}</h1>
          <div className={css.facts}>
            <StatusTags gallery={g} />
            <AccessBadge gallery={g} />
            <span>
              <PictureOutlined aria-hidden="true" /> {photoCount(g.totalPhoto)}
            </span>
          </div>
        </div>
        <Space wrap>
          <Link href={galleryUrl(g._id)}>
            <Button icon={<EyeOutlined aria-hidden="true" />}>View as a fan</Button>
          </Link>
          <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setFormOpen(true)}>
            Edit
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmDeleteGallery(modal, message, g, () => router.push('/creator/galleries'))}>
            Delete
          </Button>
        </Space>
      </Flex>
      <Card title="Add photos" className={css.section}>
        <PhotoUploads items={uploads.items} onFiles={uploads.add} onVault={() => setVaultOpen(true)} onClear={uploads.clearDone} />
      </Card>
      <Card title={`Photos (${count(g.totalPhoto)})`} className={css.section}>
        <ManagedPhotos gallery={g} list={photos} onChanged={refresh} />
      </Card>
      <LazyVaultPicker open={vaultOpen} onClose={() => setVaultOpen(false)} onPick={(items) => void fromVault(items)} type="image" multiple />
      <LazyGalleryForm
        open={formOpen}
        gallery={g}
        onClose={() => setFormOpen(false)}
        onSaved={(saved: Gallery) => {
          setFormOpen(false);
          void gallery.mutate(saved, { revalidate: false });
        }}
      />
    </>
  );
}

function BackLink() {
  return (
    <Link href="/creator/galleries" className={css.back}>
      <Button type="text" icon={<ArrowLeftOutlined aria-hidden="true" />}>
        My galleries
      </Button>
    </Link>
  );
}
