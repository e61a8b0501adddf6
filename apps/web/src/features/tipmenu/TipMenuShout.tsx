'use client';
import { useEffect, useState } from 'react';
import { GiftOutlined } from '@ant-design/icons';
import { useSocketEvent } from '@/lib/socket';
import css from './tipmenu.module.css';

const SHOW_MS = 8000;

/**
 * On screen for everyone in a live stream's room, a few seconds: "<fan> ordered <item>" — from the
 * stream chat's own 'stream-message/created' event of a tip-menu order (it carries `menuItem`). The
 * parent is `position: relative` (the player); `inline` shows it as a line instead (the studio).
 */
export default function TipMenuShout({ streamId, inline }: { streamId: string; inline?: boolean }) {
  const [shout, setShout] = useState<{ text: string; at: number } | null>(null);
  useSocketEvent('stream-message/created', (e) => {
    if (e.message.streamId !== streamId || !e.menuItem) return;
    setShout({ text: `${e.message.sender?.name || 'A fan'} ordered ${e.menuItem}`, at: Date.now() });
  });
  useEffect(() => {
    if (!shout) return;
    const t = setTimeout(() => setShout(null), SHOW_MS);
    return () => clearTimeout(t);
  }, [shout]);
  if (!shout) return null;
  return (
    <div className={inline ? css.shoutInline : css.overlay} role="status" data-testid="tip-menu-shout">
      <GiftOutlined aria-hidden /> {shout.text}
    </div>
  );
}
