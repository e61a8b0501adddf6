/**
 * What the browser keeps for tracking links (issue 30 §4; API modules/tracking README): a random
 * visitor id (localStorage, sent with each click: the API counts a visitor once a day) and, per
 * creator, the FIRST touch (link code + time) within the attribution window. Both sign-up forms
 * send the touches; the API attributes the new account with them. Nothing here names a person.
 */
import { MAX_TRACKING_TOUCHES, touchAttributable, trackingTouchSchema, visitorIdSchema, type TrackingTouch } from '@stagepass/shared';

const VISITOR_KEY = 'stagepass.visitor';
const TOUCHES_KEY = 'stagepass.touches';

type Kept = Record<string, TrackingTouch>;

function read(): Kept {
  try {
    const raw = JSON.parse(localStorage.getItem(TOUCHES_KEY) ?? '{}') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    const out: Kept = {};
    for (const [performerId, t] of Object.entries(raw as Record<string, unknown>)) {
      const p = trackingTouchSchema.safeParse(t);
      if (p.success && touchAttributable(new Date(p.data.at), new Date())) out[performerId] = p.data;
    }
    return out;
  } catch {
    return {};
  }
}

/** This browser's visitor id, made on first use (null when storage is off: the click is still sent with a one-off id). */
export function visitorId(): string {
  const fresh = () => crypto.randomUUID().replace(/-/g, '');
  try {
    const kept = localStorage.getItem(VISITOR_KEY);
    if (kept && visitorIdSchema.safeParse(kept).success) return kept;
    const id = fresh();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

/** A click on `performerId`'s link `code`: kept unless an earlier touch of that creator is still in the window (first touch wins). */
export function keepTouch(performerId: string, code: string, at: Date = new Date()): void {
  try {
    const kept = read();
    if (kept[performerId]) return;
    kept[performerId] = { code, at: at.toISOString() };
    const newest = Object.entries(kept).sort(([, a], [, b]) => b.at.localeCompare(a.at)).slice(0, MAX_TRACKING_TOUCHES);
    localStorage.setItem(TOUCHES_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    /* storage off: nothing kept */
  }
}

/** The touches a sign-up sends (undefined when none). */
export function keptTouches(): TrackingTouch[] | undefined {
  const list = Object.values(read());
  return list.length ? list : undefined;
}

/** After a sign-up went through: the touches were attributed with the account. */
export function forgetTouches(): void {
  try {
    localStorage.removeItem(TOUCHES_KEY);
  } catch {
    /* storage off */
  }
}

/** The creator form's multipart field: the touches as JSON (undefined when none). */
export function touchesField(): string | undefined {
  const t = keptTouches();
  return t ? JSON.stringify(t) : undefined;
}
