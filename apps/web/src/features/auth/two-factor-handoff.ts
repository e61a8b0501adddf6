import { needsTwoFactor, type LoginAnswer } from '@stagepass/shared';

/**
 * A social sign-in of a two-factor account answers a challenge instead of a session: it is handed
 * to the login page's code step through sessionStorage (never the address: it would sit in the
 * history), and the browser goes to /auth/login?step=code.
 */
const KEY = 'stagepass-2fa-challenge';

/** The token of a sign-in answer, or null after handing its challenge to the login page (the browser is on its way there). */
export function tokenOrHandOff(answer: LoginAnswer): string | null {
  if (!needsTwoFactor(answer)) return answer.token;
  sessionStorage.setItem(KEY, JSON.stringify({ challenge: answer.challenge, remember: true }));
  window.location.assign('/auth/login?step=code');
  return null;
}

/** The challenge handed over (once), if any. */
export function takeHandedChallenge(): { challenge: string; remember: boolean } | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    return raw ? (JSON.parse(raw) as { challenge: string; remember: boolean }) : null;
  } catch {
    return null;
  }
}
