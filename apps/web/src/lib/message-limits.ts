/**
 * The message contract's plain values (packages/shared/src/conversations.ts) for browser code:
 * that module defines zod schemas, and importing a value from it puts zod in the first-load
 * bundle of every page (the shell's slices use the page size) — README "Page weight". The unit
 * test `message-limits.unit.test.ts` keeps these equal to the contract's.
 */
export const MESSAGE_PAGE_SIZE = 25;
export const MESSAGE_TEXT_MAX = 5000;
export const MESSAGE_FILES_MAX = 20;
export const CONVERSATION_SOURCES = ['user', 'performer'] as const;
