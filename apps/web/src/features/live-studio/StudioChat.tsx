'use client';
/**
 * The stream's chat beside the studio, with the moderation tools (the creator moderates): the
 * fans' chat component (features/live/chat), loaded on demand.
 */
import dynamic from 'next/dynamic';
import { Card, Skeleton } from 'antd';
import type { Stream } from '@stagepass/shared';
import TipMenuShout from '@/features/tipmenu/TipMenuShout';
import css from './live-studio.module.css';

const StreamChat = dynamic(() => import('@/features/live/chat/StreamChat'), {
  ssr: false,
  loading: () => <Skeleton active paragraph={{ rows: 6 }} />,
});

export default function StudioChat({ stream }: { stream: Stream }) {
  return (
    <Card className={css.card}>
      <TipMenuShout streamId={stream._id} inline />
      <StreamChat stream={{ ...stream, canModerate: true }} />
    </Card>
  );
}
