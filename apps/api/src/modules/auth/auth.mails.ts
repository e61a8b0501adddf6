import { mailLayout } from '../../platform/mailer';

/**
 * The texts of the account e-mails (what they say; sending and tokens are the service's job).
 * `site`: the siteName setting; `web`: PUBLIC_WEB_URL.
 */
type Mail = { subject: string; text: string; html: string };
const handle = (username: string | null) => (username ? ` @${username}` : '');

export const verificationMail = (site: string, web: string, name: string, token: string): Mail => ({
  subject: `Verify your e-mail address for ${site}`,
  ...mailLayout(`Welcome to ${site}${name ? `, ${name}` : ''}!`, 'Please confirm your e-mail address. The link is valid for 3 days.', {
    label: 'Verify my e-mail',
    url: `${web}/auth/verify-email?token=${encodeURIComponent(token)}`,
  }),
});

export const resetPasswordMail = (site: string, web: string, token: string): Mail => ({
  subject: `Reset your ${site} password`,
  ...mailLayout('Reset your password', 'Someone (hopefully you) asked to reset your password. The link works once and expires in one hour. If it was not you, ignore this e-mail.', {
    label: 'Choose a new password',
    url: `${web}/auth/reset-password?token=${encodeURIComponent(token)}`,
  }),
});

export const registerAttemptMail = (site: string, web: string): Mail => ({
  subject: `Someone tried to register at ${site} with your address`,
  ...mailLayout(
    'You already have an account',
    `Someone (hopefully you) tried to create a new ${site} account with this e-mail address, which already has one. If it was you, log in at ${web}/auth/login — or choose a new password if you forgot it. If it was not you, you can ignore this e-mail: nothing was changed.`,
    { label: 'Reset my password', url: `${web}/auth/forgot-password` },
  ),
});

export const confirmEmailChangeMail = (site: string, web: string, username: string | null, token: string): Mail => ({
  subject: `Confirm your new e-mail address for ${site}`,
  ...mailLayout(
    'Confirm your new e-mail address',
    `You asked to use this address for your ${site} account${handle(username)}. It replaces the old one once you follow the link (valid for 1 day). If it was not you, ignore this e-mail.`,
    { label: 'Confirm my new address', url: `${web}/auth/confirm-email?token=${encodeURIComponent(token)}` },
  ),
});

export const emailChangedNotice = (site: string, web: string, username: string | null, newEmail: string): Mail => ({
  subject: `Your ${site} e-mail address was changed`,
  ...mailLayout(
    'Your e-mail address was changed',
    `The e-mail address of your ${site} account${handle(username)} is now ${maskEmail(newEmail)}. Mail about your account no longer comes here. If you did not make this change, reset your password at ${web}/auth/forgot-password using the new address, or contact support.`,
  ),
});

/** `j***@example.com`: enough for the owner to recognise, not a full address in someone's inbox. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local!.slice(0, 1)}***@${domain}`;
}
