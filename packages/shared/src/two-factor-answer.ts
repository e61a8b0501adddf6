import type { LoginAnswer, TwoFactorChallenge } from './two-factor';

/**
 * A sign-in's answer asks for the code step. Zod-free on purpose: the web's auth store (in every
 * page's first load) imports it, and a module that builds zod schemas at its top level would bring
 * zod's runtime into every page (the schemas are not tree-shaken).
 */
export const needsTwoFactor = (a: LoginAnswer): a is TwoFactorChallenge => 'twoFactorRequired' in a && a.twoFactorRequired === true;
