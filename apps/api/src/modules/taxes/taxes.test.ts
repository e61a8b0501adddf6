import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, TAX_DETAILS_REQUIRED_CODE, TAX_MESSAGES, encodeAccessReason, taxDetailsViewSchema, toMinor, type TaxDetailsInput,
} from '@stagepass/shared';
import { SAMPLE_W9, createAdmin, createCreator, createFan, createTestApp, enable2fa, giveTaxDetails, type Made, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.tables';
import { DataKeyring, FieldCipher } from '../../platform/encryption';
import { SITE, wallet } from '../ledger/ledger.service';
import { PayoutSettingsService } from '../payouts/payout-settings.service';
import { creatorPayoutSecrets, payoutRequests } from '../payouts/payouts.tables';
import { TaxDetailsService, taxAad } from './taxes.service';
import { creatorTaxDetails } from './taxes.tables';

let t: TestApp;
let admin: Made;
let fan: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  fan = await createFan(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const put = (who: Made, body: object) => inject('PUT', '/performers/tax-details', who.auth, body);
const rawRow = async (userId: string) => (await t.ctx.db.select().from(creatorTaxDetails).where(eq(creatorTaxDetails.userId, userId)))[0];
const fieldsOf = (res: { json(): { details?: Array<{ field: string; message: string }> } }) => Object.fromEntries((res.json().details ?? []).map((d) => [d.field, d.message]));

const W8: TaxDetailsInput = {
  form: 'w8ben', entityType: 'individual', legalName: 'Zoë Martin', citizenshipCountry: 'FR', foreignTaxId: 'FR 12 345 678 901', addressLine1: '12 rue de la Paix', addressLine2: '',
  city: 'Paris', region: '', postalCode: '75002', addressCountry: 'FR', treatyCountry: 'FR', certify: true, signature: 'Zoë Martin',
};

describe('the W-9 of a US person', () => {
  let c: Made;
  beforeAll(async () => {
    c = await enable2fa(t, await createCreator(t));
  });

  it('null until given; saved and answered with the TIN masked; nothing in plain at rest', async () => {
    expect((await inject('GET', '/performers/tax-details', c.auth)).json().data).toBeNull();
    const res = await put(c, { ...SAMPLE_W9, tin: '123456789', legalName: 'Ada Q. Lovelace', addressLine1: '742 Evergreen Terrace' });
    expect(res.statusCode, res.body).toBe(200);
    const view = taxDetailsViewSchema.parse(res.json().data);
    expect(view).toMatchObject({ form: 'w9', entityType: 'individual', tin: '•••• 6789', tinType: 'ssn', legalName: 'Ada Q. Lovelace', region: 'IL', certify: true });
    expect(res.body).not.toContain('123-45');
    expect(res.body).not.toContain('123456789');
    const again = await inject('GET', '/performers/tax-details', c.auth);
    expect(again.json().data).toEqual(res.json().data);
    // At rest: the raw row holds the form's kind in plain and one sealed value — no TIN, name or address.
    const row = await rawRow(c.user.id);
    expect(row).toMatchObject({ form: 'w9', entityType: 'individual', country: 'US' });
    const raw = JSON.stringify(row);
    for (const plain of ['6789', '123-45', 'Lovelace', 'Evergreen', 'Springfield', '62701']) expect(raw, plain).not.toContain(plain);
    expect(t.ctx.dataKeys.cipher().openJson(row!.detailsSealed, taxAad(c.user.id))).toMatchObject({ tin: '123-45-6789', legalName: 'Ada Q. Lovelace' });
    // The sealed value opens on its own row only.
    expect(() => t.ctx.dataKeys.cipher().openJson(row!.detailsSealed, taxAad(fan.user.id))).toThrow();
  });

  it('the masked TIN sent back keeps the stored one (same form and kind); otherwise the full number is asked for', async () => {
    const res = await put(c, { ...SAMPLE_W9, tin: '•••• 6789', city: 'Shelbyville' });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.ctx.dataKeys.cipher().openJson(( await rawRow(c.user.id))!.detailsSealed, taxAad(c.user.id))).toMatchObject({ tin: '123-45-6789', city: 'Shelbyville' });
    const otherKind = await put(c, { ...SAMPLE_W9, tinType: 'ein', tin: '•••• 6789' });
    expect(otherKind.statusCode).toBe(400);
    expect(fieldsOf(otherKind)).toEqual({ tin: TAX_MESSAGES.enterFullId });
    expect(fieldsOf(await put(c, { ...SAMPLE_W9, tin: '•••• 0000' }))).toEqual({ tin: TAX_MESSAGES.enterFullId });
  });

  it('a business gives its EIN and classification', async () => {
    const res = await put(c, { ...SAMPLE_W9, entityType: 'business', classification: 'llc_s', tinType: 'ein', tin: '12-3456789', legalName: 'Ada Studios LLC', businessName: 'Ada Live' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ entityType: 'business', classification: 'llc_s', tinType: 'ein', tin: '•••• 6789' });
  });

  it('refuses what the W-9 does not allow, with field errors', async () => {
    const cases: Array<[object, Record<string, string>]> = [
      [{ tin: '000-12-3456' }, { tin: TAX_MESSAGES.ssn }],
      [{ tin: '12345' }, { tin: TAX_MESSAGES.ssn }],
      [{ tinType: 'ein', tin: '07-1234567' }, { tin: TAX_MESSAGES.ein }],
      [{ entityType: 'business', classification: 'c_corporation', tinType: 'ssn' }, { tinType: TAX_MESSAGES.businessNeedsEin }],
      [{ classification: 'partnership' }, { classification: TAX_MESSAGES.individualClassification }],
      [{ postalCode: 'SW1A 1AA' }, { postalCode: TAX_MESSAGES.zip }],
      [{ region: 'Illinois' }, { region: TAX_MESSAGES.state }],
      [{ certify: false }, { certify: TAX_MESSAGES.certify }],
      [{ signature: ' ' }, { signature: TAX_MESSAGES.signature }],
      [{ legalName: '' }, { legalName: 'Required' }],
    ];
    for (const [change, errors] of cases) {
      const res = await put(c, { ...SAMPLE_W9, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(change)).toEqual(errors);
    }
    expect((await put(c, { ...SAMPLE_W9, form: 'w10' })).statusCode).toBe(400);
    expect((await put(c, {})).statusCode).toBe(400);
  });
});

describe('the W-8BEN of anyone else', () => {
  it('saved with the foreign tax id masked; the country rules hold', async () => {
    const c = await enable2fa(t, await createCreator(t));
    const res = await put(c, W8);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ form: 'w8ben', citizenshipCountry: 'FR', addressCountry: 'FR', treatyCountry: 'FR', foreignTaxId: '•••• 8901', legalName: 'Zoë Martin' });
    expect(res.body).not.toContain('345 678');
    expect(await rawRow(c.user.id)).toMatchObject({ form: 'w8ben', country: 'FR' });
    expect(JSON.stringify(await rawRow(c.user.id))).not.toMatch(/8901|Zoë|Paix/);
    const cases: Array<[object, Record<string, string>]> = [
      [{ citizenshipCountry: 'US' }, { citizenshipCountry: TAX_MESSAGES.usPerson }],
      [{ addressCountry: 'US' }, { addressCountry: TAX_MESSAGES.addressOutsideUs }],
      [{ treatyCountry: 'US' }, { treatyCountry: TAX_MESSAGES.treatyUs }],
      [{ citizenshipCountry: 'ZZ' }, { citizenshipCountry: TAX_MESSAGES.unknownCountry }],
      [{ addressCountry: 'France' }, { addressCountry: TAX_MESSAGES.country }],
      [{ foreignTaxId: '' }, { foreignTaxId: 'Enter the tax identification number of your country' }],
    ];
    for (const [change, errors] of cases) {
      const bad = await put(c, { ...W8, ...change });
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(bad), JSON.stringify(change)).toEqual(errors);
    }
    // No treaty claimed; a business (W-8BEN-E-like).
    expect((await put(c, { ...W8, treatyCountry: '', entityType: 'business', legalName: 'Zoë SARL', foreignTaxId: '•••• 8901' })).json().data).toMatchObject({ treatyCountry: '', entityType: 'business', foreignTaxId: '•••• 8901' });
    // Switching to the W-9 needs the full TIN.
    expect(fieldsOf(await put(c, { ...SAMPLE_W9, tin: '•••• 8901' }))).toEqual({ tin: TAX_MESSAGES.enterFullId });
  });
});

