'use client';
/**
 * The studio's realtime: joins the stream's room while live (again after a reconnect), keeps the
 * viewer count (by path: WebRTC, HLS), the stream's settings and the tips total current, and alerts the creator of each tip.
 */
import { useEffect } from 'react';
import type { Stream, StreamEndReason, StreamMessage } from '@stagepass/shared';
import { useSocketEmit, useSocketEvent, useSocketStatus } from '@/lib/socket';

export function useStudioEvents(stream: Stream | null, handlers: { setStream: (fn: (s: Stream | null) => Stream | null) => void; onTip: (m: StreamMessage) => void; onEnded: (reason: StreamEndReason) => void }) {
  const emit = useSocketEmit();
  const status = useSocketStatus();
  const streamId = stream?._id ?? null;

  useEffect(() => {
    if (!streamId || status !== 'connected') return;
    emit('stream/join', { streamId });
    return () => emit('stream/leave', { streamId });
  }, [streamId, status, emit]);

  useSocketEvent('stream/viewers', (e) => {
    handlers.setStream((s) => (s && s._id === e.streamId ? { ...s, viewerCount: e.count, audience: e.audience ?? s.audience } : s));
  });
  useSocketEvent('stream/updated', (e) => {
    // The room's view leaves the owner's audience by path out: the studio keeps its own.
    handlers.setStream((s) => (s && s._id === e.stream._id ? { ...e.stream, audience: e.stream.audience ?? s.audience, canModerate: true, entitled: true } : s));
  });
  useSocketEvent('stream-message/created', (e) => {
    if (e.message.streamId !== streamId || e.message.type !== 'tip') return;
    handlers.setStream((s) => (s && s._id === e.message.streamId ? { ...s, tipsTotal: e.tipsTotal ?? s.tipsTotal + (e.message.amount ?? 0) } : s));
    handlers.onTip(e.message);
  });
  useSocketEvent('stream/ended', (e) => {
    if (e.streamId === streamId) handlers.onEnded(e.reason);
  });
}
