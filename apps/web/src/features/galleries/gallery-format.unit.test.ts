import { describe, expect, it } from 'vitest';
import type { MediaFileView } from '@stagepass/shared';
import { byteSize, coverPicture, thumbSrcSet } from './gallery-format';

const file = (over: Partial<MediaFileView>): MediaFileView => ({ _id: 'f1', type: 'image', status: 'ready', mimeType: 'image/webp', thumbnails: [], ...over });

describe('coverPicture', () => {
  it('takes the large thumbnail, or the small one when asked', () => {
    const f = file({ thumbnails: ['s.webp', 'l.webp'], preview: 'data:p' });
    expect(coverPicture(f)).toEqual({ src: 'l.webp', blurred: false });
    expect(coverPicture(f, 'small')).toEqual({ src: 's.webp', blurred: false });
  });
  it('falls back to the blurred preview of a locked cover (no URL), else nothing', () => {
    expect(coverPicture(file({ preview: 'data:p' }))).toEqual({ src: 'data:p', blurred: true });
    expect(coverPicture(file({}))).toBeNull();
    expect(coverPicture(null)).toBeNull();
  });
});

describe('thumbSrcSet', () => {
  it('describes the 320 and 960 px renditions', () => {
    expect(thumbSrcSet(file({ thumbnails: ['s', 'l'] }))).toBe('s 320w, l 960w');
    expect(thumbSrcSet(file({ thumbnails: ['s'] }))).toBe('s 320w');
    expect(thumbSrcSet(file({}))).toBeUndefined();
  });
});

describe('byteSize', () => {
  it('reads in B, kB and MB', () => {
    expect(byteSize(512)).toBe('512 B');
    expect(byteSize(20_480)).toBe('20 kB');
    expect(byteSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
