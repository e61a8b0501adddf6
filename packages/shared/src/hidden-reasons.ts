/**
 * Reasons an item is withheld that the web compares with (no zod, no other import: components on
 * light pages — the hidden tag — import this file alone, `@stagepass/shared/hidden-reasons`).
 *
 * What the uploader and everyone else is told about an upload blocked by screening (never which
 * blocklist entry, nor how close) — also the reason of a post hidden for it.
 */
export const SCREENING_BLOCKED_MESSAGE = 'This upload was blocked by screening';
