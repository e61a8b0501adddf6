import { mailLayout } from '../../platform/mailer';
import { textsFor } from '../../platform/texts';

/**
 * The texts of the account e-mails (what they say; sending and tokens are the service's job), in
 * the recipient's language (`locale`: users.locale; platform/texts). `site`: the siteName
 * setting; `web`: PUBLIC_WEB_URL.
 */
type Mail = { subject: string; text: string; html: string };
type Lang = string | null | undefined;
const handle = (username: string | null) => (username ? ` @${username}` : '');

export const verificationMail = (site: string, web: string, name: string, token: string, locale?: Lang): Mail => {
  const t = textsFor(locale).auth;
  return {
    subject: t.verifySubject(site),
    ...mailLayout(t.verifyTitle(site, name), t.verifyBody, { label: t.verifyAction, url: `${web}/auth/verify-email?token=${encodeURIComponent(token)}` }),
  };
};

export const resetPasswordMail = (site: string, web: string, token: string, locale?: Lang): Mail => {
  const t = textsFor(locale).auth;
  return {
    subject: t.resetSubject(site),
    ...mailLayout(t.resetTitle, t.resetBody, { label: t.resetAction, url: `${web}/auth/reset-password?token=${encodeURIComponent(token)}` }),
  };
};

export const registerAttemptMail = (site: string, web: string, locale?: Lang): Mail => {
  const t = textsFor(locale).auth;
  return {
    subject: t.registerAttemptSubject(site),
    ...mailLayout(t.registerAttemptTitle, t.registerAttemptBody(site, `${web}/auth/login`), { label: t.registerAttemptAction, url: `${web}/auth/forgot-password` }),
  };
};

export const confirmEmailChangeMail = (site: string, web: string, username: string | null, token: string, locale?: Lang): Mail => {
  const t = textsFor(locale).auth;
  return {
    subject: t.confirmChangeSubject(site),
    ...mailLayout(t.confirmChangeTitle, t.confirmChangeBody(site, handle(username)), { label: t.confirmChangeAction, url: `${web}/auth/confirm-email?token=${encodeURIComponent(token)}` }),
  };
};

export const emailChangedNotice = (site: string, web: string, username: string | null, newEmail: string, locale?: Lang): Mail => {
  const t = textsFor(locale).auth;
  return {
    subject: t.changedSubject(site),
    ...mailLayout(t.changedTitle, t.changedBody(site, handle(username), maskEmail(newEmail), `${web}/auth/forgot-password`)),
  };
};

/** `j***@example.com`: enough for the owner to recognise, not a full address in someone's inbox. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local!.slice(0, 1)}***@${domain}`;
}
