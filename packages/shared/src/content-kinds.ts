/**
 * Every kind of content the platform knows — the ONE list (ARCHITECTURE.md, API conventions).
 * The API's content-kind registry (apps/api/src/platform/content-kinds.ts) is keyed by it; each
 * list below names which kinds an action applies to and must stay a subset of it (`satisfies`),
 * so a new kind is added here once and then enabled per action.
 */
export const CONTENT_KINDS = ['feed', 'video', 'gallery', 'photo', 'product', 'message', 'stream', 'comment', 'performer'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Kinds a fan can buy once and keep (POST /wallet/charges/{kind}/{id}, earnings types, `purchases`). */
export const PURCHASABLE_KINDS = ['feed', 'product', 'video', 'message', 'gallery', 'stream'] as const satisfies readonly ContentKind[];
export type PurchasableKind = (typeof PURCHASABLE_KINDS)[number];

/** Kinds that can be liked or bookmarked (POST /reactions). */
export const REACTABLE_KINDS = ['feed', 'video', 'gallery', 'product', 'performer', 'comment'] as const satisfies readonly ContentKind[];

/** Kinds that can carry comments (POST /comments). */
export const COMMENTABLE_KINDS = ['feed', 'video', 'gallery', 'product'] as const satisfies readonly ContentKind[];

/** Content kinds that can be reported (POST /reports); reports also accept `user`. */
export const REPORTABLE_KINDS = ['feed', 'performer', 'comment', 'video', 'gallery', 'product', 'message'] as const satisfies readonly ContentKind[];

export const isContentKind = (v: string): v is ContentKind => (CONTENT_KINDS as readonly string[]).includes(v);
