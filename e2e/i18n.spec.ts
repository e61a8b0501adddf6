import { expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api } from './support/api';
import { pageShots } from './support/session';

/**
 * Languages (issue 34 §3, apps/web README "Languages"): the page's language is the account's
 * setting, else the `locale` cookie the picker sets, else the browser's Accept-Language, else
 * English; server-rendered pages come out in it; Intl writes dates and money the locale's way.
 */

test('a signed-out page is server-rendered in Spanish from Accept-Language', async ({ request, browser }) => {
  // The HTML answer itself, before any script: lang, heading, buttons.
  const res = await request.get('/auth/login', { headers: { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<html[^>]* lang="es"/);
  expect(html).toContain('Hola de nuevo');
  expect(html).toContain('Usuario o correo electrónico');
  expect(html).toContain('¿Olvidaste tu contraseña?');
  expect(html).not.toContain('Forgot password?');
  // English stays the default for an English browser.
  const english = await (await request.get('/auth/login', { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })).text();
  expect(english).toMatch(/<html[^>]* lang="en"/);
  expect(english).toContain('Forgot password?');

  // A Spanish browser: the landing page, in the browser too (after hydration).
  const ctx = await browser.newContext({ locale: 'es-ES' });
  const page = await ctx.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Únete como fan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await ctx.close();
});

test('the language chosen in the header is kept after signing out and in again, in a new browser context', async ({ browser, fan }) => {
  try {
    const first = await browser.newContext();
    const page = await first.newPage();
    await logInAs(page, fan.username, fan.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    // The server renders the page again in German: the header's navigation and <html lang>.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Sprache: Deutsch' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' })).toBeVisible();
    // Signed out, this browser keeps German (the cookie).
    await page.goto('/auth/logout');
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await first.close();

    // Another browser (English, no cookie): English until signing in, then the account's German.
    const second = await browser.newContext();
    const again = await second.newPage();
    await logInAs(again, fan.username, fan.password);
    await expect(again.locator('html')).toHaveAttribute('lang', 'de');
    await again.goto('/user/account');
    await expect(again.getByRole('heading', { name: 'Kontoeinstellungen', level: 1 })).toBeVisible();
    await expect(again.getByRole('combobox', { name: 'Sprache' })).toBeVisible();
    await second.close();
  } finally {
    // The worker's fan is shared with later specs: back to no saved language (the browser's, English).
    await api('PUT', '/users', { locale: null }, fan.token);
  }
});

test('the Spanish demo fan sees the site in Spanish, with dates and money written the Spanish way', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await logInAs(page, 'fan-es@example.com');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Hola de nuevo|Te damos la bienvenida a .+), Sofía$/);
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible();
  // Money: the wallet chip in Spanish (es-ES: "0,00 US$").
  await expect(page.getByTestId('header-balance')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\sUS\$$/);
  // A date: the month in Spanish.
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { name: 'Ajustes de la cuenta', level: 1 })).toBeVisible();
  await expect(page.getByTestId('member-since')).toHaveText(/^Miembro desde (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/);
  await ctx.close();
});

test("a creator's page in Spanish: the promotion, the cart and the video cards", async ({ browser }, info) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await logInAs(page, 'fan-es@example.com');
  await page.goto('/luna');
  // The demo's running promotion (demo seed: 50 % off for 3 months), in Spanish.
  await expect(page.getByText(/\d+ % de descuento durante 3 meses — quedan \d+/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Carrito' }).click();
  await expect(page.getByRole('dialog').getByText(/Tu carrito está vacío|artículos? en tu carrito/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /Vídeos/ }).click();
  await expect(page.getByText(/^(Gratis|Suscriptores|Comprado|\d)/).first()).toBeVisible();
  await pageShots(page, 'profile-es', (f) => info.outputPath(f));
  // Longer words do not widen the page at 390 px (the private show request wraps).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ctx.close();
});
