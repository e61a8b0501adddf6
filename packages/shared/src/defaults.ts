/**
 * Plain values every page of the web needs, kept apart from the zod schemas: with the package
 * marked free of side effects (package.json `sideEffects`), importing one of these does not bring
 * zod and the schemas into a page's first load.
 */

/** The avatar shown for a user without one. */
export const DEFAULT_AVATAR = '/no-avatar.svg';

/** The web's notification page size (spec §9). */
export const NOTIFICATION_PAGE_SIZE = 12;
