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

/** The last step this process used, per secret. */
const lastStep = new Map<string, number>();
/**
 * A code this process has not used yet, computed for a step (otplib's `epoch`) rather than waited
 * for: the server accepts the step before, the current one and the next, each once and each newer
 * than the last it took, so one sign-in after another use the previous step, then the current one,
 * then the next — three in one 30-second step without waiting; only a fourth waits for the clock.
 * Another worker may have taken the step: on CODE_REUSED ask again (the next one).
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const ms = Date.now();
    const now = Math.floor(ms / 30_000);
    // The step before is accepted only until the clock turns: within 5 s of the turn it may be two
    // steps old when the server checks it ("This code is not valid", seen in CI), so start at now.
    const oldest = (now + 1) * 30_000 - ms < 5_000 ? now : now - 1;
    const step = Math.max(oldest, (lastStep.get(secret) ?? 0) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 250));
  }
}
