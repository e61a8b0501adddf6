// Over 300 lines: social sign-in end to end (Google ID token and code, Twitter OAuth 1.0a, rate limit) against one set of provider stand-ins.
import http from 'node:http';
import net from 'node:net';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { MESSAGES } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type TestApp } from '../../../test/harness';
import { trackingAttributions } from '../tracking/tracking.tables';
import { oauthRequests } from './auth.tables';
import { users } from '../users/users.tables';
import { GOOGLE_TOKEN_INVALID } from './social.service';

/**
 * Social sign-in through the real flows against local stand-ins: a Google JWKS + token endpoint
 * (ID tokens signed here with a key pair made for the test) and a Twitter OAuth 1.0a server that
 * checks every request's HMAC-SHA1 signature with its own small implementation.
 */

// --- tiny HTTP stand-in helper -----------------------------------------------------------------

interface StandIn { url: string; close(): Promise<void> }
type Handler = (req: http.IncomingMessage, body: string) => { status: number; body: string | object; type?: string };

async function standIn(handler: Handler): Promise<StandIn> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = handler(req, body);
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      res.writeHead(r.status, { 'content-type': r.type ?? (typeof r.body === 'string' ? 'text/plain' : 'application/json') });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

// --- Google stand-in -----------------------------------------------------------------------------

const CLIENT_ID = 'stagepass-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'google-test-secret';
const KID = 'test-key-1';
let googleKey: CryptoKey;
let otherKey: CryptoKey;
const tokenCalls: Array<Record<string, string>> = [];
/** What the stand-in token endpoint answers for a code. */
const codeAnswers = new Map<string, { status: number; body: object }>();

async function idToken(o: { sub?: string; email?: string; emailVerified?: boolean; name?: string; aud?: string; iss?: string; exp?: number; iat?: number; key?: CryptoKey; kid?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { email_verified: o.emailVerified ?? true };
  if (o.email !== undefined) claims.email = o.email;
  if (o.name !== undefined) claims.name = o.name;
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? KID, typ: 'JWT' })
    .setIssuer(o.iss ?? 'https://accounts.google.com')
    .setAudience(o.aud ?? CLIENT_ID)
    .setIssuedAt(o.iat ?? now)
    .setExpirationTime(o.exp ?? now + 3600);
  if (o.sub !== '') jwt.setSubject(o.sub ?? `g-${crypto.randomUUID()}`);
  return jwt.sign(o.key ?? googleKey);
}

// --- Twitter stand-in ----------------------------------------------------------------------------

const TW_KEY = 'tw-consumer-key';
const TW_SECRET = 'tw-consumer-secret';
/** The stand-in's own RFC 3986 encoder (written apart from social.oauth1.ts on purpose). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!*'()]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

function parseOAuthHeader(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const out: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const m = /^\s*([^=\s]+)="([^"]*)"\s*$/.exec(part);
    if (!m) return null;
    out[decodeURIComponent(m[1]!)] = decodeURIComponent(m[2]!);
  }
  return out;
}

/** Recomputes the HMAC-SHA1 signature of a received request (header params + query + form body). */
function signatureValid(req: http.IncomingMessage, base: string, body: string, oauth: Record<string, string>, tokenSecret: string): boolean {
  const u = new URL(req.url!, base);
  const pairs: Array<[string, string]> = [];
  u.searchParams.forEach((v, k) => pairs.push([rfc3986(k), rfc3986(v)]));
  if (body && /x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) new URLSearchParams(body).forEach((v, k) => pairs.push([rfc3986(k), rfc3986(v)]));
  for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature') pairs.push([rfc3986(k), rfc3986(v)]);
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const paramString = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const baseString = `${req.method}&${rfc3986(`${u.protocol}//${u.host}${u.pathname}`)}&${rfc3986(paramString)}`;
  const expected = crypto.createHmac('sha1', `${rfc3986(TW_SECRET)}&${rfc3986(tokenSecret)}`).update(baseString).digest('base64');
  const got = oauth.oauth_signature ?? '';
  return got.length === expected.length && crypto.timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}

