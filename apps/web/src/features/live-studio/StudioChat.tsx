'use client';
/**
 * The stream's chat beside the studio, with the moderation tools (the creator moderates).
 * The chat itself is the fans' chat component (features/live/chat), loaded on demand.
 */
import { Card } from 'antd';
import type { Stream } from '@stagepass/shared';
import css from './live-studio.module.css';

export default function StudioChat({ stream }: { stream: Stream }) {
  return (
    <Card className={css.card}>
      <h2 className={css.cardTitle}>Chat</h2>
      <div className={`${css.chatSlot} ${css.muted}`} data-stream-id={stream._id}>
        The stream chat appears here.
      </div>
    </Card>
  );
}
