'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedUploadSlot, MediaFileView } from '@stagepass/shared';
import { api, errorText, upload } from '@/lib/api';

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

/**
 * Uploads of the composer: each file goes up at once (POST /performer/feeds/{slot}/upload, field
 * `file`) with its own progress, then its processing status is polled
 * (GET /user/feeds/{feedId|new}/file/{fileId}/status) until ready or failed.
 */
export function useUploads(feedId: string | undefined) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const alive = useRef(true);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    alive.current = true;
    const t = timers.current;
    return () => {
      alive.current = false;
      for (const id of t.values()) clearTimeout(id);
    };
  }, []);

  const patch = useCallback((key: string, p: Partial<UploadItem>) => {
    if (alive.current) setItems((list) => list.map((it) => (it.key === key ? { ...it, ...p } : it)));
  }, []);

  const poll = useCallback(
    (key: string, fileId: string, attempt = 0) => {
      const t = setTimeout(async () => {
        try {
          const s = await api.get<MediaFileView>(`/user/feeds/${feedId || 'new'}/file/${fileId}/status`);
          if (s.status === 'ready' || s.status === 'failed') {
            patch(key, { phase: s.status, error: s.error, file: { ...(s as MediaFileView) } });
            return;
          }
          patch(key, { phase: s.status });
        } catch {
          /* keep polling */
        }
        if (alive.current && attempt < 600) poll(key, fileId, attempt + 1);
      }, attempt < 5 ? 1500 : 3000);
      timers.current.set(key, t);
    },
    [feedId, patch],
  );

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
        upload<MediaFileView>(`/performer/feeds/${slot}/upload`, files[i]!, { field: 'file', onProgress: (percent) => patch(it.key, { percent: Math.min(percent, 99) }) })
          .then((file) => {
            patch(it.key, { file, percent: 100, phase: file.status, error: file.error });
            if (file.status !== 'ready' && file.status !== 'failed') poll(it.key, file._id);
          })
          .catch((e) => patch(it.key, { phase: 'error', error: errorText(e, 'Upload failed') }));
      });
    },
    [patch, poll],
  );

  const remove = useCallback((key: string) => {
    const t = timers.current.get(key);
    if (t) clearTimeout(t);
    setItems((list) => {
      const it = list.find((i) => i.key === key);
      if (it?.localUrl) URL.revokeObjectURL(it.localUrl);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const seed = useCallback(
    (initial: UploadItem[]) => {
      setItems(initial);
      for (const it of initial) if (it.file && it.phase !== 'ready' && it.phase !== 'failed') poll(it.key, it.file._id);
    },
    [poll],
  );

  return { items, add, remove, seed };
}
