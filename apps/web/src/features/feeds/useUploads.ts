'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedUploadSlot, MediaFileView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';

export type UploadPhase = 'uploading' | 'uploaded' | 'processing' | 'ready' | 'failed' | 'error';

export interface UploadItem {
  key: string;
  slot: FeedUploadSlot;
  name: string;
  kind: 'image' | 'video' | 'audio';
  percent: number;
  phase: UploadPhase;
  error?: string;
  /** Local object URL (images) for the tile before the server's thumbnail exists. */
  localUrl?: string;
  file?: MediaFileView;
}

let seq = 0;
const kindOf = (slot: FeedUploadSlot, f: File): UploadItem['kind'] =>
  slot === 'photo' || slot === 'thumbnail' ? 'image' : slot === 'audio' ? 'audio' : f.type.startsWith('audio') ? 'audio' : 'video';

/** An existing file of a feed being edited, as an upload item. */
export function itemFromFile(slot: FeedUploadSlot, file: MediaFileView): UploadItem {
  const names = { image: 'Photo', video: 'Video', audio: 'Audio' } as const;
  return { key: file._id, slot, name: names[file.type], kind: file.type, percent: 100, phase: file.status, file, error: file.error };
}

const settled = (phase: UploadPhase) => phase === 'ready' || phase === 'failed' || phase === 'error';

/**
 * Uploads of the composer: each file goes up at once (POST /performer/feeds/{slot}/upload, field
 * `file`) with its own progress; its processing status then arrives on the socket ('media/status',
 * sent to the uploader). No polling: the status is read once (GET /user/feeds/{feedId|new}/file/
 * {fileId}/status) when an item starts waiting, when it settles (for the file's own view) and when
 * the socket (re)connects, so an event missed while offline cannot leave a spinner forever.
 */
export function useUploads(feedId: string | undefined) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const alive = useRef(true);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patch = useCallback((key: string, p: Partial<UploadItem>) => {
    if (alive.current) setItems((list) => list.map((it) => (it.key === key ? { ...it, ...p } : it)));
  }, []);

  /** One status read: settles the item with the uploader's view of its file when done. */
  const check = useCallback(
    async (key: string, fileId: string) => {
      try {
        const s = await call(routes.feeds.fileStatus, { params: { id: feedId || 'new', fileId } });
        if (s.status === 'ready' || s.status === 'failed') patch(key, { phase: s.status, error: s.error, file: { ...(s as MediaFileView) } });
        else patch(key, { phase: s.status });
      } catch {
        /* the next event or reconnect tells */
      }
    },
    [feedId, patch],
  );

  useSocketEvent('media/status', (e) => {
    const it = itemsRef.current.find((i) => i.file?._id === e.fileId);
    if (!it || settled(it.phase)) return;
    if (e.status === 'ready' || e.status === 'failed') void check(it.key, e.fileId);
    else patch(it.key, { phase: e.status });
  });

  // On every (re)connection: read the status of whatever is still waiting.
  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const it of itemsRef.current) if (it.file && !settled(it.phase)) void check(it.key, it.file._id);
  }, [socketStatus, check]);

  const add = useCallback(
    (slot: FeedUploadSlot, files: File[], replace = false) => {
      const created = files.map<UploadItem>((f) => ({
        key: `u${++seq}`,
        slot,
        name: f.name,
        kind: kindOf(slot, f),
        percent: 0,
        phase: 'uploading',
        localUrl: f.type.startsWith('image/') ? URL.createObjectURL(f) : undefined,
      }));
      setItems((list) => [...(replace ? list.filter((i) => i.slot !== slot) : list), ...created]);
      created.forEach((it, i) => {
        uploadTo(routes.feeds.upload, { slot }, files[i]!, { field: 'file', onProgress: (percent) => patch(it.key, { percent: Math.min(percent, 99) }) })
          .then((file) => {
            patch(it.key, { file, percent: 100, phase: file.status, error: file.error });
            if (file.status !== 'ready' && file.status !== 'failed') void check(it.key, file._id);
          })
          .catch((e) => patch(it.key, { phase: 'error', error: errorText(e, 'Upload failed') }));
      });
    },
    [patch, check],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const it = list.find((i) => i.key === key);
      if (it?.localUrl) URL.revokeObjectURL(it.localUrl);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const seed = useCallback(
    (initial: UploadItem[]) => {
      setItems(initial);
      for (const it of initial) if (it.file && !settled(it.phase)) void check(it.key, it.file._id);
    },
    [check],
  );

  return { items, add, remove, seed };
}
