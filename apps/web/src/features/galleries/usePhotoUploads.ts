'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PHOTO_UPLOAD_FIELD, type FileStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';

/** queued → uploading (percent) → uploaded / processing → ready | failed; `error`: the upload itself failed. */
export type PhotoUploadPhase = 'queued' | 'uploading' | FileStatus | 'error';

export interface PhotoUpload {
  key: string;
  name: string;
  percent: number;
  phase: PhotoUploadPhase;
  error?: string;
  /** A local object URL of the picture, for the tile until the photo shows in the grid. */
  localUrl?: string;
  photoId?: string;
  fileId?: string;
}

/** Files sent at the same time; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

let seq = 0;
const settled = (p: PhotoUploadPhase) => p === 'ready' || p === 'failed' || p === 'error';
const waiting = (p: PhotoUploadPhase) => p === 'uploaded' || p === 'processing';

/**
 * Uploads of many photos into one gallery: each file is its own POST
 * /performer/performer-assets/photos/upload (field `photo` + `galleryId`), a few at a time
 * (PARALLEL_UPLOADS), each with its progress. The API answers the photo with its file's status;
 * processing then reports on the socket ('media/status', to the uploader) — read once with GET
 * /files/{fileId}/status when a file starts waiting and on every (re)connection, never polled.
 * `onPhoto` runs when a photo row exists (the grid can show it) and again when its file settles.
 */
export function usePhotoUploads(galleryId: string, onPhoto?: (u: PhotoUpload) => unknown) {
  // Items in a ref (updated at once, in order) published to state: a 'media/status' event can
  // arrive right after an upload answers, before any re-render.
  const store = useRef(new Map<string, PhotoUpload>());
  const files = useRef(new Map<string, File>());
  const active = useRef(0);
  const [items, setItems] = useState<PhotoUpload[]>([]);
  const onPhotoRef = useRef(onPhoto);
  const alive = useRef(true);
  useEffect(() => {
    onPhotoRef.current = onPhoto;
  });
  useEffect(() => {
    alive.current = true;
    const urls = store.current;
    return () => {
      alive.current = false;
      for (const it of urls.values()) if (it.localUrl) URL.revokeObjectURL(it.localUrl);
    };
  }, []);

  const publish = useCallback(() => {
    if (alive.current) setItems([...store.current.values()]);
  }, []);

  const patch = useCallback(
    (key: string, p: Partial<PhotoUpload>) => {
      const prev = store.current.get(key);
      if (!prev) return;
      const next = { ...prev, ...p };
      store.current.set(key, next);
      publish();
      if ((p.photoId && !prev.photoId) || (!settled(prev.phase) && (next.phase === 'ready' || next.phase === 'failed'))) onPhotoRef.current?.(next);
    },
    [publish],
  );

  const check = useCallback(
    async (key: string, fileId: string) => {
      try {
        const s = await call(routes.media.status, { params: { fileId } });
        const it = store.current.get(key);
        if (it && !settled(it.phase)) patch(key, { phase: s.status, error: s.error });
      } catch {
        /* the next event or reconnection tells */
      }
    },
    [patch],
  );

  useSocketEvent('media/status', (e) => {
    const it = [...store.current.values()].find((i) => i.fileId === e.fileId);
    if (!it || settled(it.phase)) return;
    patch(it.key, { phase: e.status, error: e.error });
  });

  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const it of store.current.values()) if (it.fileId && waiting(it.phase)) void check(it.key, it.fileId);
  }, [socketStatus, check]);

  const pump = useCallback(() => {
    while (active.current < PARALLEL_UPLOADS) {
      const next = [...store.current.values()].find((i) => i.phase === 'queued');
      if (!next) return;
      const file = files.current.get(next.key);
      if (!file) {
        patch(next.key, { phase: 'error', error: 'Upload failed' });
        continue;
      }
      active.current += 1;
      patch(next.key, { phase: 'uploading', percent: 0 });
      uploadTo(routes.photos.upload, undefined, file, {
        field: PHOTO_UPLOAD_FIELD,
        fields: { galleryId },
        onProgress: (percent) => patch(next.key, { percent: Math.min(percent, 99) }),
      })
        .then((photo) => {
          const st = photo.file.status;
          patch(next.key, { percent: 100, phase: st, error: photo.file.error, photoId: photo._id, fileId: photo.file._id });
          if (waiting(st)) void check(next.key, photo.file._id);
        })
        .catch((e) => patch(next.key, { phase: 'error', error: errorText(e, 'Upload failed') }))
        .finally(() => {
          files.current.delete(next.key);
          active.current -= 1;
          pump();
        });
    }
  }, [galleryId, patch, check]);

  const add = useCallback(
    (list: File[]) => {
      for (const f of list) {
        const key = `p${++seq}`;
        files.current.set(key, f);
        store.current.set(key, { key, name: f.name, percent: 0, phase: 'queued', localUrl: f.type.startsWith('image/') ? URL.createObjectURL(f) : undefined });
      }
      publish();
      pump();
    },
    [publish, pump],
  );

  /** Forgets the finished ones (ready, failed, errors); uploads in progress stay. */
  const clearDone = useCallback(() => {
    for (const [k, it] of store.current) {
      if (!settled(it.phase)) continue;
      if (it.localUrl) URL.revokeObjectURL(it.localUrl);
      store.current.delete(k);
    }
    publish();
  }, [publish]);

  const busy = items.some((i) => !settled(i.phase));
  return { items, add, clearDone, busy };
}
