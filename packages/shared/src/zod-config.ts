import { config } from 'zod';

// In the browser the web app's Content-Security-Policy allows no eval: zod must neither compile its
// validators with `new Function` nor probe for it (the probe alone is reported as a CSP violation).
// Imported first by index.ts, before any schema is built (zod decides at construction time).
if (typeof window !== 'undefined') config({ jitless: true });
