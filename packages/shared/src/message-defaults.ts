/**
 * The plain values of the message, mass-message and media contracts, kept apart from their zod
 * schemas (like defaults.ts): with the package free of side effects, a page that imports one of
 * these does not load zod and the schemas (apps/web/README.md "Page weight").
 */

/** Media files of the pipeline. */
export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const FILE_STATUSES = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Whom a conversation is opened with: a user or a creator, by id. */
export const CONVERSATION_SOURCES = ['user', 'performer'] as const;
/** The web loads 25 messages at a time (spec §9). */
export const MESSAGE_PAGE_SIZE = 25;
export const MESSAGE_TEXT_MAX = 5000;
export const MESSAGE_FILES_MAX = 20;
/** The schema's hard cap on a message price; the site's own limits (settings) are checked by the API. */
export const MESSAGE_PRICE_MAX = 10_000;

/** Who may start a conversation with a creator (the creator's messaging settings). */
export const MESSAGE_POLICIES = ['everyone', 'followers', 'subscribers'] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];
export const MESSAGE_POLICY_LABELS: Record<MessagePolicy, string> = {
  everyone: 'Everyone',
  followers: 'Followers and subscribers',
  subscribers: 'Subscribers only',
};

/** Mass-message audiences and states. */
export const MASS_AUDIENCES = ['subscribers', 'trial', 'followers', 'lists'] as const;
export type MassAudience = (typeof MASS_AUDIENCES)[number];
export const MASS_AUDIENCE_LABELS: Record<MassAudience, string> = {
  subscribers: 'All subscribers',
  trial: 'Free-trial subscribers',
  followers: 'Followers',
  lists: 'Chosen lists',
};
export const MASS_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type MassStatus = (typeof MASS_STATUSES)[number];

/** Automatic messages (issue 31 §1; auto-messages.ts): the two kinds, and the "we miss you" delay in days. */
export const AUTO_MESSAGE_KINDS = ['welcome', 'miss-you'] as const;
export type AutoMessageKind = (typeof AUTO_MESSAGE_KINDS)[number];
export const AUTO_MESSAGE_LABELS: Record<AutoMessageKind, string> = { welcome: 'Welcome message', 'miss-you': '“We miss you” message' };
export const MISS_YOU_DAYS_DEFAULT = 7;
export const MISS_YOU_DAYS_MAX = 365;
