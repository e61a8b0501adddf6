import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { UserRow } from '../modules/users/users.tables';
import { imageHash } from '../modules/media/screening.hash';
import { patternPng } from '../modules/media/screening.pictures';

/** The picture the demo's blocklist entry is the hash of: a generated pattern shown nowhere on the site. */
export const DEMO_BLOCKED_PATTERN_SEED = 9001;
export const DEMO_BLOCKLIST_LABEL = 'Demo: a known pattern (never shown on the site)';

/**
 * Upload screening on a demo site (modules/media README "Upload screening"): one blocklist entry,
 * imported by the operator (audited as theirs), so the console's Screening page shows one. Runs once:
 * skipped when the blocklist has anything.
 */
export async function seedScreening(ctx: Root, p: { admin: UserRow }) {
  const { total } = await ctx.screening.blocklist({ offset: 0, limit: 1 });
  if (total > 0) return;
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const hash = await imageHash(await patternPng(DEMO_BLOCKED_PATTERN_SEED));
  if (hash) await ctx.screening.import(actor, { text: `${hash},${DEMO_BLOCKLIST_LABEL}\n`, kind: 'image' });
}
