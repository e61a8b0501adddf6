import type { AutoMessageKind } from '@stagepass/shared';

/**
 * The pure rules of automatic messages (README "Automatic messages"), apart from the database so
 * the unit tests read them as written.
 */

/** What a creator's automatic message of one kind holds right now (null: never saved). */
export interface AutoSetting {
  enabled: boolean;
  text: string;
  fileIds: string[];
  toFollowers: boolean;
  afterDays: number;
}

/** Why a trigger sends nothing (null: it sends). */
export type AutoSkip = 'off' | 'empty' | 'not-for-followers' | 'blocked' | 'inactive' | 'subscribed';

/**
 * THE decision for one fan at the moment a copy would go: the creator's message is on and has
 * something in it; a follow triggers the welcome only with its followers toggle; no block either
 * way (blocks.policy.ts); both accounts active; and a "we miss you" never reaches a fan who is
 * subscribed again. Whether the fan had this kind already is the once-per-fan record's job.
 */
export function autoSkip(
  kind: AutoMessageKind,
  setting: AutoSetting | null,
  facts: { trigger: 'subscribed' | 'followed' | 'expired'; blocked: boolean; active: boolean; subscribedNow: boolean },
): AutoSkip | null {
  if (!setting || !setting.enabled) return 'off';
  if (setting.text.trim() === '' && setting.fileIds.length === 0) return 'empty';
  if (kind === 'welcome' && facts.trigger === 'followed' && !setting.toFollowers) return 'not-for-followers';
  if (facts.blocked) return 'blocked';
  if (!facts.active) return 'inactive';
  if (kind === 'miss-you' && facts.subscribedNow) return 'subscribed';
  return null;
}

/** When a "we miss you" goes: `afterDays` whole days after the expiry. */
export function missYouDueAt(expiredAt: Date, afterDays: number): Date {
  return new Date(expiredAt.getTime() + Math.max(1, Math.floor(afterDays)) * 86_400_000);
}
