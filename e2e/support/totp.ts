import { generate } from 'otplib';

/**
 * The demo operator's TOTP secret (apps/api/src/seed/demo.ts DEMO_ADMIN_TOTP_SECRET, published in
 * the README's demo accounts): the operator console needs two-factor authentication, so every
 * admin sign-in of the tests answers the code step with a code computed from it.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'STAGEPASSDEMOADMIN2FA7OTPSECRET2';
const DEMO_ADMIN_LOGINS = ['admin@example.com', 'operator'];

/** The TOTP secret of an account the tests know (the demo operator), else undefined. */
export const totpSecretFor = (login: string) => (DEMO_ADMIN_LOGINS.includes(login.toLowerCase()) ? DEMO_ADMIN_TOTP_SECRET : undefined);

/** The API's answer to a code whose 30-second step was already used (TWO_FACTOR_MESSAGES.codeReused). */
export const CODE_REUSED = /already used/i;

let lastStep = 0;
/**
 * A code this process has not used yet: the server takes each 30-second step once, and accepts the
 * step before and after the current one, so two sign-ins in one step use now and the next; a third
 * waits for the clock. Another worker may have taken the step: on CODE_REUSED ask again.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, lastStep + 1);
    if (step <= now + 1) {
      lastStep = step;
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 250));
  }
}
