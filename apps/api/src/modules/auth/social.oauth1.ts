import crypto from 'node:crypto';

/**
 * OAuth 1.0a request signing, HMAC-SHA1 (RFC 5849 §3.4), as Twitter's 3-legged sign-in needs it.
 * Small on purpose: only what a client sends (the signature base string, the signature and the
 * `Authorization: OAuth …` header). Checked against the RFC's and Twitter's published vectors in
 * social.unit.test.ts.
 */

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  /** Request token or access token, once there is one. */
  token?: string;
  tokenSecret?: string;
}

export type ParamList = Array<[string, string]>;

/** RFC 3986 percent-encoding (RFC 5849 §3.6): everything but A-Z a-z 0-9 - . _ ~, UTF-8, upper-case hex. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Base string URI (§3.4.1.2): lower-case scheme and host, default port dropped, no query or fragment. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const defaultPort = (scheme === 'http:' && url.port === '80') || (scheme === 'https:' && url.port === '443');
  const port = url.port && !defaultPort ? `:${url.port}` : '';
  return `${scheme}//${url.hostname.toLowerCase()}${port}${url.pathname || '/'}`;
}

/** Normalized parameters (§3.4.1.3.2): encode names and values, sort by name then value, join. */
export function normalizeParameters(params: ParamList): string {
  return params
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * Signature base string (§3.4.1): METHOD&uri&params, where params are the URL's query, the given
 * form-encoded body parameters and the oauth_* protocol parameters (without oauth_signature).
 */
export function signatureBaseString(method: string, url: string | URL, params: ParamList): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  const all: ParamList = [...u.searchParams.entries(), ...params.filter(([k]) => k !== 'oauth_signature')];
  return [method.toUpperCase(), percentEncode(baseStringUri(u)), percentEncode(normalizeParameters(all))].join('&');
}

/** HMAC-SHA1 (§3.4.2): key = encode(consumer secret) & encode(token secret), base64 digest. */
export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return crypto.createHmac('sha1', key).update(baseString).digest('base64');
}

export interface SignOptions {
  method: string;
  url: string | URL;
  credentials: OAuth1Credentials;
  /** Form-encoded body parameters (they are signed too). */
  body?: Record<string, string>;
  /** Extra protocol parameters: oauth_callback, oauth_verifier. */
  oauth?: Record<string, string>;
  /** Fixed values for tests; otherwise random / now. */
  nonce?: string;
  timestamp?: number;
}

/** The oauth_* parameters of a request, oauth_signature included. */
export function signRequest(o: SignOptions): Record<string, string> {
  const oauth: Record<string, string> = {
    oauth_consumer_key: o.credentials.consumerKey,
    oauth_nonce: o.nonce ?? crypto.randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(o.credentials.token ? { oauth_token: o.credentials.token } : {}),
    ...o.oauth,
  };
  const base = signatureBaseString(o.method, o.url, [...Object.entries(oauth), ...Object.entries(o.body ?? {})]);
  return { ...oauth, oauth_signature: hmacSha1(base, o.credentials.consumerSecret, o.credentials.tokenSecret ?? '') };
}

/** `Authorization: OAuth k="v", …` (§3.5.1) for a request. */
export function authorizationHeader(o: SignOptions): string {
  const params = signRequest(o);
  return `OAuth ${Object.entries(params).map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`).join(', ')}`;
}