describe('who may', () => {
  it('a creator without two-factor authentication may read but not save; fans 403; anonymous 401', async () => {
    const c = await createCreator(t);
    expect((await inject('GET', '/performers/tax-details', c.auth)).statusCode).toBe(200);
    expect((await put(c, SAMPLE_W9)).statusCode).toBe(403);
    expect((await inject('GET', '/performers/tax-details', fan.auth)).statusCode).toBe(403);
    expect((await put(fan, SAMPLE_W9)).statusCode).toBe(403);
    expect((await inject('GET', '/performers/tax-details')).statusCode).toBe(401);
  });

  it("an operator reads a creator's details only with a reason (one tax_details.read row), masked; creators, fans and operators without a reason are refused", async () => {
    const c = await giveTaxDetails(t, await enable2fa(t, await createCreator(t)));
    const other = await createCreator(t);
    const url = `/admin/performers/${c.user.id}/tax-details`;
    const rows = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tax_details.read'))).filter((r) => r.targetId === c.user.id);
    const none = await inject('GET', url, admin.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(REASON_REQUIRED_CODE);
    expect((await inject('GET', url, { ...admin.auth, [ACCESS_REASON_HEADER]: 'x' })).statusCode).toBe(400);
    expect(await rows()).toHaveLength(0);
    const ok = await inject('GET', url, { ...admin.auth, [ACCESS_REASON_HEADER]: encodeAccessReason('Year-end 1099 check') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ form: 'w9', tin: '•••• 6789', legalName: SAMPLE_W9.legalName });
    expect(ok.body).not.toContain('123-45');
    expect(await rows()).toEqual([expect.objectContaining({ actorId: admin.user.id, reason: 'Year-end 1099 check', subjectIds: [c.user.id], targetType: 'tax details' })]);
    // Another creator, a fan: 403 (an operator route); not a creator or unknown → 404; none given → null.
    expect((await inject('GET', url, { ...other.auth, [ACCESS_REASON_HEADER]: 'Curious' })).statusCode).toBe(403);
    expect((await inject('GET', url, fan.auth)).statusCode).toBe(403);
    const reason = { ...admin.auth, [ACCESS_REASON_HEADER]: 'Checking' };
    expect((await inject('GET', `/admin/performers/${fan.user.id}/tax-details`, reason)).statusCode).toBe(404);
    expect((await inject('GET', `/admin/performers/${uuidv7()}/tax-details`, reason)).statusCode).toBe(404);
    expect((await inject('GET', `/admin/performers/${other.user.id}/tax-details`, reason)).json().data).toBeNull();
  });
});

describe('payouts need tax details', () => {
  it('a request without them → 422 naming what is missing, nothing written; with them → 201', async () => {
    const c = await enable2fa(t, await createCreator(t));
    await t.ctx.settings.all();
    await t.ctx.db.transaction(async (tx) => {
      await t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(200) }, { account: wallet(fan.user.id), amount: toMinor(200) }] });
      await t.ctx.ledger.recordSale(tx, { performerId: c.user.id, userId: fan.user.id, type: 'tip', source: `wallet_charge:${uuidv7()}`, gross: toMinor(100), description: 'tip', from: wallet(fan.user.id), ledgerType: 'tip' });
    });
    const refused = await inject('POST', '/payout-requests', c.auth, { amount: 60 });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: TAX_DETAILS_REQUIRED_CODE, message: TAX_MESSAGES.requiredForPayout });
    expect(refused.json().message).toMatch(/legal name.*tax identification number.*address.*certification/);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(payoutRequests).where(eq(payoutRequests.performerId, c.user.id));
    expect(n).toBe(0);
    await giveTaxDetails(t, c, W8);
    expect((await inject('POST', '/payout-requests', c.auth, { amount: 60 })).statusCode).toBe(201);
  });
});

