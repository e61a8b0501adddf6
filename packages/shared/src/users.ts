import './zod-config';
import { z } from 'zod';
import { listQuerySchema, sortBySchema } from './api';
import { verificationStateSchema } from './verification';
import { GENDERS } from './genders';
import { signUpConsentShape, socialConsentShape } from './legal';
import { trackingTouchesField } from './tracking';
import { LOCALES } from './locales';

export const ORIENTATIONS = ['straight', 'lesbian', 'gay', 'bisexual', 'transgender'] as const;
/** The account kind chosen at sign-up (e-mail or social): a fan (`user`) or a creator (`performer`). */
export const SIGNUP_ROLES = ['user', 'performer'] as const;
/** One of the site's languages (locales.ts). */
export const localeSchema = z.enum(LOCALES);

export const signupRoleSchema = z.enum(SIGNUP_ROLES);
export type SignupRole = z.infer<typeof signupRoleSchema>;
export type Orientation = (typeof ORIENTATIONS)[number];

/**
 * Words the web app uses as top-level routes (or may soon): a username equal to one of them would
 * shadow a page at /[profileId].
 */
export const RESERVED_USERNAMES = [
  'admin', 'administrator', 'api', 'app', 'auth', 'blank', 'block', 'bookmarks', 'cards', 'cart', 'contact',
  'creator', 'creators', 'dashboard', 'docs', 'earnings', 'explore', 'favicon', 'feeds', 'followers', 'following',
  'galleries', 'gallery', 'geo-blocked', 'help', 'home', 'live', 'login', 'logout', 'maintenance', 'me',
  'messages', 'model', 'models', 'notifications', 'orders', 'page', 'pages', 'payment', 'payments', 'payout',
  'payouts', 'performer', 'performers', 'photos', 'post', 'posts', 'privacy', 'product', 'products', 'register',
  'search', 'settings', 'static', 'store', 'streaming', 'subscriptions', 'support', 'terms', 'user', 'users',
  'video', 'videos', 'wallet', '_next', 'public', 'assets', 'files', 'healthz', 'readyz', 'stagepass',
] as const;

export const USERNAME_PATTERN = /^[a-z0-9_-]{3,30}$/;
export const USERNAME_RESERVED_MESSAGE = 'This username is reserved, please choose another';
export const isReservedUsername = (u: string) => (RESERVED_USERNAMES as readonly string[]).includes(u.trim().toLowerCase());
/**
 * The form of a username, without the reserved-word rule. Profile edits use this one: the
 * reserved rule applies only when the username changes (the service checks it then), so an
 * account whose stored name became reserved can still save its profile unchanged.
 */
export const usernameFormatSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, 'Username must be 3–30 characters: lowercase letters, digits, _ or -');
/** A new username (registration): the form, and not a reserved word. */
export const usernameSchema = usernameFormatSchema.refine((u) => !isReservedUsername(u), USERNAME_RESERVED_MESSAGE);

export const emailSchema = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address');
/** A plain password, as typed. (When the client pre-hashes, the server sees 64 hex characters instead.) */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), 'Password must mix letters with digits or symbols')
  .refine((p) => !COMMON_PASSWORDS.includes(p.toLowerCase()), 'This password is too common, please choose another');

/** A short list of the most used passwords (that would otherwise pass the rules above). */
const COMMON_PASSWORDS = ['password1', 'password123', 'passw0rd', 'qwerty123', 'abc12345', 'iloveyou1', 'welcome1', 'admin123', 'letmein1', 'p@ssw0rd', 'p@ssword', 'password!'];

const nameSchema = z.string().trim().min(1, 'Required').max(100);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Choose a country').optional();
/** Creators must be this old (years) on the day they register or edit their profile. */
export const CREATOR_MIN_AGE = 18;
/** The earliest date of birth accepted: anything before is a typo (0601 for 2001…). */
export const BIRTH_DATE_MIN = '1900-01-01';
export const BIRTH_DATE_MESSAGES = {
  format: 'Use YYYY-MM-DD',
  notReal: 'Enter a real date of birth',
  tooOld: 'Enter a date of birth from 1900 on',
  future: 'A date of birth cannot be in the future',
  underage: `Creators must be at least ${CREATOR_MIN_AGE} years old`,
} as const;

