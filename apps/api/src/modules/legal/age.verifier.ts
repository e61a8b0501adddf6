import crypto from 'node:crypto';
import type { AgeProvider } from '@stagepass/shared';
import { HttpError } from '../../platform/errors';

/**
 * THE age verification provider interface (README "Age assurance"). The site verifies through one
 * provider, chosen by configuration (AGE_VERIFIER):
 * - `manual` (built in): the fan uploads an ID photo and a selfie; an operator decides in the
 *   console queue. Nothing leaves the site.
 * - `webhook`: an outside service. `start` opens a session with it (POST {AGE_VERIFIER_URL}/sessions,
 *   signed with the shared secret) and answers the page to send the fan to; the service later calls
 *   POST /age-verification/webhook with the result, signed the same way (`verify`).
 */
export interface AgeVerifier {
  readonly provider: AgeProvider;
  /** Opens a session for `reference` (our request id); the provider's session id and the page for the fan. Webhook providers only. */
  start?(input: { reference: string; userId: string; returnUrl: string; callbackUrl: string }): Promise<{ session: string; url: string }>;
  /** True when `signature` signs `raw` with the shared secret. Webhook providers only. */
  verify?(raw: Buffer, signature: string | undefined): boolean;
}

export const manualAgeVerifier: AgeVerifier = { provider: 'manual' };

/** `sha256=<hex>`: the HMAC-SHA256 of the exact bytes, both ways (our session request, their call back). */
export function signAgePayload(raw: Buffer | string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;
}

export function verifyAgeSignature(raw: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(signAgePayload(raw, secret));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The webhook provider: one HTTP call out to start, a signed call back in to decide. */
export function webhookAgeVerifier(o: { url: string; secret: string; timeoutMs: number; fetch?: typeof fetch }): AgeVerifier {
  const doFetch = o.fetch ?? fetch;
  return {
    provider: 'webhook',
    async start(input) {
      const body = JSON.stringify(input);
      let res: Response;
      try {
        res = await doFetch(`${o.url.replace(/\/$/, '')}/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-age-signature': signAgePayload(body, o.secret) },
          body,
          signal: AbortSignal.timeout(o.timeoutMs),
        });
      } catch {
        throw new HttpError(502, 'The age verification service cannot be reached; please try again later');
      }
      const json = (await res.json().catch(() => null)) as { session?: unknown; url?: unknown } | null;
      if (!res.ok || typeof json?.session !== 'string' || typeof json.url !== 'string' || !/^https?:\/\//.test(json.url)) {
        throw new HttpError(502, 'The age verification service did not start a session; please try again later');
      }
      return { session: json.session, url: json.url };
    },
    verify: (raw, signature) => verifyAgeSignature(raw, signature, o.secret),
  };
}
