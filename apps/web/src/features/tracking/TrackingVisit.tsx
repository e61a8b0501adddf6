'use client';
/**
 * On a creator's profile opened through a tracking link (`?c=<code>`, issue 30 §4): records the
 * click (POST /tracking/clicks with this browser's visitor id; a signed-in fan's session goes with
 * it) and keeps the touch for a later sign-up. Renders nothing; a failure changes nothing on the page.
 */
import { useEffect } from 'react';
import { TRACKING_QUERY_PARAM, trackingCodeSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { keepTouch, visitorId } from '@/lib/tracking-touches';

const sent = new Set<string>();

export default function TrackingVisit() {
  useEffect(() => {
    // Read once after hydration (no useSearchParams: the profile stays server-rendered without a Suspense boundary).
    const code = trackingCodeSchema.safeParse(new URLSearchParams(window.location.search).get(TRACKING_QUERY_PARAM) ?? '');
    if (!code.success || sent.has(code.data)) return;
    sent.add(code.data);
    const at = new Date();
    call(routes.tracking.click, { body: { code: code.data, visitorId: visitorId() } })
      .then((r) => keepTouch(r.performerId, code.data, at))
      .catch(() => sent.delete(code.data));
  }, []);
  return null;
}
