/** Pure helpers of the creator's live studio (unit-tested). */
import type { GoLiveInput, PrivateRequest, StreamingSettings } from '@stagepass/shared';

/** What the "Go live" form holds. */
export interface GoLiveValues {
  type: 'public' | 'group';
  access: 'followers' | 'subscribers';
  title: string;
  description?: string;
  price?: number | null;
  tipGoal?: number | null;
  /** Record a replay (a draft video in the vault after the stream). */
  record?: boolean;
  /** group + record: ticket holders watch the replay free. */
  replayFreeForTicketHolders?: boolean;
  /** public subscribers-only: the lowest tier that may watch (issue 30 §1). */
  minTierId?: string | null;
}

/** The form's first values: the creator's saved defaults (group price, who may watch). */
export function initialGoLiveValues(settings: Pick<StreamingSettings, 'groupPrice' | 'publicAccess'> | null | undefined): GoLiveValues {
  return { type: 'public', access: settings?.publicAccess ?? 'followers', title: '', description: '', price: settings?.groupPrice ?? null, tipGoal: null, record: false, replayFreeForTicketHolders: true };
}

/** The body of POST /streaming/live: the price only for a group show, the access only for a public one, no empty goal. */
export function goLiveBody(v: GoLiveValues): GoLiveInput {
  const body: GoLiveInput = { type: v.type, title: (v.title ?? '').trim(), description: (v.description ?? '').trim() };
  if (v.type === 'public') body.access = v.access;
  if (v.type === 'public' && v.access === 'subscribers' && v.minTierId) body.minTierId = v.minTierId;
  if (v.type === 'group' && v.price !== null && v.price !== undefined) body.price = v.price;
  if (v.tipGoal !== null && v.tipGoal !== undefined && v.tipGoal > 0) body.tipGoal = v.tipGoal;
  if (v.record) {
    body.record = true;
    if (v.type === 'group') body.replayFreeForTicketHolders = v.replayFreeForTicketHolders !== false;
  }
  return body;
}

/** Tip goal progress in percent (0–100, whole), or null without a goal. */
export function goalPercent(tipsTotal: number, tipGoal: number | null | undefined): number | null {
  if (!tipGoal || tipGoal <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((tipsTotal / tipGoal) * 100)));
}

/**
 * The pending private-show requests after a 'stream/private-request' event: a pending one is added
 * (or replaced, by id), any other state removes it (accepted, declined, cancelled, expired).
 */
export function applyPrivateRequest(list: PrivateRequest[], request: PrivateRequest): PrivateRequest[] {
  const rest = list.filter((r) => r._id !== request._id);
  return request.status === 'pending' ? [...rest, request] : rest;
}

/** "1:05:09" / "4:02": how long the stream has been live. */
export function liveDuration(startedAt: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - new Date(startedAt).getTime()) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