const REQUIRED_OAUTH = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version'];
interface TwitterAccount { id: string; screenName: string; name: string; email?: string }
const twitter = {
  requestTokens: new Map<string, { secret: string; callback: string; verifier: string }>(),
  accessTokens: new Map<string, { secret: string; account: TwitterAccount }>(),
  /** The account the next authorization (browser step) signs in as. */
  nextAccount: { id: '1001', screenName: 'raetweets', name: 'Rae Tweets', email: 'rae@twitter.test' } as TwitterAccount,
  pendingAccount: new Map<string, TwitterAccount>(),
  calls: [] as Array<{ path: string; oauth: Record<string, string> }>,
  nonces: new Set<string>(),
};

function twitterHandler(base: () => string): Handler {
  return (req, body) => {
    const path = new URL(req.url!, base()).pathname;
    const oauth = parseOAuthHeader(req.headers.authorization);
    const refuse = (why: string) => ({ status: 401, body: { errors: [{ code: 32, message: why }] } });
    if (!oauth) return refuse('no OAuth header');
    twitter.calls.push({ path, oauth });
    if (!REQUIRED_OAUTH.every((k) => oauth[k])) return refuse('missing oauth parameter');
    if (oauth.oauth_consumer_key !== TW_KEY || oauth.oauth_signature_method !== 'HMAC-SHA1' || oauth.oauth_version !== '1.0') return refuse('bad consumer');
    if (Math.abs(Number(oauth.oauth_timestamp) - Date.now() / 1000) > 300) return refuse('stale timestamp');
    if (twitter.nonces.has(oauth.oauth_nonce!)) return refuse('nonce reused');
    twitter.nonces.add(oauth.oauth_nonce!);

    if (req.method === 'POST' && path === '/oauth/request_token') {
      if (!oauth.oauth_callback || oauth.oauth_token) return refuse('no callback');
      if (!signatureValid(req, base(), body, oauth, '')) return refuse('bad signature');
      const token = `req-${crypto.randomBytes(6).toString('hex')}`;
      const entry = { secret: `reqsecret-${crypto.randomBytes(6).toString('hex')}`, callback: oauth.oauth_callback, verifier: `ver-${crypto.randomBytes(4).toString('hex')}` };
      twitter.requestTokens.set(token, entry);
      twitter.pendingAccount.set(token, twitter.nextAccount);
      return { status: 200, body: `oauth_token=${token}&oauth_token_secret=${entry.secret}&oauth_callback_confirmed=true`, type: 'text/html' };
    }
    if (req.method === 'POST' && path === '/oauth/access_token') {
      const rt = twitter.requestTokens.get(oauth.oauth_token ?? '');
      if (!rt) return refuse('unknown request token');
      if (!signatureValid(req, base(), body, oauth, rt.secret)) return refuse('bad signature');
      if (oauth.oauth_verifier !== rt.verifier) return refuse('bad verifier');
      twitter.requestTokens.delete(oauth.oauth_token!);
      const account = twitter.pendingAccount.get(oauth.oauth_token!)!;
      const token = `${account.id}-acc${crypto.randomBytes(6).toString('hex')}`;
      const secret = `accsecret-${crypto.randomBytes(6).toString('hex')}`;
      twitter.accessTokens.set(token, { secret, account });
      return { status: 200, body: `oauth_token=${token}&oauth_token_secret=${secret}&user_id=${account.id}&screen_name=${account.screenName}`, type: 'text/html' };
    }
    if (req.method === 'GET' && path === '/1.1/account/verify_credentials.json') {
      const at = twitter.accessTokens.get(oauth.oauth_token ?? '');
      if (!at) return refuse('unknown access token');
      if (!signatureValid(req, base(), body, oauth, at.secret)) return refuse('bad signature');
      const q = new URL(req.url!, base()).searchParams;
      const a = at.account;
      return { status: 200, body: { id: Number(a.id), id_str: a.id, name: a.name, screen_name: a.screenName, ...(q.get('include_email') === 'true' && a.email ? { email: a.email } : {}) } };
    }
    return { status: 404, body: { errors: [{ code: 34, message: 'not found' }] } };
  };
}

