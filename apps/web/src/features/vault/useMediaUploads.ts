'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaFileView, MediaType } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';
import type { UploadItem, UploadPhase } from '@/features/feeds/useUploads';

export type { UploadItem };

let seq = 0;
const slotOf = (kind: MediaType): UploadItem['slot'] => (kind === 'image' ? 'photo' : kind);
const kindOf = (f: File): MediaType => (f.type.startsWith('image/') ? 'image' : f.type.startsWith('audio/') ? 'audio' : 'video');
const settled = (phase: UploadPhase) => phase === 'ready' || phase === 'failed' || phase === 'error';

/** A vault file picked for a message, as a tile of the attached files (already processed). */
export function itemFromVaultFile(file: MediaFileView, name: string): UploadItem {
  return { key: `v-${file._id}`, slot: slotOf(file.type), name, kind: file.type, percent: 100, phase: file.status, file, error: file.error };
}

/**
 * Message media uploads (POST /messages/private/file, field `file`: a photo, video or audio — the
 * server decides by content). Every upload also lands in the creator's vault. Each file goes up at
 * once with its own progress; its processing status then comes on the socket (`media/status`, to
 * the uploader), read once with GET /messages/new/file/{fileId}/status when it starts waiting and
 * on every (re)connection — never polled. `onSettled` runs when a file is ready or failed.
 */
export function useMediaUploads(onSettled?: (item: UploadItem) => unknown) {
  // The items live in a ref (updated at once, in order) and are published to state for rendering:
  // a 'media/status' event can arrive right after an upload answers, before any re-render.
  const store = useRef(new Map<string, UploadItem>());
  const [items, setItems] = useState<UploadItem[]>([]);
  const settledRef = useRef(onSettled);
  const alive = useRef(true);
  useEffect(() => {
    settledRef.current = onSettled;
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const publish = useCallback(() => {
    if (alive.current) setItems([...store.current.values()]);
  }, []);

  const patch = useCallback(
    (key: string, p: Partial<UploadItem>) => {
      const prev = store.current.get(key);
      if (!prev) return;
      const next = { ...prev, ...p };
      store.current.set(key, next);
      publish();
      if (!settled(prev.phase) && (next.phase === 'ready' || next.phase === 'failed')) settledRef.current?.(next);
    },
    [publish],
  );

  const check = useCallback(
    async (key: string, fileId: string) => {
      try {
        const s = await call(routes.messages.fileStatus, { params: { id: 'new', fileId } });
        const it = store.current.get(key);
        if (!it || settled(it.phase)) return;
        patch(key, { phase: s.status, error: s.error, file: it.file ? { ...it.file, status: s.status, error: s.error } : it.file });
      } catch {
        /* the next event or reconnection tells */
      }
    },
    [patch],
  );

  useSocketEvent('media/status', (e) => {
    const it = [...store.current.values()].find((i) => i.file?._id === e.fileId);
    if (!it || settled(it.phase)) return;
    if (e.status === 'ready' || e.status === 'failed') void check(it.key, e.fileId);
    else patch(it.key, { phase: e.status });
  });

  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const it of store.current.values()) if (it.file && !settled(it.phase)) void check(it.key, it.file._id);
  }, [socketStatus, check]);

  const add = useCallback(
    (files: File[]) => {
      const created = files.map<UploadItem>((f) => {
        const kind = kindOf(f);
        return { key: `m${++seq}`, slot: slotOf(kind), name: f.name, kind, percent: 0, phase: 'uploading', localUrl: kind === 'image' ? URL.createObjectURL(f) : undefined };
      });
      for (const it of created) store.current.set(it.key, it);
      publish();
      created.forEach((it, i) => {
        uploadTo(routes.messages.uploadFile, undefined, files[i]!, { field: 'file', onProgress: (percent) => patch(it.key, { percent: Math.min(percent, 99) }) })
          .then((file) => {
            patch(it.key, { file, percent: 100, kind: file.type, slot: slotOf(file.type), phase: file.status, error: file.error });
            if (!settled(file.status)) void check(it.key, file._id);
          })
          .catch((e) => patch(it.key, { phase: 'error', error: errorText(e, 'Upload failed') }));
      });
      return created.map((it) => it.key);
    },
    [patch, check, publish],
  );

  /** Adds already processed files (vault picks); a file already there is not added twice. */
  const addExisting = useCallback(
    (picked: UploadItem[]) => {
      const have = new Set([...store.current.values()].map((i) => i.file?._id));
      for (const p of picked) if (!have.has(p.file?._id)) store.current.set(p.key, p);
      publish();
    },
    [publish],
  );

  const remove = useCallback(
    (key: string) => {
      const it = store.current.get(key);
      if (it?.localUrl) URL.revokeObjectURL(it.localUrl);
      store.current.delete(key);
      publish();
    },
    [publish],
  );

  const clear = useCallback(() => {
    for (const it of store.current.values()) if (it.localUrl) URL.revokeObjectURL(it.localUrl);
    store.current.clear();
    publish();
  }, [publish]);

  return { items, add, addExisting, remove, clear };
}
