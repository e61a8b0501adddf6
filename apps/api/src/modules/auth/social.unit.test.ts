import { describe, expect, it } from 'vitest';
import { authorizationHeader, baseStringUri, hmacSha1, normalizeParameters, percentEncode, signRequest, signatureBaseString } from './social.oauth1';

/** Published OAuth 1.0 / RFC 5849 / Twitter examples: our signer must reproduce them exactly. */
describe('OAuth 1.0a HMAC-SHA1 signer', () => {
  it('percent-encodes per RFC 3986 (unreserved only, upper-case hex, UTF-8)', () => {
    expect(percentEncode("Ladies + Gentlemen, a signed OAuth request!*'()~._-")).toBe('Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21%2A%27%28%29~._-');
    expect(percentEncode('☃')).toBe('%E2%98%83');
    expect(percentEncode('a/b?c=d&e')).toBe('a%2Fb%3Fc%3Dd%26e');
  });

  it('builds the base string URI (RFC 5849 §3.4.1.2)', () => {
    expect(baseStringUri(new URL('HTTP://EXAMPLE.COM:80/r%20v/X?id=123'))).toBe('http://example.com/r%20v/X');
    expect(baseStringUri(new URL('https://www.example.net:8080/?q=1'))).toBe('https://www.example.net:8080/');
    expect(baseStringUri(new URL('https://api.twitter.com:443/oauth/request_token'))).toBe('https://api.twitter.com/oauth/request_token');
  });

  // RFC 5849 §3.4.1.1 and §3.4.1.3.2: query + form body + protocol parameters, duplicates kept.
  const rfcParams: Array<[string, string]> = [
    ['oauth_consumer_key', '9djdj82h48djs9d2'], ['oauth_token', 'kkk9d7dh3k39sjv7'], ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '137131201'], ['oauth_nonce', '7d8f3e4a'],
    ['c2', ''], ['a3', '2 q'], // the form body `c2&a3=2+q`
  ];
  const rfcUrl = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
  const rfcBase =
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';

  it('normalizes parameters like RFC 5849 §3.4.1.3.2', () => {
    const query: Array<[string, string]> = [['b5', '=%3D'], ['a3', 'a'], ['c@', ''], ['a2', 'r b']];
    expect(normalizeParameters([...query, ...rfcParams])).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
  });

  it('builds the RFC 5849 §3.4.1.1 signature base string and signs it (§3.4.2)', () => {
    expect(signatureBaseString('post', rfcUrl, [...rfcParams, ['oauth_signature', 'ignored']])).toBe(rfcBase);
    expect(hmacSha1(rfcBase, 'j49sk3j29djd', 'dh893hdasih9')).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });

  it('reproduces the OAuth Core 1.0 appendix A.5 example (photos.example.net)', () => {
    const params = signRequest({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      credentials: { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
      nonce: 'kllo9940pd9333jh',
      timestamp: 1191242096,
    });
    expect(params.oauth_signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  it("reproduces Twitter's documented signature example (body parameters signed)", () => {
    const o = {
      method: 'POST',
      credentials: {
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog', consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb', tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      },
      body: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
      nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
      timestamp: 1318622958,
    };
    // The original page (API v1) and its later version (v1.1) differ only in the path.
    expect(signRequest({ ...o, url: 'https://api.twitter.com/1/statuses/update.json?include_entities=true' }).oauth_signature).toBe('tnnArxj06cWHq44gCs1OSKk/jLY=');
    expect(signRequest({ ...o, url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true' }).oauth_signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('writes an Authorization header with every protocol parameter percent-encoded', () => {
    const header = authorizationHeader({
      method: 'POST', url: 'https://api.twitter.com/oauth/request_token',
      credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
      oauth: { oauth_callback: 'http://localhost:3000/auth/twitter/callback?x=1' }, nonce: 'n1', timestamp: 1700000000,
    });
    expect(header).toMatch(/^OAuth /);
    const params = Object.fromEntries([...header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], decodeURIComponent(m[2]!)]));
    expect(params).toMatchObject({
      oauth_callback: 'http://localhost:3000/auth/twitter/callback?x=1', oauth_consumer_key: 'ck', oauth_nonce: 'n1',
      oauth_signature_method: 'HMAC-SHA1', oauth_timestamp: '1700000000', oauth_version: '1.0',
    });
    expect(params).not.toHaveProperty('oauth_token');
    expect(header).toContain('oauth_callback="http%3A%2F%2Flocalhost%3A3000%2Fauth%2Ftwitter%2Fcallback%3Fx%3D1"');
    const base = signatureBaseString('POST', 'https://api.twitter.com/oauth/request_token', Object.entries(params).filter(([k]) => k !== 'oauth_signature'));
    expect(params.oauth_signature).toBe(hmacSha1(base, 'cs'));
  });
});