/** What the browser does at Twitter: the user approves, Twitter redirects to the callback with the verifier. */
function approveAtTwitter(authenticateUrl: string) {
  const token = new URL(authenticateUrl).searchParams.get('oauth_token')!;
  const rt = twitter.requestTokens.get(token);
  if (!rt) throw new Error(`stand-in does not know ${token}`);
  const back = new URL(rt.callback);
  back.searchParams.set('oauth_token', token);
  back.searchParams.set('oauth_verifier', rt.verifier);
  return { oauth_token: token, oauth_verifier: rt.verifier, callback: back };
}

// --- app -----------------------------------------------------------------------------------------

let t: TestApp;
let google: StandIn;
let tw: StandIn;
let twBase = '';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  google = await standIn((req, body) => {
    if (req.method === 'GET' && req.url === '/oauth2/v3/certs') return { status: 200, body: { keys: [jwk] } };
    if (req.method === 'POST' && req.url === '/token') {
      const form = Object.fromEntries(new URLSearchParams(body));
      tokenCalls.push(form);
      if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
      if (form.grant_type !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
      return codeAnswers.get(form.code ?? '') ?? { status: 400, body: { error: 'invalid_grant', error_description: 'Malformed auth code.' } };
    }
    return { status: 404, body: { error: 'not_found' } };
  });
  tw = await standIn(twitterHandler(() => twBase));
  twBase = tw.url;
  t = await createTestApp({ GOOGLE_JWKS_URL: `${google.url}/oauth2/v3/certs`, GOOGLE_TOKEN_URL: `${google.url}/token`, TWITTER_API_URL: tw.url });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await tw?.close();
});

