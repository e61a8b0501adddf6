import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { MESSAGES, type LoginAnswer, type TrackingTouch } from '@stagepass/shared';
import { HttpError, badRequest, fieldError, unauthorized } from '../../platform/errors';
import { oauthRequests } from './auth.tables';
import { authorizationHeader } from './social.oauth1';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SettingsService } from '../settings/settings.service';
import type { AuthService } from './auth.service';

export type SocialRole = 'user' | 'performer';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_TOKEN_INVALID = 'Google sign-in failed: the token could not be verified';
/** How long a Twitter request token waits for its callback. */
export const TWITTER_REQUEST_TTL_MS = 15 * 60 * 1000;
export const TWITTER_REQUEST_INVALID = 'This Twitter sign-in has expired or was already used. Please start again.';

/**
 * Google's signing keys, fetched once per JWKS URL and per process, then kept and refreshed by
 * jose (re-fetched when a token names an unknown key id, at most every 30 s). A cache of public
 * keys: every node may hold its own.
 */
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function googleJwks(url: string, timeoutMs: number) {
  const key = `${timeoutMs} ${url}`;
  let jwks = jwksByUrl.get(key);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: timeoutMs });
    jwksByUrl.set(key, jwks);
  }
  return jwks;
}

/** What SocialService is built with (by the composition root, root.ts). */
export interface SocialDeps {
  log?: Pick<FastifyBaseLogger, 'warn'>;
  auth: AuthService;
  config: Config;
  db: Db;
  settings: SettingsService;
}

/** The sign-up confirmations a social sign-in may carry (needed only when it creates the account). */
type ConsentInput = { ageConfirmed?: boolean; acceptTerms?: boolean };
/** Both confirmations given, and the client address they are recorded with. */
type SignUpConsent = { consent: boolean; ip: string | null };
const consentOf = (input: ConsentInput, ip: string | null): SignUpConsent => ({ consent: input.ageConfirmed === true && input.acceptTerms === true, ip });

/**
 * Sign-in with Google (ID token from Google Identity Services, or an authorization code) and with
 * Twitter (OAuth 1.0a three-legged). Each provider works only when the operator enabled it and
 * filled in its keys; otherwise 400 MESSAGES.socialNotConfigured. The account rules (link by
 * provider id, else by verified e-mail, else create) are AuthService.socialLogin's. See README.md.
 */
export class SocialService {
  constructor(private deps: SocialDeps) {}

  // --- Google ---------------------------------------------------------------------------------

  /** The client id when Google sign-in is enabled and configured; else 400. */
  private async googleClient(needSecret: boolean): Promise<{ clientId: string; clientSecret: string }> {
    const [enabled, clientId, clientSecret] = await Promise.all([
      this.deps.settings.get('googleLoginEnabled'),
      this.deps.settings.get('googleClientId'),
      this.deps.settings.get('googleClientSecret'),
    ]);
    if (!enabled || !clientId || (needSecret && !clientSecret)) throw badRequest(MESSAGES.socialNotConfigured('Google'));
    return { clientId, clientSecret };
  }

