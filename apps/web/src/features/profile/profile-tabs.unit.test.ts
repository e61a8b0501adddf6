import { describe, expect, it } from 'vitest';
import type { PerformerStats } from '@stagepass/shared';
import { PROFILE_TAB_COUNTS } from './profile-tabs';

const stats: PerformerStats = { totalFeeds: 7, totalVideos: 2, totalGalleries: 3, totalProducts: 4, totalFollowers: 9, totalLikes: 11, isFollowed: false };

describe('creator profile tabs (issue 26 §4.11)', () => {
  it('each counted tab is named after what it lists and counts exactly that', () => {
    expect(PROFILE_TAB_COUNTS.map((t) => [t.key, t.label, t.count(stats)])).toEqual([
      ['posts', 'Posts', 7],
      ['videos', 'Videos', 2],
      // It lists galleries (not photo posts, which are under Posts): "Galleries", their number.
      ['galleries', 'Galleries', 3],
      ['shop', 'Shop', 4],
    ]);
  });
});
