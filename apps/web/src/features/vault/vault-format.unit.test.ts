import { describe, expect, it } from 'vitest';
import type { VaultItem } from '@stagepass/shared';
import { duration, vaultItemName } from './vault-format';

const item = (over: Partial<VaultItem> & { type?: 'image' | 'video' | 'audio' }): VaultItem => ({
  _id: 'f1',
  caption: over.caption ?? '',
  folderId: null,
  usedIn: { feeds: 0, messages: 0 },
  createdAt: over.createdAt ?? '2020-03-05T12:00:00.000Z',
  file: { _id: 'f1', type: over.type ?? 'image', status: 'ready', mimeType: 'image/webp', thumbnails: [] },
});

describe('vault names and figures', () => {
  it('names a file by its caption, else by its type and date', () => {
    expect(vaultItemName(item({ caption: '  Sunset  ' }))).toBe('Sunset');
    expect(vaultItemName(item({ type: 'video' }))).toBe('Video · Mar 5, 2020');
    expect(vaultItemName(item({ type: 'audio', createdAt: 'nonsense' }))).toBe('Audio');
  });
  it('shows durations as m:ss or h:mm:ss', () => {
    expect(duration(undefined)).toBe('');
    expect(duration(8.4)).toBe('0:08');
    expect(duration(65)).toBe('1:05');
    expect(duration(3725)).toBe('1:02:05');
  });
});


