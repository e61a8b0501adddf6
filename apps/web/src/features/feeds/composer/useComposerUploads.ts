'use client';
import { useEffect } from 'react';
import { App } from 'antd';
import { FEED_MAX_FILES, type Feed, type FeedUploadSlot, type VaultItem } from '@stagepass/shared';
import { itemFromFile, useUploads } from '../useUploads';

/**
 * The composer's files by slot: the post's media (photos, videos, audio — at most
 * FEED_MAX_FILES), its teaser and thumbnail; an edited post's files are loaded once.
 */
export function useComposerUploads(feed: Feed | undefined) {
  const { message } = App.useApp();
  const uploads = useUploads(feed?._id);

  useEffect(() => {
    if (!feed) return;
    uploads.seed([
      ...feed.files.map((f) => itemFromFile(f.type === 'image' ? 'photo' : f.type === 'audio' ? 'audio' : 'video', f)),
      ...(feed.teaser ? [itemFromFile('teaser', feed.teaser)] : []),
      ...(feed.thumbnail ? [itemFromFile('thumbnail', feed.thumbnail)] : []),
    ]);
    // seed once per feed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed?._id]);

  const media = uploads.items.filter((i) => i.slot === 'photo' || i.slot === 'video' || i.slot === 'audio');
  const teaser = uploads.items.find((i) => i.slot === 'teaser');
  const thumbnail = uploads.items.find((i) => i.slot === 'thumbnail');
  const uploading = uploads.items.some((i) => i.phase === 'uploading');

  const onFiles = (slot: FeedUploadSlot, list: FileList | null) => {
    const files = Array.from(list || []);
    if (!files.length) return;
    const single = slot === 'teaser' || slot === 'thumbnail';
    if (!single && media.length + files.length > FEED_MAX_FILES) {
      message.warning(`A post holds at most ${FEED_MAX_FILES} files`);
      files.splice(Math.max(0, FEED_MAX_FILES - media.length));
    }
    uploads.add(slot, single ? files.slice(0, 1) : files, single);
  };

  /** Media from the creator's vault: added as they are (no new upload), up to FEED_MAX_FILES. */
  const fromVault = (picked: VaultItem[]) => {
    const have = new Set(uploads.items.map((i) => i.file?._id));
    const fresh = picked.filter((p) => !have.has(p._id));
    const room = Math.max(0, FEED_MAX_FILES - media.length);
    if (fresh.length > room) message.warning(`A post holds at most ${FEED_MAX_FILES} files`);
    const added = fresh.slice(0, room).map((p) => itemFromFile(p.file.type === 'image' ? 'photo' : p.file.type === 'audio' ? 'audio' : 'video', p.file));
    if (added.length) uploads.seed([...uploads.items, ...added]);
  };

  return { uploads, media, teaser, thumbnail, uploading, onFiles, fromVault };
}
