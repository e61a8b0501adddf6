import { expect, test } from './fixtures/users';
import { api } from './support/api';
import { demoCreator, newFan, signIn } from './support/session';

// Issue 26 §4.5: the cart lived in one browser's storage, so the fan signed in elsewhere saw an
// empty cart. It is kept on the server; a guest cart in the browser is merged in at sign-in.
test('the cart follows the fan to another browser; a guest cart is merged in at sign-in', async ({ browser }) => {
  const fan = await newFan('cart');
  const luna = await demoCreator();
  const lunaId = (await api<{ _id: string }>('GET', '/users/me', undefined, luna.token))._id;
  const shop = await api<{ data: Array<{ _id: string; type: string; name: string }> }>('GET', `/performer-assets/products/search?performerId=${lunaId}&limit=50`);
  const product = shop.data.find((p) => p.type === 'physical') ?? shop.data[0]!;

  // Browser A: adds the product from its page.
  const a = await browser.newContext();
  await signIn(a, fan.token);
  const pageA = await a.newPage();
  await pageA.goto(`/product/${product._id}`);
  await pageA.getByRole('button', { name: 'Add to cart' }).click();
  await expect(pageA.getByText('Added to your cart')).toBeVisible();
  await expect.poll(async () => (await api<{ lines: unknown[] }>('GET', '/cart', undefined, fan.token)).lines.length).toBe(1);

  // Browser B, same fan: the same cart.
  const b = await browser.newContext();
  await signIn(b, fan.token);
  const pageB = await b.newPage();
  await pageB.goto('/home');
  await expect(pageB.getByText('1 item in your cart')).toBeAttached();

  // Browser C: a guest cart in its storage, then the fan signs in there → merged (1 + 2 units).
  const c = await browser.newContext();
  await c.addInitScript((line) => window.localStorage.setItem('cart:guest', JSON.stringify([line])), { productId: product._id, quantity: 2 });
  const pageC = await c.newPage();
  await pageC.goto('/');
  await signIn(c, fan.token);
  await pageC.goto('/home');
  await expect.poll(async () => (await api<{ lines: Array<{ quantity: number }> }>('GET', '/cart', undefined, fan.token)).lines[0]?.quantity).toBe(3);
  await expect(pageC.getByText('3 items in your cart')).toBeAttached();
  for (const ctx of [a, b, c]) await ctx.close();
});
