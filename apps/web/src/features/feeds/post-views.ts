'use client';
import { useEffect, type RefObject } from 'react';
import { FEED_VIEWS_BATCH_MAX } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';

/**
 * Post views (apps/api/src/modules/feeds/README.md "Post views"): a post card that stays at least
 * half on screen (or fills half the screen, for a very tall card) for a second is "seen"; seen ids are sent in batches (one POST /user/feeds/views
 * with up to FEED_VIEWS_BATCH_MAX ids) a few seconds after the last one, and when the page is hidden.
 * One IntersectionObserver for every card of the page. The server counts a post once per viewer per
 * day and skips the viewer's own and posts they may not see; the client only avoids re-sending an
 * id in the same page session.
 */
export const VIEW_VISIBLE_RATIO = 0.5;
export const VIEW_DWELL_MS = 1000;
export const VIEW_FLUSH_MS = 3000;

const sent = new Set<string>();
const pending = new Set<string>();
const ids = new WeakMap<Element, string>();
const dwell = new Map<Element, ReturnType<typeof setTimeout>>();
let observer: IntersectionObserver | null = null;
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = [...pending];
  pending.clear();
  for (let i = 0; i < batch.length; i += FEED_VIEWS_BATCH_MAX) {
    // A lost batch is not retried: a view is a statistic, not money.
    void call(routes.feeds.views, { body: { ids: batch.slice(i, i + FEED_VIEWS_BATCH_MAX) } }).catch(() => undefined);
  }
}

function seen(id: string) {
  if (sent.has(id)) return;
  sent.add(id);
  pending.add(id);
  if (pending.size >= FEED_VIEWS_BATCH_MAX) return flush();
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, VIEW_FLUSH_MS);
}

function theObserver(): IntersectionObserver {
  if (observer) return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const id = ids.get(e.target);
        if (!id) continue;
        // Half the card on screen — or, for a card taller than two screens, half the screen filled by it.
        const half = e.intersectionRatio >= VIEW_VISIBLE_RATIO || (e.rootBounds !== null && e.intersectionRect.height >= e.rootBounds.height * VIEW_VISIBLE_RATIO);
        if (e.isIntersecting && half) {
          if (!dwell.has(e.target)) dwell.set(e.target, setTimeout(() => (dwell.delete(e.target), seen(id)), VIEW_DWELL_MS));
        } else {
          clearTimeout(dwell.get(e.target));
          dwell.delete(e.target);
        }
      }
    },
    { threshold: [0, 0.1, 0.2, 0.3, 0.4, VIEW_VISIBLE_RATIO, 0.75, 1] },
  );
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && pending.size > 0 && flush());
  return observer;
}

/** Reports the post in `ref` as seen (see above) while `enabled` (a signed-in viewer who is not its creator). */
export function usePostView(ref: RefObject<Element | null>, postId: string, enabled: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || sent.has(postId) || typeof IntersectionObserver === 'undefined') return;
    const io = theObserver();
    ids.set(el, postId);
    io.observe(el);
    return () => {
      io.unobserve(el);
      clearTimeout(dwell.get(el));
      dwell.delete(el);
      ids.delete(el);
    };
  }, [ref, postId, enabled]);
}
