'use client';
import { useEffect, useLayoutEffect, useRef, type UIEvent } from 'react';

/**
 * The scrolling of a chat thread (private messages, stream chat): to the bottom after the first
 * page and when a message is added at the end (when the reader is near it, or it is their own),
 * kept there while content above grows (pictures loading: `content` is observed); the reading
 * position kept when older messages come in on top. `onNearTop` asks for older ones.
 */
export function useChatScroll<C extends HTMLElement = HTMLDivElement>(items: ReadonlyArray<{ _id: string; senderId?: string | null }>, meId: string | undefined, onNearTop?: () => void) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<C>(null);
  const firstId = items[0]?._id;
  const lastId = items.at(-1)?._id;
  const prev = useRef<{ firstId?: string; lastId?: string; height: number; top: number; nearBottom: boolean }>({ height: 0, top: 0, nearBottom: true });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const p = prev.current;
    const last = items.at(-1);
    if (p.firstId && firstId !== p.firstId && lastId === p.lastId) el.scrollTop = el.scrollHeight - p.height + p.top;
    else if (lastId !== p.lastId && (!p.lastId || p.nearBottom || (meId !== undefined && last?.senderId === meId))) {
      el.scrollTop = el.scrollHeight;
      p.nearBottom = true;
    }
    prev.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop, nearBottom: p.nearBottom };
  }, [firstId, lastId, items, meId]);
  const hasItems = items.length > 0;
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (prev.current.nearBottom) el.scrollTop = el.scrollHeight;
      prev.current.height = el.scrollHeight;
      prev.current.top = el.scrollTop;
    });
    ro.observe(inner);
    return () => ro.disconnect();
  }, [hasItems]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    prev.current.top = el.scrollTop;
    prev.current.height = el.scrollHeight;
    prev.current.nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (el.scrollTop < 60) onNearTop?.();
  };
  return { scroller, content, onScroll };
}
