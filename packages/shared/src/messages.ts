import { formatMoney } from './format';

/** User-facing texts the spec fixes (§8), plus the ones the API uses for common refusals. */
export const MESSAGES = {
  loginFailed: 'Incorrect credentials!',
  updateFailed: 'Error occurred, please try again later',
  changesSaved: 'Changes saved',
  generic: 'Something went wrong, please try again later',
  temporarilyUnavailable: 'The site is briefly unavailable, please try again in a few seconds',
  forbiddenAction: 'Forbidden in the action!',
  messageDeleted: 'Message deleted!',
  streamMessageDeleted: 'Message deleted',
  close: 'Close',
  // API-side texts (server messages the client shows as they are)
  invalidCredentials: 'Incorrect username/e-mail or password',
  emailNotVerified: 'Please verify your e-mail address before logging in. We sent you a link; you can ask for a new one.',
  accountInactive: 'This account is not active. Please contact support.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  unauthenticated: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  validation: 'Some fields are not valid',
  rateLimited: 'Too many attempts, please wait a moment and try again',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This e-mail address is already registered',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  verifyTokenInvalid: 'This verification link is invalid or has expired. Please ask for a new one.',
  emailAlreadyVerified: 'Your e-mail address is already verified. You can log in.',
  emailChangeLinkInvalid: 'This link is invalid, already used or expired.',
  socialNotConfigured: (provider: string) => `Sign-in with ${provider} is not enabled on this site`,
  // Money
  insufficientBalance: 'Your wallet balance is too low. Please top up your wallet.',
  alreadyBought: 'You have already bought this item',
  ownItem: 'You cannot buy or tip your own content',
  noCard: 'Please add a payment card first',
  paymentsUnavailable: 'Payments are not available on this site right now',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  /** A fan with a disputed card payment (issue 29 §1): no spending until the dispute closes. */
  spendingPaused: 'Spending is paused on your account while one of your card payments is disputed with your bank. It resumes once the dispute is closed.',
  amountOutOfRange: (what: string, min: number, max: number) => `The ${what} must be between ${formatMoney(min)} and ${formatMoney(max)}`,
} as const;

/** Toast display times (§9), in seconds as antd expects. */
export const TOAST_DURATION = { message: 3, notification: 4.5 } as const;

/** Login cookie lifetimes (§4, §9), in days. */
export const TOKEN_LIFETIME_DAYS = { remembered: 365, session: 1 } as const;
export const SOCIAL_FLOW_COOKIE_DAYS = 1;
