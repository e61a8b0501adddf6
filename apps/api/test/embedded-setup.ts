// The api-embedded project (vitest.config.ts): these files run on PGlite without Redis even when
// the run has DATABASE_URL / REDIS_URL for the api project (global-setup.ts ignores them too).
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
