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
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  const settledRef = useRef(onSettled);
  const alive = useRef(true);
  useEffect(() => {
    itemsRef.current = items;
    settledRef.current = onSettled;
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patch = useCallback((key: string, p: Partial<UploadItem>) => {
    if (!alive.current) return;
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...p } : it)));
    if (p.phase && settled(p.phase) && p.phase !== 'error') {
      const it = itemsRef.current.find((i) => i.key === key);
      if (it && !settled(it.phase)) settledRef.current?.({ ...it, ...p });
    }
  }, []);

  const check = useCallback(
    async (key: string, fileId: string) => {
      try {
        const s = await call(routes.messages.fileStatus, { params: { id: 'new', fileId } });
        const it = itemsRef.current.find((i) => i.key === key);
        patch(key, { phase: s.status, error: s.error, file: it?.file ? { ...it.file, status: s.status, error: s.error } : it?.file });
      } catch {
        /* the next event or reconnection tells */
      }
    },
    [patch],
  );

  useSocketEvent('media/status', (e) => {
    const it = itemsRef.current.find((i) => i.file?._id === e.fileId);
    if (!it || settled(it.phase)) return;
    if (e.status === 'ready' || e.status === 'failed') void check(it.key, e.fileId);
    else patch(it.key, { phase: e.status });
  });

  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const it of itemsRef.current) if (it.file && !settled(it.phase)) void check(it.key, it.file._id);
  }, [socketStatus, check]);

  const add = useCallback(
    (files: File[]) => {
      const created = files.map<UploadItem>((f) => {
        const kind = kindOf(f);
        return { key: `m${++seq}`, slot: slotOf(kind), name: f.name, kind, percent: 0, phase: 'uploading', localUrl: kind === 'image' ? URL.createObjectURL(f) : undefined };
      });
      setItems((list) => [...list, ...created]);
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
    [patch, check],
  );

  /** Adds already processed files (vault picks); a file already there is not added twice. */
  const addExisting = useCallback((picked: UploadItem[]) => {
    setItems((list) => [...list, ...picked.filter((p) => !list.some((i) => i.file?._id === p.file?._id))]);
  }, []);

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const it = list.find((i) => i.key === key);
      if (it?.localUrl) URL.revokeObjectURL(it.localUrl);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((list) => {
      for (const it of list) if (it.localUrl) URL.revokeObjectURL(it.localUrl);
      return [];
    });
  }, []);

  return { items, add, addExisting, remove, clear };
}
