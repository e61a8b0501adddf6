import { config } from 'zod';

// In the browser the web app's Content-Security-Policy allows no eval: zod must neither compile its
// validators with `new Function` nor probe for it (the probe alone is reported as a CSP violation).
// zod decides at construction time, so every module that builds schemas imports this file first:
// the setting is made before the first schema of any page is built, whichever modules that page's
// bundle keeps (the package is marked side-effect free apart from this file, package.json).
if (typeof window !== 'undefined') config({ jitless: true });
