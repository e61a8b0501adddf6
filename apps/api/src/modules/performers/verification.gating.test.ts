import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, enable2fa, type Made, type TestApp } from '../../../test/harness';
import { addCard, topUp } from '../../../test/money';

// The selling rule (performers.policy.ts, README "Verification") as each module applies it.
let t: TestApp;
let admin: Made;
let fan: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  fan = await createFan(t);
  await topUp(t, fan, 200, { card: true });
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const ppvFeed = (c: Made) => inject('POST', '/performer/feeds', c, { text: 'Pay to see', fileIds: [], visibility: 'ppv', price: 5 });
const saleGallery = (c: Made, status = 'active') => inject('POST', '/performer/performer-assets/galleries', c, { title: 'For sale', status, access: 'sale', price: 6 });
const payout = (c: Made) => inject('POST', '/payout-requests', c, { amount: 60 });
const tip = (c: Made) => inject('POST', `/wallet/charges/tip/${c.user.id}`, fan, { price: 12 });
const subscribe = (c: Made) => inject('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'monthly' });
const refused = (res: { statusCode: number; body: string; json(): { message: string } }, message: string = VERIFICATION_MESSAGES.creatorMustBeVerified) => {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().message).toBe(message);
};

describe('an unverified creator', () => {
  it('sets up a profile and posts free or subscribers-only content, but publishes nothing paid and asks for no payout', async () => {
    // 2FA on: the payout then meets the verification rule (payouts need both).
    const c = await enable2fa(t, await createCreator(t, { verification: 'pending' }));
    expect((await inject('PUT', '/performers/me', c, { bio: 'Soon on sale' })).statusCode).toBe(200);
    expect((await inject('PUT', '/performers/subscription-settings', c, { monthlyPrice: 9.95, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    expect((await inject('POST', '/performer/feeds', c, { text: 'Free', fileIds: [], visibility: 'free' })).statusCode).toBeLessThan(300);
    expect((await inject('POST', '/performer/feeds', c, { text: 'Subs', fileIds: [], visibility: 'subscribers' })).statusCode).toBeLessThan(300);
    refused(await ppvFeed(c));
    refused(await saleGallery(c));
    // A draft for sale may be prepared: it is not published.
    expect((await saleGallery(c, 'draft')).statusCode).toBe(200);
    refused(await payout(c));
    // Bad input still answers 400 first (the price limits), never a hint about verification.
    expect((await inject('POST', '/performer/feeds', c, { text: 'x', fileIds: [], visibility: 'ppv', price: 0.01 })).statusCode).toBe(400);
  });

  it('cannot be paid: tips and subscriptions to them → 422, nothing charged', async () => {
    const c = await createCreator(t, { verification: 'pending' });
    const before = (await inject('GET', '/users/me', fan)).json().data.balance;
    refused(await tip(c), VERIFICATION_MESSAGES.creatorNotVerified);
    await addCard(t, fan);
    refused(await subscribe(c), VERIFICATION_MESSAGES.creatorNotVerified);
    expect((await inject('GET', '/users/me', fan)).json().data.balance).toBe(before);
  });

  it('approval unlocks it all; a later rejection locks it again', async () => {
    const c = await enable2fa(t, await createCreator(t, { verification: 'pending' }));
    refused(await ppvFeed(c));
    expect((await inject('POST', `/admin/verifications/${c.user.id}/approve`, admin, {})).statusCode).toBe(200);
    expect((await ppvFeed(c)).statusCode).toBeLessThan(300);
    expect((await saleGallery(c)).statusCode).toBe(200);
    expect((await tip(c)).statusCode).toBe(200);
    // The payout passes the rule and meets the money check instead (nothing available yet).
    expect((await payout(c)).statusCode).toBe(400);
    expect((await inject('POST', `/admin/verifications/${c.user.id}/reject`, admin, { reason: 'The document expired' })).statusCode).toBe(200);
    refused(await ppvFeed(c));
    refused(await tip(c), VERIFICATION_MESSAGES.creatorNotVerified);
  });
});

describe('requireCreatorVerification = false', () => {
  it('relaxes the rule for pending creators (the demo), and turning it back on restores it', async () => {
    const c = await createCreator(t, { verification: 'pending' });
    const set = (value: boolean) => inject('PUT', '/admin/settings/requireCreatorVerification', admin, { value });
    expect((await set(false)).statusCode).toBe(200);
    try {
      expect((await ppvFeed(c)).statusCode).toBeLessThan(300);
      expect((await tip(c)).statusCode).toBe(200);
      expect((await inject('GET', '/performers/me', c)).json().data.verification).toMatchObject({ status: 'pending', required: false, canSell: true });
    } finally {
      expect((await set(true)).statusCode).toBe(200);
    }
    refused(await ppvFeed(c));
    expect((await inject('PUT', '/admin/settings/requireCreatorVerification', admin, { value: 'yes' })).statusCode).toBe(400);
  });
});
