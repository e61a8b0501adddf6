'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VIDEO_FILE_FIELDS, VIDEO_UPLOAD_SLOTS, type MediaFileView, type Video, type VideoUploadSlot } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';

export type SlotPhase = 'uploading' | 'uploaded' | 'processing' | 'ready' | 'failed' | 'error';

/** What one slot (video, teaser, thumbnail) holds: an upload in flight, a processed file, a vault pick or the attached file. */
export interface SlotFile {
  key: string;
  name: string;
  percent: number;
  phase: SlotPhase;
  error?: string;
  /** Local object URL (a picked image) until the server's own picture exists. */
  localUrl?: string;
  file?: MediaFileView;
}

export type Slots = Record<VideoUploadSlot, SlotFile | null>;

const settled = (p: SlotPhase) => p === 'ready' || p === 'failed' || p === 'error';
const NAMES: Record<VideoUploadSlot, string> = { video: 'Video file', teaser: 'Teaser', thumbnail: 'Thumbnail' };

/** A file already attached to the video being edited, as a slot. */
export function slotFromFile(slot: VideoUploadSlot, file: MediaFileView, name = NAMES[slot]): SlotFile {
  return { key: `f-${file._id}`, name, percent: 100, phase: file.status, error: file.error, file };
}

const fromVideo = (v: Video | undefined): Slots => ({
  video: v?.video ? slotFromFile('video', v.video) : null,
  teaser: v?.teaser ? slotFromFile('teaser', v.teaser) : null,
  thumbnail: v?.thumbnail ? slotFromFile('thumbnail', v.thumbnail) : null,
});

let seq = 0;

/**
 * The three files of the video form. A picked file goes up at once (POST
 * /performer/performer-assets/videos/{slot}/upload, field `file`) with its progress; its
 * processing status then comes on the socket (`media/status`, to the uploader) and is read once
 * (GET /performer-assets/videos/{id|new}/file/{fileId}/status) when it starts waiting, when it
 * settles (for the file's own view: its poster) and on every (re)connection — never polled.
 * `changes()` tells what differs from the saved video (for PUT …/update and …/remove-file).
 */
export function useVideoFiles(video: Video | undefined) {
  const [slots, setSlots] = useState<Slots>(() => fromVideo(video));
  const slotsRef = useRef(slots);
  slotsRef.current = slots;
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const videoId = video?._id;

  /** Patches a slot if it still holds the item `key` (a replaced upload's late answers are dropped). */
  const patch = useCallback((slot: VideoUploadSlot, key: string, p: Partial<SlotFile>) => {
    if (!alive.current) return;
    setSlots((s) => (s[slot]?.key === key ? { ...s, [slot]: { ...s[slot]!, ...p } } : s));
  }, []);

  const check = useCallback(
    async (slot: VideoUploadSlot, key: string, fileId: string) => {
      try {
        const f = await call(routes.videos.fileStatus, { params: { id: videoId || 'new', fileId } });
        patch(slot, key, settled(f.status) ? { phase: f.status, error: f.error, file: f } : { phase: f.status });
      } catch {
        /* the next event or reconnection tells */
      }
    },
    [videoId, patch],
  );

  useSocketEvent('media/status', (e) => {
    for (const slot of VIDEO_UPLOAD_SLOTS) {
      const it = slotsRef.current[slot];
      if (!it || it.file?._id !== e.fileId || settled(it.phase)) continue;
      if (e.status === 'ready' || e.status === 'failed') void check(slot, it.key, e.fileId);
      else patch(slot, it.key, { phase: e.status });
    }
  });

  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const slot of VIDEO_UPLOAD_SLOTS) {
      const it = slotsRef.current[slot];
      if (it?.file && !settled(it.phase)) void check(slot, it.key, it.file._id);
    }
  }, [socketStatus, check]);

  /** Uploads `file` into `slot` (replacing what it held). */
  const upload = useCallback(
    (slot: VideoUploadSlot, file: File) => {
      const key = `u${++seq}`;
      const localUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
      setSlots((s) => {
        const old = s[slot];
        if (old?.localUrl) URL.revokeObjectURL(old.localUrl);
        return { ...s, [slot]: { key, name: file.name, percent: 0, phase: 'uploading', localUrl } };
      });
      uploadTo(routes.videos.uploadFile, { slot }, file, { field: 'file', onProgress: (percent) => patch(slot, key, { percent: Math.min(percent, 99) }) })
        .then((f) => {
          patch(slot, key, { file: f, percent: 100, phase: f.status, error: f.error });
          if (!settled(f.status)) void check(slot, key, f._id);
        })
        .catch((e) => patch(slot, key, { phase: 'error', error: errorText(e, 'Upload failed') }));
    },
    [patch, check],
  );

  /** Puts an existing (vault) file into `slot`. */
  const pick = useCallback((slot: VideoUploadSlot, file: MediaFileView, name: string) => {
    setSlots((s) => ({ ...s, [slot]: slotFromFile(slot, file, name) }));
  }, []);

  const clear = useCallback((slot: VideoUploadSlot) => {
    setSlots((s) => {
      if (s[slot]?.localUrl) URL.revokeObjectURL(s[slot]!.localUrl!);
      return { ...s, [slot]: null };
    });
  }, []);

  /** Back to the saved video's files (after a save). */
  const reset = useCallback((v: Video | undefined) => setSlots(fromVideo(v)), []);

  const uploading = VIDEO_UPLOAD_SLOTS.some((s) => slots[s]?.phase === 'uploading');

  /** The file id each slot will save (null: empty, or an upload that failed). */
  const ids = (): Record<VideoUploadSlot, string | null> => {
    const id = (s: VideoUploadSlot) => {
      const it = slots[s];
      return it?.file && it.phase !== 'error' ? it.file._id : null;
    };
    return { video: id('video'), teaser: id('teaser'), thumbnail: id('thumbnail') };
  };

  /**
   * What changed against the saved `video`: `update` (PUT …/update/{id}: new files by body field)
   * and `removed` (DELETE …/remove-file/{id} per type).
   */
  const changes = (v: Video) => {
    const now = ids();
    const saved: Record<VideoUploadSlot, string | null> = { video: v.video?._id ?? null, teaser: v.teaser?._id ?? null, thumbnail: v.thumbnail?._id ?? null };
    const update: Partial<Record<(typeof VIDEO_FILE_FIELDS)[VideoUploadSlot], string>> = {};
    const removed: VideoUploadSlot[] = [];
    for (const s of VIDEO_UPLOAD_SLOTS) {
      if (now[s] === saved[s]) continue;
      if (now[s]) update[VIDEO_FILE_FIELDS[s]] = now[s]!;
      else removed.push(s);
    }
    return { update, removed };
  };

  return { slots, upload, pick, clear, reset, uploading, ids, changes };
}
