// Every Drizzle table, one import place for the client and drizzle-kit.
export * from '../modules/users/users.tables';
export * from '../modules/performers/performers.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/media/media.tables';
export * from '../modules/settings/settings.tables';
