// Every Drizzle table, one import place for the client and drizzle-kit.
export * from '../modules/users/users.tables';
export * from '../modules/performers/performers.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/media/media.tables';
export * from '../modules/settings/settings.tables';
export * from '../modules/follows/follows.tables';
export * from '../modules/reactions/reactions.tables';
export * from '../modules/comments/comments.tables';
export * from '../modules/reports/reports.tables';
export * from '../modules/search/search.tables';
export * from '../modules/feeds/feeds.tables';
export * from '../modules/subscriptions/subscriptions.tables';
export * from '../modules/purchases/purchases.tables';
