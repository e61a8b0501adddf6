'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { MediaFileView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';
import type { UploadItem } from '@/features/feeds/useUploads';
import { AttachedFiles } from '@/features/feeds/composer/Uploads';
import css from '../messages.module.css';

export interface Attachment {
  key: string;
  file: File;
}

/** What the composer needs of each attachment: whether it can be sent, and its file id. */
export interface AttachmentState {
  phase: UploadItem['phase'];
  fileId?: string;
}

const settled = (p: UploadItem['phase']) => p === 'ready' || p === 'failed' || p === 'error';
const kindOf = (f: File): UploadItem['kind'] => (f.type.startsWith('image/') ? 'image' : f.type.startsWith('audio/') ? 'audio' : 'video');

/**
 * The composer's attachments (a chunk of its own, fetched when the first file is picked): each file
 * goes up at once to POST /messages/private/file with its progress; the processing status then
 * comes on the socket ('media/status', to the uploader), read once more (GET
 * /messages/new/file/{id}/status) when it starts waiting, when it settles and after a reconnect —
 * as the post composer does. Tiles as in the post composer (`Uploading N%`, `Processing…`, `Ready`,
 * `Remove {name}`). The state of each goes back to the composer through `onChange`.
 */
export default function AttachmentTray({ attachments, onChange, onRemove }: { attachments: Attachment[]; onChange: (s: Record<string, AttachmentState>) => void; onRemove: (key: string) => void }) {
  const t = useTranslations('messages');
  const [items, setItems] = useState<Record<string, UploadItem>>({});
  const itemsRef = useRef(items);
  const alive = useRef(true);
  const started = useRef(new Set<string>());
  /** fileId → attachment key, set the moment an upload answers (before the re-render), so a status event right after it is not missed. */
  const byFile = useRef(new Map<string, string>());
  useEffect(() => {
    itemsRef.current = items;
    const out: Record<string, AttachmentState> = {};
    for (const [k, it] of Object.entries(items)) out[k] = { phase: it.phase, fileId: it.file?._id };
    onChange(out);
  }, [items, onChange]);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patch = useCallback((key: string, p: Partial<UploadItem>) => {
    if (alive.current) setItems((all) => (all[key] ? { ...all, [key]: { ...all[key], ...p } } : all));
  }, []);

  const check = useCallback(
    async (key: string, fileId: string) => {
      try {
        const s = await call(routes.messages.fileStatus, { params: { id: 'new', fileId } });
        if (s.status === 'ready' || s.status === 'failed') patch(key, { phase: s.status, error: s.error });
        else patch(key, { phase: s.status });
      } catch {
        /* the next event or reconnect tells */
      }
    },
    [patch],
  );

  useSocketEvent('media/status', (e) => {
    const key = byFile.current.get(e.fileId);
    const it = key ? itemsRef.current[key] : undefined;
    if (!key || (it && settled(it.phase))) return;
    if (e.status === 'ready' || e.status === 'failed') void check(key, e.fileId);
    else patch(key, { phase: e.status });
  });
  const socketStatus = useSocketStatus();
  useEffect(() => {
    if (socketStatus !== 'connected') return;
    for (const [fileId, key] of byFile.current) {
      const it = itemsRef.current[key];
      if (it && !settled(it.phase)) void check(key, fileId);
    }
  }, [socketStatus, check]);

  // Start the upload of each new attachment; forget removed ones.
  useEffect(() => {
    const keys = new Set(attachments.map((a) => a.key));
    setItems((all) => {
      const next: Record<string, UploadItem> = {};
      for (const [k, it] of Object.entries(all)) {
        if (keys.has(k)) next[k] = it;
        else {
          if (it.localUrl) URL.revokeObjectURL(it.localUrl);
          if (it.file) byFile.current.delete(it.file._id);
        }
      }
      for (const a of attachments) {
        if (next[a.key]) continue;
        const kind = kindOf(a.file);
        next[a.key] = {
          key: a.key,
          slot: kind === 'image' ? 'photo' : kind,
          name: a.file.name,
          kind,
          percent: 0,
          phase: 'uploading',
          localUrl: kind === 'image' ? URL.createObjectURL(a.file) : undefined,
        };
      }
      return next;
    });
    for (const a of attachments) {
      if (started.current.has(a.key)) continue;
      started.current.add(a.key);
      uploadTo(routes.messages.uploadFile, undefined, a.file, { field: 'file', onProgress: (percent) => patch(a.key, { percent: Math.min(percent, 99) }) })
        .then((file: MediaFileView) => {
          byFile.current.set(file._id, a.key);
          patch(a.key, { file, percent: 100, phase: file.status, error: file.error });
          if (file.status !== 'ready' && file.status !== 'failed') void check(a.key, file._id);
        })
        .catch((e) => patch(a.key, { phase: 'error', error: errorText(e, t('uploadFailed')) }));
    }
  }, [attachments, patch, check, t]);

  const media = attachments.map((a) => items[a.key]).filter((x): x is UploadItem => Boolean(x));
  return (
    <div className={css.tray}>
      <AttachedFiles media={media} onRemove={onRemove} />
    </div>
  );
}
