'use client';
import dynamic from 'next/dynamic';
import { Card, Skeleton } from 'antd';

/**
 * The post composer (rich text, uploads with progress, polls, scheduling) in its own chunk: only
 * creators see it, so fans' pages never download it. A card-shaped skeleton holds its place.
 */
export const LazyComposer = dynamic(() => import('./Composer'), {
  ssr: false,
  loading: () => (
    <Card aria-busy="true" aria-label="Loading the composer">
      <Skeleton avatar active paragraph={{ rows: 2 }} />
    </Card>
  ),
});
