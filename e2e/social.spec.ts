import { expect, test } from './fixtures/ready';
import fs from 'node:fs';
import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { setSetting } from './support/api';
import { RegisterPage } from './pages/auth';
import { E2E } from '../playwright.config';

/**
 * Google cannot be reached offline, so two stand-ins replace it: a JWKS server on 127.0.0.1 (E2E.googleJwksPort)
 * (the API's GOOGLE_JWKS_URL) with a key made here, and the Google Identity Services script, routed
 * by the browser to a tiny script that hands the page a credential signed with that key. The web's
 * button code, the API's verification (jose, audience, issuer) and the landing rule are all real.
 */
/**
 * The stand-in's signing key, made once and kept in a file beside the site's data directory (not in
 * it: the backups would carry it). The API keeps a JWKS it fetched (jose refetches at most every
 * 30 s), so a retry signing with a new key of the same kid was refused.
 */
async function standInKey(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const file = `${E2E.dataDir}-google-stand-in-key.json`;
  let saved: { priv: JWK; pub: JWK } | undefined;
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { priv: JWK; pub: JWK };
  } catch {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    saved = { priv: await exportJWK(privateKey), pub: await exportJWK(publicKey) };
    fs.writeFileSync(file, JSON.stringify(saved));
  }
  return { privateKey: (await importJWK(saved.priv, 'RS256')) as CryptoKey, jwk: { ...saved.pub, kid: 'e2e-key', alg: 'RS256', use: 'sig' } };
}

test('a social-login account without a username lands on /user/account', async ({ page }) => {
  const { privateKey, jwk } = await standInKey();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(E2E.googleJwksPort, '127.0.0.1', r));
  const clientId = 'e2e-google-client.apps.googleusercontent.com';
  await setSetting('googleClientId', clientId);
  await setSetting('googleLoginEnabled', true);
  try {
    const sub = `g-${Date.now()}`;
    const credential = await new SignJWT({ email: `${sub}@gmail.test`, email_verified: true, name: 'Gia Google' })
      .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(o) { window.__gsiCallback = o.callback; },
          renderButton(el) { const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Google stand-in sign-in';
            b.onclick = () => window.__gsiCallback({ credential: ${JSON.stringify(credential)} }); el.appendChild(b); },
        } } };`,
      }),
    );
    // From the login page a new Google account is not made: it needs the sign-up's age and terms confirmations.
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Google stand-in sign-in' }).click();
    await expect(page.getByText(/To create an account, confirm your age and accept the Terms of Service/)).toBeVisible();
    // On the sign-up page the button checks the two boxes first, then sends them with the Google sign-in.
    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'Google stand-in sign-in' }).click();
    await expect(page.getByText(/^Confirm that you are \d+ or older$/)).toBeVisible();
    expect(page.url()).toContain('/auth/register');
    await new RegisterPage(page).consent();
    await page.getByRole('button', { name: 'Google stand-in sign-in' }).click();
    await page.waitForURL('**/user/account');
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  } finally {
    await setSetting('googleLoginEnabled', false);
    await new Promise((r) => server.close(r));
  }
});

test('social buttons are hidden while no provider is configured', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByLabel('Username or e-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: /Google|Twitter/ })).toHaveCount(0);
});
