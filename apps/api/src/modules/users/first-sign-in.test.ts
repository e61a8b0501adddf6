import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const login = async (username: string) => {
  const r = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password: TEST_PASSWORD } });
  expect(r.statusCode).toBe(200);
  return r.json().data.token as string;
};

describe("first sign-in (issue 26 §4.8: a brand-new fan is not greeted 'Welcome back')", () => {
  it('a new account is on its first sign-in until it signs in again', async () => {
    const fan = await createFan(t);
    expect((await me(fan.token)).json().data.firstSignIn).toBe(true);
    // The same session, read again: still the first visit.
    expect((await me(fan.token)).json().data.firstSignIn).toBe(true);
    const second = await login(fan.user.username!);
    expect((await me(second)).json().data.firstSignIn).toBe(false);
    // The first session, read after the second sign-in: the account has been here before.
    expect((await me(fan.token)).json().data.firstSignIn).toBe(false);
  });
});