/** `today` shifted back by `years` as YYYY-MM-DD (UTC); 29 February falls to 1 March in a common year. */
export function yearsBefore(years: number, today: Date = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * THE date-of-birth rule of a creator (registration and profile): a real calendar date in
 * YYYY-MM-DD, from 1900 on, not in the future, and at least CREATOR_MIN_AGE years ago (UTC days).
 * Answers the message of the first broken rule, or null.
 */
export function birthDateProblem(value: string, today: Date = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return BIRTH_DATE_MESSAGES.format;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return BIRTH_DATE_MESSAGES.notReal;
  if (value < BIRTH_DATE_MIN) return BIRTH_DATE_MESSAGES.tooOld;
  if (value > today.toISOString().slice(0, 10)) return BIRTH_DATE_MESSAGES.future;
  if (value > yearsBefore(CREATOR_MIN_AGE, today)) return BIRTH_DATE_MESSAGES.underage;
  return null;
}

const dateOfBirth = z
  .string()
  .superRefine((v, ctx) => {
    const problem = birthDateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional();

/** Fan registration (POST /auth/users/register). */
export const registerUserSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: z.string().min(1, 'Required').max(PASSWORD_MAX),
  gender: z.enum(GENDERS).optional(),
  country: countryCode,
  /** The user confirms being at least the operator's `minimumAge` and accepts the current terms and privacy policy (modules/legal). */
  ...signUpConsentShape,
  /** The tracking links' touches the browser kept (tracking.ts); attributed with the account (modules/tracking README). */
  trackingTouches: trackingTouchesField,
  /** The language the sign-up page was in: the account's language from the start (its first e-mails). */
  locale: localeSchema.optional(),
});
export type RegisterUserInput = z.infer<typeof registerUserSchema>;

/** Creator registration fields (POST /auth/performers/register, multipart; files `idVerification`, `documentVerification`). */
export const registerPerformerSchema = registerUserSchema.extend({
  orientation: z.enum(ORIENTATIONS).optional(),
  dateOfBirth,
  /** The referral link's code the sign-up came through (referrals.ts); an unknown one is ignored (modules/referrals README). */
  referralCode: z.string().trim().max(40).optional(),
});
export type RegisterPerformerInput = z.infer<typeof registerPerformerSchema>;

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username or e-mail').max(254),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const tokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(PASSWORD_MAX) });
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200) });
/** POST /auth/email-verification/verify's answer: `alreadyVerified` when the link had been used (or replaced) and the address is verified. */
export const verifyEmailAnswerSchema = z.object({ success: z.literal(true), alreadyVerified: z.boolean() });
export const resendVerificationSchema = z.object({ email: emailSchema });
/** PUT /auth/users/me/password. `source` is 'user' or 'performer' (which profile page sent it). */
export const updatePasswordSchema = z.object({
  password: z.string().min(1, 'Required').max(PASSWORD_MAX),
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  source: z.enum(['user', 'performer']).default('user'),
});

/**
 * PUT /users — a fan edits their own profile. `username`: a reserved word is refused only when it
 * differs from the stored one. A different `email` is not applied at once: it needs
 * `currentPassword`, and a link mailed to the new address confirms it (the answer's `pendingEmail`).
 */
export const updateUserSchema = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  name: z.string().trim().max(100).optional(),
  username: usernameFormatSchema.optional(),
  email: emailSchema.optional(),
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  gender: z.enum(GENDERS).optional(),
  country: countryCode,
  /** The account's language (issue 34 §3): the web's pages, e-mails and notifications; null clears it (the browser's language again). */
  locale: localeSchema.nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** POST /auth/email-change/confirm — the token from the link mailed to the new address. */
export const confirmEmailChangeSchema = z.object({ token: z.string().min(10).max(200) });

export const PASSWORD_NOT_HERE_MESSAGE = 'Change your password in the Password section (it asks for your current one)';

/**
 * PUT /performers/me — a creator edits their profile. `password` is refused (400): passwords change
 * only through PUT /auth/users/me/password.
 */
export const updatePerformerSchema = updateUserSchema.extend({
  bio: optionalText(2000),
  orientation: z.enum(ORIENTATIONS).optional(),
  dateOfBirth,
  city: optionalText(100),
  state: optionalText(100),
  address: optionalText(200),
  zipcode: optionalText(20),
  languages: z.array(z.string().trim().max(10)).max(20).optional(),
  password: z.never({ error: PASSWORD_NOT_HERE_MESSAGE }).optional(),
});
export type UpdatePerformerInput = z.infer<typeof updatePerformerSchema>;

export const imageSizesSchema = z.object({ thumb: z.string(), medium: z.string(), large: z.string() });

