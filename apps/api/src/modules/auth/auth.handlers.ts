import type { Events } from '../../platform/events';
import type { AuthService } from './auth.service';

/** What the auth event handlers are built with (root.ts). */
export interface AuthHandlersDeps {
  auth: AuthService;
  events: Events;
}

/**
 * The account e-mails that follow a change (at least once; a failed send is retried by the
 * handler job): the verification link after a sign-up, the confirmation link of an e-mail change,
 * the notice to the old address once it changed. The mails that answer a request about an address
 * (forgot password, resend verification, "someone tried to register") stay `auth.mail` jobs: they
 * change nothing, and are queued alike for known and unknown addresses (README, anti-enumeration).
 */
export function registerAuthHandlers({ auth, events }: AuthHandlersDeps): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  interactive.onSideEffect('user.registered', 'auth.verification-mail', async ({ payload }) => {
    if (payload.verifyEmail) await auth.sendVerificationEmailTo(payload.userId);
  });
  interactive.onSideEffect('user.email-change-requested', 'auth.email-change-link', ({ payload, occurredAt }) => auth.sendEmailChangeLink(payload.userId, payload.email, occurredAt));
  interactive.onSideEffect('user.email-changed', 'auth.email-changed-notice', ({ payload }) => auth.sendEmailChangedNotice(payload.userId, payload.oldEmail, payload.newEmail));
  // An operator forced a reset (users README, "Operator console"): the usual reset link.
  interactive.onSideEffect('user.password-reset-forced', 'auth.forced-reset-mail', ({ payload }) => auth.sendResetEmailTo(payload.userId));
}