describe('without DATA_ENCRYPTION_KEY in production', () => {
  it('tax and bank details answer 503 with a clear message — never stored in plain', async () => {
    const prod = await createTestApp({}, { NODE_ENV: 'production' });
    try {
      const c = await enable2fa(prod, await createCreator(prod));
      const call = (method: 'GET' | 'PUT', url: string, payload?: object) => prod.app.inject({ method, url, headers: c.auth, ...(payload ? { payload } : {}) });
      for (const res of [
        await call('GET', '/performers/tax-details'),
        await call('PUT', '/performers/tax-details', SAMPLE_W9),
        await call('GET', '/performers/banking-settings'),
        await call('PUT', '/performers/banking-settings', { firstName: 'A', lastName: 'B', bankName: 'C', bankAccount: 'DE89370400440532013000' }),
        await call('PUT', '/performers/payment-gateway-settings', { payoutMethod: 'bank', taxId: 'X-1' }),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().message).toBe(TAX_MESSAGES.turnedOff);
      }
      expect(await prod.ctx.db.select().from(creatorTaxDetails)).toEqual([]);
      expect(await prod.ctx.db.select().from(creatorPayoutSecrets)).toEqual([]);
      // Choosing a payout method without a tax id needs no key.
      expect((await call('PUT', '/performers/payment-gateway-settings', { payoutMethod: 'bank' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('key rotation', () => {
  it('after a new key (the old one kept as previous), the sweep seals every value anew; the new key alone then opens them', async () => {
    const c = await giveTaxDetails(t, await enable2fa(t, await createCreator(t)));
    await t.ctx.payoutSettings.putBanking(c.user.id, { firstName: 'A', lastName: 'B', bankName: 'C', bankAccount: 'DE89370400440532013000', routingNumber: '', swiftCode: '', country: 'DE', address: '' });
    const oldKey = (await import('../../config')).dataKeysFor(t.config)!.current;
    const newKey = crypto.randomBytes(32);
    const rotated = new DataKeyring(() => ({ current: newKey, previous: [oldKey] }), 'off');
    const taxes = new TaxDetailsService({ clock: t.ctx.clock, db: t.ctx.db, keyring: rotated, users: t.ctx.users });
    const settings = new PayoutSettingsService({ db: t.ctx.db, keyring: rotated, log: t.ctx.log, payments: t.ctx.payments });
    expect(await taxes.resealSweep()).toBeGreaterThanOrEqual(1);
    expect((await settings.sealingSweep()).resealed).toBeGreaterThanOrEqual(1);
    expect(await taxes.resealSweep()).toBe(0);
    const only = new DataKeyring(() => ({ current: newKey, previous: [] }), 'off');
    expect(new FieldCipher(newKey).isCurrent((await rawRow(c.user.id))!.detailsSealed)).toBe(true);
    expect(await new TaxDetailsService({ clock: t.ctx.clock, db: t.ctx.db, keyring: only, users: t.ctx.users }).get(c.user.id)).toMatchObject({ tin: '•••• 6789' });
    expect(await new PayoutSettingsService({ db: t.ctx.db, keyring: only, log: t.ctx.log, payments: t.ctx.payments }).getBanking(c.user.id)).toMatchObject({ bankAccount: '•••• 3000' });
    // The site's own keyring (the old key) no longer opens them: rotating back is the same sweep.
    await expect(t.ctx.taxDetails.get(c.user.id)).rejects.toThrow(/DATA_ENCRYPTION_KEY_PREVIOUS/);
    const back = new DataKeyring(() => ({ current: oldKey, previous: [newKey] }), 'off');
    await new TaxDetailsService({ clock: t.ctx.clock, db: t.ctx.db, keyring: back, users: t.ctx.users }).resealSweep();
    await new PayoutSettingsService({ db: t.ctx.db, keyring: back, log: t.ctx.log, payments: t.ctx.payments }).sealingSweep();
    expect(await t.ctx.taxDetails.get(c.user.id)).toMatchObject({ tin: '•••• 6789' });
  });
});
