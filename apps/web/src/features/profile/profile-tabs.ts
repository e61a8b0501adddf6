import type { PerformerStats } from '@stagepass/shared';

/**
 * The counted tabs of a creator's page, each named after what it lists and counting exactly that
 * (issue 26 §4.11: a tab named "Photos" counted galleries while photo posts sat under Posts). The
 * galleries tab lists galleries (GET /performer-assets/galleries/search), so it is "Galleries".
 */
export const PROFILE_TAB_COUNTS = [
  { key: 'posts', label: 'Posts', count: (s: PerformerStats) => s.totalFeeds },
  { key: 'videos', label: 'Videos', count: (s: PerformerStats) => s.totalVideos },
  { key: 'galleries', label: 'Galleries', count: (s: PerformerStats) => s.totalGalleries },
  { key: 'shop', label: 'Shop', count: (s: PerformerStats) => s.totalProducts },
] as const;
export type ProfileTabKey = (typeof PROFILE_TAB_COUNTS)[number]['key'];