  /** Verifies a Google ID token: signature (Google's JWKS), issuer, audience = our client id, expiry, `sub`. */
  async verifyGoogleIdToken(idToken: string, clientId: string): Promise<JWTPayload & { email?: string; email_verified?: boolean | string; name?: string }> {
    try {
      const { payload } = await jwtVerify(idToken, googleJwks(this.deps.config.GOOGLE_JWKS_URL, this.deps.config.PROVIDER_TIMEOUT_MS), {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 10,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
      return payload;
    } catch (err) {
      this.deps.log?.warn({ err: { name: (err as Error)?.name, code: (err as { code?: string })?.code, message: (err as Error)?.message } }, 'Google ID token refused');
      throw unauthorized(GOOGLE_TOKEN_INVALID);
    }
  }

  private async googleSession(idToken: string, clientId: string, role: SocialRole, consent: SignUpConsent, trackingTouches?: TrackingTouch[]): Promise<LoginAnswer> {
    const p = await this.verifyGoogleIdToken(idToken, clientId);
    const email = typeof p.email === 'string' && p.email ? p.email : null;
    return this.deps.auth.socialLogin({
      provider: 'google',
      subject: p.sub!,
      email,
      // Google sends a boolean; very old tokens sent the string "true".
      emailVerified: Boolean(email) && (p.email_verified === true || p.email_verified === 'true'),
      name: typeof p.name === 'string' ? p.name.slice(0, 200) : undefined,
      role,
      ...consent,
      trackingTouches,
    });
  }

  /** POST /auth/google/login: `credential` is the ID token Google Identity Services gave the browser. */
  async googleLogin(input: { credential: string; role: SocialRole; trackingTouches?: TrackingTouch[] } & ConsentInput, ip: string | null = null): Promise<LoginAnswer> {
    const { clientId } = await this.googleClient(false);
    return this.googleSession(input.credential, clientId, input.role, consentOf(input, ip), input.trackingTouches);
  }

  /**
   * POST /auth/google/token: exchanges an authorization code at Google's token endpoint (with the
   * client secret), then verifies the ID token it answers exactly like googleLogin.
   * `redirectUri` must be the one the code was issued for (`postmessage` for the GIS popup).
   */
  async googleCode(input: { code: string; redirectUri: string; role: SocialRole; trackingTouches?: TrackingTouch[] } & ConsentInput, ip: string | null = null): Promise<LoginAnswer> {
    const { clientId, clientSecret } = await this.googleClient(true);
    const body = new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      code: input.code,
      redirect_uri: input.redirectUri,
      grant_type: 'authorization_code',
    });
    let status = 0;
    let answer: { id_token?: unknown; error?: unknown; error_description?: unknown } = {};
    try {
      const res = await fetch(this.deps.config.GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.deps.config.PROVIDER_TIMEOUT_MS),
      });
      status = res.status;
      answer = (await res.json().catch(() => ({}))) as typeof answer;
    } catch (err) {
      this.deps.log?.warn({ err }, 'Google token endpoint unreachable');
      throw unauthorized('Google sign-in failed: Google could not be reached, please try again');
    }
    if (status < 200 || status >= 300 || typeof answer.id_token !== 'string') {
      this.deps.log?.warn({ status, error: answer.error, description: answer.error_description }, 'Google refused the authorization code');
      const reason = typeof answer.error === 'string' ? ` (${answer.error})` : '';
      throw unauthorized(`Google sign-in failed: Google did not accept the authorization code${reason}`);
    }
    return this.googleSession(answer.id_token, clientId, input.role, consentOf(input, ip), input.trackingTouches);
  }

  // --- Twitter (OAuth 1.0a) -------------------------------------------------------------------

  private async twitterConsumer(): Promise<{ consumerKey: string; consumerSecret: string }> {
    const [enabled, consumerKey, consumerSecret] = await Promise.all([
      this.deps.settings.get('twitterLoginEnabled'),
      this.deps.settings.get('twitterConsumerKey'),
      this.deps.settings.get('twitterConsumerSecret'),
    ]);
    if (!enabled || !consumerKey || !consumerSecret) throw badRequest(MESSAGES.socialNotConfigured('Twitter'));
    return { consumerKey, consumerSecret };
  }

  private twitterUrl(path: string): string {
    return `${this.deps.config.TWITTER_API_URL.replace(/\/+$/, '')}${path}`;
  }

  /** A signed call to Twitter; non-2xx or network failure → 401 with `failure` in the message. */
  private async twitterCall(method: 'GET' | 'POST', url: string, authorization: string, failure: string): Promise<string> {
    try {
      const res = await fetch(url, {
        method,
        headers: { authorization, accept: '*/*', ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(method === 'POST' ? { body: '' } : {}),
        signal: AbortSignal.timeout(this.deps.config.PROVIDER_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) {
        this.deps.log?.warn({ status: res.status, url: url.split('?')[0], body: text.slice(0, 300) }, 'Twitter refused a request');
        throw unauthorized(`Twitter sign-in failed: ${failure}`);
      }
      return text;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.deps.log?.warn({ err, url: url.split('?')[0] }, 'Twitter unreachable');
      throw unauthorized('Twitter sign-in failed: Twitter could not be reached, please try again');
    }
  }

  /**
   * POST /auth/twitter/login: gets a request token for `callbackUrl`, keeps its secret in
   * oauth_requests (with the chosen role) and answers the address to send the browser to.
   */
  async twitterLogin(input: { callbackUrl: string; role: SocialRole } & ConsentInput): Promise<{ url: string }> {
    const consumer = await this.twitterConsumer();
    let callback: URL;
    try {
      callback = new URL(input.callbackUrl);
    } catch {
      throw fieldError('callbackUrl', 'Enter an absolute http(s) address');
    }
    if (callback.protocol !== 'http:' && callback.protocol !== 'https:') throw fieldError('callbackUrl', 'Enter an absolute http(s) address');

    const url = this.twitterUrl('/oauth/request_token');
    const authorization = authorizationHeader({ method: 'POST', url, credentials: consumer, oauth: { oauth_callback: callback.toString() } });
    const answer = new URLSearchParams(await this.twitterCall('POST', url, authorization, 'Twitter did not accept the sign-in request'));
    const token = answer.get('oauth_token');
    const secret = answer.get('oauth_token_secret');
    if (!token || !secret || answer.get('oauth_callback_confirmed') !== 'true') {
      this.deps.log?.warn({ keys: [...answer.keys()] }, 'Twitter request_token answer incomplete');
      throw unauthorized('Twitter sign-in failed: Twitter did not accept the sign-in request');
    }
    await this.deps.db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, new Date()));
    await this.deps.db
      .insert(oauthRequests)
      .values({ token, provider: 'twitter', secret, role: input.role, consent: consentOf(input, null).consent, expiresAt: new Date(Date.now() + TWITTER_REQUEST_TTL_MS) })
      .onConflictDoUpdate({ target: oauthRequests.token, set: { secret, role: input.role, consent: consentOf(input, null).consent, expiresAt: new Date(Date.now() + TWITTER_REQUEST_TTL_MS) } });
    return { url: `${this.twitterUrl('/oauth/authenticate')}?oauth_token=${encodeURIComponent(token)}` };
  }

  /**
   * POST /auth/twitter/callback: takes (and deletes) the stored request token — unknown, used or
   * expired → 400 — exchanges it with the verifier for an access token, reads the account with
   * verify_credentials, then signs in. The role is the one chosen when the flow started.
   */
  async twitterCallback(input: { oauth_token: string; oauth_verifier: string; role: SocialRole; trackingTouches?: TrackingTouch[] }, ip: string | null = null): Promise<LoginAnswer> {
    const consumer = await this.twitterConsumer();
    const [request] = await this.deps.db
      .delete(oauthRequests)
      .where(and(eq(oauthRequests.token, input.oauth_token), eq(oauthRequests.provider, 'twitter'), sql`${oauthRequests.expiresAt} > now()`))
      .returning();
    if (!request) throw badRequest(TWITTER_REQUEST_INVALID, [{ field: 'oauth_token', message: TWITTER_REQUEST_INVALID }]);

    const accessUrl = this.twitterUrl('/oauth/access_token');
    const accessAuth = authorizationHeader({
      method: 'POST',
      url: accessUrl,
      credentials: { ...consumer, token: request.token, tokenSecret: request.secret },
      oauth: { oauth_verifier: input.oauth_verifier },
    });
    const access = new URLSearchParams(await this.twitterCall('POST', accessUrl, accessAuth, 'Twitter did not confirm the sign-in'));
    const accessToken = access.get('oauth_token');
    const accessSecret = access.get('oauth_token_secret');
    const userId = access.get('user_id');
    if (!accessToken || !accessSecret || !userId) {
      this.deps.log?.warn({ keys: [...access.keys()] }, 'Twitter access_token answer incomplete');
      throw unauthorized('Twitter sign-in failed: Twitter did not confirm the sign-in');
    }

    const verifyUrl = `${this.twitterUrl('/1.1/account/verify_credentials.json')}?include_email=true&skip_status=true`;
    const verifyAuth = authorizationHeader({ method: 'GET', url: verifyUrl, credentials: { ...consumer, token: accessToken, tokenSecret: accessSecret } });
    let account: { id_str?: unknown; name?: unknown; screen_name?: unknown; email?: unknown };
    try {
      account = JSON.parse(await this.twitterCall('GET', verifyUrl, verifyAuth, 'your Twitter account could not be read'));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw unauthorized('Twitter sign-in failed: your Twitter account could not be read');
    }
    if (account.id_str !== undefined && String(account.id_str) !== userId) {
      this.deps.log?.warn({ userId, idStr: account.id_str }, 'Twitter verify_credentials answered another account');
      throw unauthorized('Twitter sign-in failed: your Twitter account could not be read');
    }
    const email = typeof account.email === 'string' && account.email ? account.email : null;
    const name = typeof account.name === 'string' && account.name ? account.name : (typeof account.screen_name === 'string' ? account.screen_name : access.get('screen_name') ?? undefined);
    return this.deps.auth.socialLogin({
      provider: 'twitter',
      subject: userId,
      email,
      // Twitter returns the address only when the user has a verified one.
      emailVerified: Boolean(email),
      name: name?.slice(0, 200),
      role: request.role,
      // The confirmations were given at the first step, with the role.
      consent: request.consent,
      ip,
      // The browser still holds its touches when it comes back from Twitter: they come with the callback.
      trackingTouches: input.trackingTouches,
    });
  }
}