/** The current user (§3) as GET /users/me returns it. */
export const currentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  avatars: imageSizesSchema.nullable(),
  cover: z.string().nullable(),
  isPerformer: z.boolean(),
  isAdmin: z.boolean(),
  roles: z.array(z.string()),
  verifiedEmail: z.boolean(),
  /** Two-factor authentication is on (own account; operators need it for the console, creators for payouts). */
  twoFactorEnabled: z.boolean(),
  balance: z.number(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  /** The language the account chose (null: none, the browser's is used). */
  locale: localeSchema.nullable(),
  status: z.string(),
  /** A requested e-mail change waiting for its confirmation link (own account only; null when none). */
  pendingEmail: z.string().nullable().optional(),
  /** The account has not signed in before this visit (no earlier sign-in): the home page greets it for the first time, not 'Welcome back'. */
  firstSignIn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A performer's own profile (GET /performers/me) adds creator fields. */
export const performerProfileSchema = currentUserSchema.extend({
  bio: z.string().nullable(),
  orientation: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  languages: z.array(z.string()),
  welcomeVideo: z.string().nullable(),
  /** True once an operator approved the identity documents (verification.status === 'approved'). */
  verifiedDocument: z.boolean(),
  /** The creator's verification (KYC) state: pending, approved or rejected with the reason. */
  verification: verificationStateSchema,
  documents: z.array(z.object({ _id: z.string(), kind: z.string(), name: z.string(), url: z.string(), createdAt: z.string() })),
});
export type PerformerProfile = z.infer<typeof performerProfileSchema>;

/** What anyone may see of a user (GET /users/view/{id}, GET /performers/{id}). */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  cover: z.string().nullable(),
  isPerformer: z.boolean(),
  bio: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  welcomeVideo: z.string().nullable(),
  /** A creator whose identity an operator approved (the verified badge); false for everyone else. */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Where a user lands after login (spec §2, §4): operators on the console (issue 26 §4.19), creators on their page, fans on their home. */
export function postLoginPath(user: Pick<CurrentUser, 'isPerformer' | 'email' | 'username' | '_id'> & Partial<Pick<CurrentUser, 'isAdmin'>>): string {
  if (user.isAdmin) return '/admin';
  const complete = Boolean(user.email) && Boolean(user.username);
  if (user.isPerformer) return complete ? `/${user.username}` : '/creator/account';
  return complete ? '/home' : '/user/account';
}

/**
 * The page a login was asked to return to (`/auth/login?next=<path>`: a fan who pressed "Log in" in
 * a creator's subscribe dialog comes back to that profile, a free-trial link's `?trial=` included).
 * Only a path of this site: it starts with one `/`, is not another auth page, has no control
 * characters or backslashes, ≤ 500 characters; anything else answers null (the usual landing page).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  if (raw === '/auth' || raw.startsWith('/auth/') || raw.startsWith('/auth?')) return null;
  return raw;
}

/** The login page, asked to return to `path` afterwards (see `safeNextPath`). */
export const loginPathFor = (path: string) => `/auth/login?next=${encodeURIComponent(path)}`;

/** Social login. */
/** Social sign-ins carry the sign-up confirmations: needed (true) only when the sign-in creates the account (modules/auth README). */
/** `trackingTouches` (as on the sign-up forms): attributed when the sign-in creates the account (modules/tracking README). */
export const googleLoginSchema = z.object({ credential: z.string().min(10).max(5000), role: signupRoleSchema.default('user'), ...socialConsentShape, trackingTouches: trackingTouchesField });
export const googleTokenSchema = z.object({ code: z.string().min(1).max(2000), redirectUri: z.string().max(2000), role: signupRoleSchema.default('user'), ...socialConsentShape, trackingTouches: trackingTouchesField });
/** The confirmations are given at this first step (kept with the role for the callback). */
export const twitterLoginSchema = z.object({ callbackUrl: z.string().max(2000), role: signupRoleSchema.default('user'), ...socialConsentShape });
export const twitterCallbackSchema = z.object({ oauth_token: z.string().min(1).max(500), oauth_verifier: z.string().min(1).max(500), role: signupRoleSchema.default('user'), trackingTouches: trackingTouchesField });
export const recaptchaSchema = z.object({ token: z.string().max(5000) });

/** Creator identity documents: `documentVerification` = photo of the ID document, `idVerification` = selfie holding it. */
export const DOCUMENT_KINDS = ['documentVerification', 'idVerification', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { documentVerification: 'ID document', idVerification: 'Selfie with ID', other: 'Other document' };

/** GET /users/search (admin): the account list. */
export const USER_SORTS = ['updatedAt', 'createdAt', 'username', 'name'] as const;
export const userSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(USER_SORTS, 'updatedAt'),
  role: z.enum(['user', 'performer', 'admin']).optional(),
  status: z.enum(['active', 'inactive', 'suspended']).optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