/** The sign-up confirmations go with every social sign-in here (a new account needs them); `bare` sends none. */
const CONSENT = { ageConfirmed: true, acceptTerms: true };
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload: /^\/auth\/(google\/(login|token)|twitter\/login)$/.test(url) ? { ...CONSENT, ...payload } : payload });
const bare = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${token}` } });

async function configureGoogle() {
  await t.ctx.settings.set('googleLoginEnabled', true);
  await t.ctx.settings.set('googleClientId', CLIENT_ID);
  await t.ctx.settings.set('googleClientSecret', CLIENT_SECRET);
}
async function configureTwitter(secret = TW_SECRET) {
  await t.ctx.settings.set('twitterLoginEnabled', true);
  await t.ctx.settings.set('twitterConsumerKey', TW_KEY);
  await t.ctx.settings.set('twitterConsumerSecret', secret);
}

// --- tests ---------------------------------------------------------------------------------------

describe('social sign-in not configured', () => {
  it('every endpoint answers 400 "not enabled" until the operator configures the provider', async () => {
    const calls: Array<[string, object, string]> = [
      ['/auth/google/login', { credential: await idToken() }, 'Google'],
      ['/auth/google/token', { code: 'abc', redirectUri: 'postmessage' }, 'Google'],
      ['/auth/twitter/login', { callbackUrl: 'http://localhost:3000/auth/twitter/callback' }, 'Twitter'],
      ['/auth/twitter/callback', { oauth_token: 'x', oauth_verifier: 'y' }, 'Twitter'],
    ];
    for (const [url, body, provider] of calls) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(MESSAGES.socialNotConfigured(provider));
    }
    expect(tokenCalls).toHaveLength(0);
    expect(twitter.calls).toHaveLength(0);
  });

  it('enabled without a client id (or without keys) is still not configured', async () => {
    await t.ctx.settings.set('googleLoginEnabled', true);
    await t.ctx.settings.set('twitterLoginEnabled', true);
    await t.ctx.settings.set('twitterConsumerKey', TW_KEY);
    expect((await post('/auth/google/login', { credential: await idToken() })).statusCode).toBe(400);
    expect((await post('/auth/twitter/login', { callbackUrl: 'http://localhost:3000/cb' })).statusCode).toBe(400);
    await t.ctx.settings.set('googleClientId', CLIENT_ID);
    // ID-token sign-in needs only the client id; the code flow needs the secret too.
    expect((await post('/auth/google/token', { code: 'abc', redirectUri: 'postmessage' })).json().message).toBe(MESSAGES.socialNotConfigured('Google'));
    await t.ctx.settings.set('googleLoginEnabled', false);
    await t.ctx.settings.set('twitterLoginEnabled', false);
  });
});

describe('Google ID token (POST /auth/google/login)', () => {
  beforeAll(configureGoogle);

  it('signs in a new user: a working token, no username yet, e-mail verified', async () => {
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-new-1', email: 'New.Person@Gmail.test', name: 'New Person' }) });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json().data;
    expect(typeof token).toBe('string');
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    const who = await me(token);
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toMatchObject({ username: null, email: 'new.person@gmail.test', verifiedEmail: true, name: 'New Person', isPerformer: false });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.googleId, 'g-new-1'));
    expect(row?.passwordHash).toBeNull();
  });

  it('a new account needs the sign-up confirmations (400 naming both, nothing created); they are recorded with it; a known account signs in without them', async () => {
    const refused = await bare('/auth/google/login', { credential: await idToken({ sub: 'g-consent', email: 'consent@gmail.test' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['acceptTerms', 'ageConfirmed']);
    expect(await t.ctx.db.select().from(users).where(eq(users.googleId, 'g-consent'))).toHaveLength(0);
    const ok = await bare('/auth/google/login', { credential: await idToken({ sub: 'g-consent', email: 'consent@gmail.test' }), ...CONSENT });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.googleId, 'g-consent'));
    expect(await t.ctx.legal.hasAccepted(row!.id, 'age', 18)).toBe(true);
    expect((await bare('/auth/google/login', { credential: await idToken({ sub: 'g-consent', email: 'consent@gmail.test' }) })).statusCode).toBe(200);
  });

  it("a new account carries the browser's tracking-link touches (attributed, as a sign-up form's); an existing one's are ignored", async () => {
    const creator = await createCreator(t);
    const link = await t.app.inject({ method: 'POST', url: '/tracking/links', headers: creator.auth, payload: { name: 'Google fans' } });
    expect(link.statusCode, link.body).toBe(201);
    const touches = [{ code: link.json().data.code, at: new Date().toISOString() }];
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-tracked', email: 'tracked@gmail.test' }), trackingTouches: touches });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.googleId, 'g-tracked'));
    const [attributed] = await t.ctx.db.select().from(trackingAttributions).where(eq(trackingAttributions.userId, row!.id));
    expect(attributed).toMatchObject({ performerId: creator.user.id, linkId: link.json().data._id, via: 'signup' });
    // Signing in again (the account exists) attributes nothing more.
    const known = await createFan(t);
    await t.ctx.db.update(users).set({ googleId: 'g-known' }).where(eq(users.id, known.user.id));
    expect((await post('/auth/google/login', { credential: await idToken({ sub: 'g-known', email: 'known@gmail.test' }), trackingTouches: touches })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(trackingAttributions).where(eq(trackingAttributions.userId, known.user.id))).toHaveLength(0);
  });

  it('a second sign-in with the same Google account reaches the same user', async () => {
    const first = await post('/auth/google/login', { credential: await idToken({ sub: 'g-same', email: 'same@gmail.test' }) });
    const second = await post('/auth/google/login', { credential: await idToken({ sub: 'g-same', email: 'renamed@gmail.test' }) });
    expect(second.statusCode).toBe(200);
    const a = (await me(first.json().data.token)).json().data;
    const b = (await me(second.json().data.token)).json().data;
    expect(b._id).toBe(a._id);
    expect(second.json().data.token).not.toBe(first.json().data.token);
  });

  it('role performer creates a creator (with a profile)', async () => {
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-creator', email: 'creator@gmail.test' }), role: 'performer' });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    expect((await me(token)).json().data).toMatchObject({ isPerformer: true, username: null });
    expect((await t.app.inject({ method: 'GET', url: '/performers/me', headers: { authorization: token } })).statusCode).toBe(200);
  });

  it('links an existing account with the same verified e-mail', async () => {
    const fan = await createFan(t, { email: 'Linked.Fan@test.example' });
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-link', email: 'linked.fan@TEST.example' }) });
    expect(res.statusCode).toBe(200);
    const who = (await me(res.json().data.token)).json().data;
    expect(who._id).toBe(fan.user.id);
    expect(who.username).toBe(fan.user.username);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.googleId).toBe('g-link');
  });

  it('linking to an account that never verified its e-mail takes the squatter out: password cleared, sessions revoked', async () => {
    const squatter = await createFan(t, { email: 'owner@test.example', verified: false });
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-owner', email: 'owner@test.example' }) });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token)).json().data._id).toBe(squatter.user.id);
    expect((await me(squatter.token)).statusCode).toBe(401);
    const login = await post('/auth/login', { username: squatter.user.username, password: squatter.password });
    expect(login.statusCode).toBe(401);
  });

  it('an e-mail Google has not verified links nothing and is not stored', async () => {
    const fan = await createFan(t, { email: 'victim@test.example' });
    const res = await post('/auth/google/login', { credential: await idToken({ sub: 'g-unverified', email: 'victim@test.example', emailVerified: false }) });
    expect(res.statusCode).toBe(200);
    const who = (await me(res.json().data.token)).json().data;
    expect(who._id).not.toBe(fan.user.id);
    expect(who).toMatchObject({ email: null, verifiedEmail: false });
  });

  it.each([
    ['wrong audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['expired', () => idToken({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['signed by another key (same kid)', () => idToken({ key: otherKey })],
    ['signed by an unknown key id', () => idToken({ key: otherKey, kid: 'not-google' })],
    ['wrong issuer', () => idToken({ iss: 'https://evil.example' })],
    ['no subject', () => idToken({ sub: '' })],
  ])('refuses a token: %s (401)', async (_name, make) => {
    const res = await post('/auth/google/login', { credential: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(GOOGLE_TOKEN_INVALID);
  });

  it('refuses garbage and an unsigned token (401)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: 'x', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    for (const credential of ['not-a-jwt-at-all', `${header}.${payload}.`]) {
      expect((await post('/auth/google/login', { credential })).statusCode).toBe(401);
    }
  });

  it('accepts the issuer without scheme too (accounts.google.com)', async () => {
    expect((await post('/auth/google/login', { credential: await idToken({ iss: 'accounts.google.com' }) })).statusCode).toBe(200);
  });
});

describe('Google authorization code (POST /auth/google/token)', () => {
  beforeAll(configureGoogle);

  it('exchanges the code with the client secret and signs in with the returned ID token', async () => {
    codeAnswers.set('code-good', { status: 200, body: { access_token: 'ya29.x', expires_in: 3599, token_type: 'Bearer', id_token: await idToken({ sub: 'g-code', email: 'code@gmail.test', name: 'Code User' }) } });
    const before = tokenCalls.length;
    const res = await post('/auth/google/token', { code: 'code-good', redirectUri: 'postmessage', role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(tokenCalls.slice(before)).toEqual([{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: 'code-good', redirect_uri: 'postmessage', grant_type: 'authorization_code' }]);
    expect((await me(res.json().data.token)).json().data).toMatchObject({ email: 'code@gmail.test', name: 'Code User', verifiedEmail: true });
  });

  it('a code Google refuses answers 401 with the reason', async () => {
    const res = await post('/auth/google/token', { code: 'code-bad', redirectUri: 'http://localhost:3000/auth/google' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^Google sign-in failed: .*invalid_grant/);
  });

  it('a wrong client secret answers 401', async () => {
    await t.ctx.settings.set('googleClientSecret', 'not-the-secret');
    try {
      const res = await post('/auth/google/token', { code: 'code-good', redirectUri: 'postmessage' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/invalid_client/);
    } finally {
      await t.ctx.settings.set('googleClientSecret', CLIENT_SECRET);
    }
  });

  it('the returned ID token is verified like a credential (wrong audience → 401)', async () => {
    codeAnswers.set('code-wrong-aud', { status: 200, body: { id_token: await idToken({ aud: 'other-client' }) } });
    const res = await post('/auth/google/token', { code: 'code-wrong-aud', redirectUri: 'postmessage' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(GOOGLE_TOKEN_INVALID);
  });

  it('a token endpoint that never answers gives up after PROVIDER_TIMEOUT_MS: 401, not 500', async () => {
    // Accepts the connection and says nothing: what an unreachable provider behind a firewall does.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const down = await createTestApp({ GOOGLE_TOKEN_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/token`, PROVIDER_TIMEOUT_MS: 300 });
    try {
      await down.ctx.settings.set('googleLoginEnabled', true);
      await down.ctx.settings.set('googleClientId', CLIENT_ID);
      await down.ctx.settings.set('googleClientSecret', CLIENT_SECRET);
      const started = Date.now();
      const res = await down.app.inject({ method: 'POST', url: '/auth/google/token', payload: { code: 'c', redirectUri: 'postmessage' } });
      const waited = Date.now() - started;
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/could not be reached/);
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(5000);
    } finally {
      await down.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe('Twitter OAuth 1.0a (POST /auth/twitter/login, /auth/twitter/callback)', () => {
  beforeAll(() => configureTwitter());

  async function start(role?: 'user' | 'performer') {
    const res = await post('/auth/twitter/login', { callbackUrl: 'http://localhost:3000/auth/twitter/callback', ...(role ? { role } : {}) });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  }

  it('login → Twitter → callback signs in, with every request correctly signed', async () => {
    twitter.nextAccount = { id: '1001', screenName: 'raetweets', name: 'Rae Tweets', email: 'rae@twitter.test' };
    const url = await start();
    expect(url).toMatch(new RegExp(`^${tw.url}/oauth/authenticate\\?oauth_token=req-[0-9a-f]+$`));
    const back = approveAtTwitter(url);
    expect(back.callback.origin + back.callback.pathname).toBe('http://localhost:3000/auth/twitter/callback');

    const res = await post('/auth/twitter/callback', { oauth_token: back.oauth_token, oauth_verifier: back.oauth_verifier });
    expect(res.statusCode).toBe(200);
    const who = await me(res.json().data.token);
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toMatchObject({ username: null, name: 'Rae Tweets', email: 'rae@twitter.test', verifiedEmail: true, isPerformer: false });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.twitterId, '1001'));
    expect(row?.id).toBe(who.json().data._id);

    // The stand-in checked each signature; here: the three calls, the verifier, and the tokens used.
    const paths = twitter.calls.slice(-3).map((c) => c.path);
    expect(paths).toEqual(['/oauth/request_token', '/oauth/access_token', '/1.1/account/verify_credentials.json']);
    const [rt, at, vc] = twitter.calls.slice(-3);
    expect(rt!.oauth.oauth_callback).toBe('http://localhost:3000/auth/twitter/callback');
    expect(at!.oauth).toMatchObject({ oauth_token: back.oauth_token, oauth_verifier: back.oauth_verifier });
    expect(vc!.oauth.oauth_token).toMatch(/^1001-acc/);
    expect(vc!.oauth).not.toHaveProperty('oauth_verifier');
    // The request token is gone once used.
    expect(await t.ctx.db.select().from(oauthRequests).where(eq(oauthRequests.token, back.oauth_token))).toHaveLength(0);
  });

  it('the confirmations are given at the first step: without them a new account is refused at the callback', async () => {
    twitter.nextAccount = { id: '3003', screenName: 'noconsent', name: 'No Consent' };
    const started = await bare('/auth/twitter/login', { callbackUrl: 'http://localhost:3000/auth/twitter/callback' });
    const back = approveAtTwitter(started.json().data.url);
    const res = await post('/auth/twitter/callback', { oauth_token: back.oauth_token, oauth_verifier: back.oauth_verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['acceptTerms', 'ageConfirmed']);
    expect(await t.ctx.db.select().from(users).where(eq(users.twitterId, '3003'))).toHaveLength(0);
  });

  it('the same Twitter account signs in to the same user again; without e-mail none is stored', async () => {
    twitter.nextAccount = { id: '2002', screenName: 'noemail', name: '' };
    const first = approveAtTwitter(await start());
    const a = await post('/auth/twitter/callback', { oauth_token: first.oauth_token, oauth_verifier: first.oauth_verifier });
    expect(a.statusCode).toBe(200);
    const whoA = (await me(a.json().data.token)).json().data;
    expect(whoA).toMatchObject({ email: null, verifiedEmail: false, name: 'noemail', username: null });
    const second = approveAtTwitter(await start());
    const b = await post('/auth/twitter/callback', { oauth_token: second.oauth_token, oauth_verifier: second.oauth_verifier });
    expect((await me(b.json().data.token)).json().data._id).toBe(whoA._id);
  });

  it('the role chosen at login applies (performer)', async () => {
    twitter.nextAccount = { id: '3003', screenName: 'maker', name: 'Maker' };
    const back = approveAtTwitter(await start('performer'));
    const res = await post('/auth/twitter/callback', { oauth_token: back.oauth_token, oauth_verifier: back.oauth_verifier });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token)).json().data.isPerformer).toBe(true);
  });

  it('links an existing account with the e-mail Twitter returns', async () => {
    const fan = await createFan(t, { email: 'tweeting.fan@test.example' });
    twitter.nextAccount = { id: '4004', screenName: 'tf', name: 'Tweeting Fan', email: 'tweeting.fan@test.example' };
    const back = approveAtTwitter(await start());
    const res = await post('/auth/twitter/callback', { oauth_token: back.oauth_token, oauth_verifier: back.oauth_verifier });
    expect((await me(res.json().data.token)).json().data._id).toBe(fan.user.id);
  });

  it('an unknown, used or expired oauth_token answers 400', async () => {
    twitter.nextAccount = { id: '5005', screenName: 'x', name: 'X' };
    expect((await post('/auth/twitter/callback', { oauth_token: 'never-issued', oauth_verifier: 'v' })).statusCode).toBe(400);

    const used = approveAtTwitter(await start());
    expect((await post('/auth/twitter/callback', { oauth_token: used.oauth_token, oauth_verifier: used.oauth_verifier })).statusCode).toBe(200);
    const again = await post('/auth/twitter/callback', { oauth_token: used.oauth_token, oauth_verifier: used.oauth_verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0].field).toBe('oauth_token');

    const old = approveAtTwitter(await start());
    await t.ctx.db.update(oauthRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthRequests.token, old.oauth_token));
    expect((await post('/auth/twitter/callback', { oauth_token: old.oauth_token, oauth_verifier: old.oauth_verifier })).statusCode).toBe(400);
  });

  it('a wrong verifier is refused by Twitter → 401', async () => {
    const back = approveAtTwitter(await start());
    const res = await post('/auth/twitter/callback', { oauth_token: back.oauth_token, oauth_verifier: 'forged-verifier' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^Twitter sign-in failed/);
  });

  it('a wrong consumer secret makes the signature fail at Twitter → 401', async () => {
    await configureTwitter('not-the-consumer-secret');
    try {
      const res = await post('/auth/twitter/login', { callbackUrl: 'http://localhost:3000/auth/twitter/callback' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/^Twitter sign-in failed/);
    } finally {
      await configureTwitter();
    }
  });

  it('a callback address that is not http(s) is refused (400)', async () => {
    const res = await post('/auth/twitter/login', { callbackUrl: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('callbackUrl');
  });
});

describe('rate limit', () => {
  it('social endpoints are limited like the other auth routes', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ method: 'POST', url: '/auth/google/login', payload: { credential: 'x'.repeat(20) } })).statusCode);
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
