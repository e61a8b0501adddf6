import { TOKEN_LIFETIME_DAYS } from '@stagepass/shared';

/**
 * Attributes of the session-token cookie `token`. It stays readable by page scripts (not
 * httpOnly) because the browser sends the token itself in the Authorization header and the socket
 * query (the spec's model) — see apps/web/README.md "Session token and CSP". `Secure` whenever the
 * site is served over https; SameSite=Lax so it is never sent with cross-site subrequests or posts.
 */
export function tokenCookieOptions(remember: boolean, protocol: string) {
  return {
    path: '/',
    expires: remember ? TOKEN_LIFETIME_DAYS.remembered : TOKEN_LIFETIME_DAYS.session,
    sameSite: 'lax' as const,
    secure: protocol === 'https:',
  };
}
