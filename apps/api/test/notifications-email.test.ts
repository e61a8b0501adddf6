import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { addCard, topUp } from './money';
import { unsubscribeToken } from '../src/modules/notifications/notifications.unsubscribe';

/** E-mails per preference, and the unsubscribe link (notifications/README.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WEB_URL: 'https://fans.example' });
});
afterAll(async () => {
  await t?.close();
});

interface OutMail { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
/** The mails written to the outbox for `to`, once every job (handlers, mail jobs) ran. */
async function mailsTo(to: string): Promise<OutMail[]> {
  await t.ctx.queue.drain();
  const dir = t.config.outboxDir;
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const all = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutMail));
  return all.filter((m) => m.to === to);
}
const tip = async (fan: Made, creator: Made) => expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12 })).statusCode).toBe(200);
const emailOn = async (who: Made, type: string) =>
  ((await inject('GET', '/notification/preferences', who)).json().data as Array<{ type: string; inApp: boolean; email: boolean }>).find((p) => p.type === type)!;

describe('notification e-mails', () => {
  it('a type with e-mail on is mailed once, with a link to the site and an unsubscribe link; off → no mail; no mail for e-mail-off types', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await addCard(t, fan);
    await topUp(t, fan, 100);
    await tip(fan, creator);
    const [mail, ...more] = await mailsTo(creator.user.email!);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/tipped you \$12\.00/);
    expect(mail!.text).toContain('https://fans.example/creator/earnings');
    const link = mail!.text.match(/https:\/\/fans\.example\/notifications\/unsubscribe\?token=(\S+)/);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![1]!)).toBe(unsubscribeToken(t.config.APP_SECRET, creator.user.id, 'tip'));
    expect(mail!.headers!['List-Unsubscribe']).toBe(`<${link![0]}>`);
    expect(mail!.html).toContain('Stop these e-mails');
    expect(mail!.text).not.toMatch(/\/files\/|X-Amz|signature=/i);
    expect(await mailsTo(fan.user.email!)).toEqual([]); // the tipper is not mailed

    // Switched off in the preferences: the next tip makes a notification, but no mail.
    expect((await inject('PUT', '/notification/preferences', creator, { preferences: [{ type: 'tip', inApp: true, email: false }] })).statusCode).toBe(200);
    await tip(fan, creator);
    expect(await mailsTo(creator.user.email!)).toHaveLength(1);
    const tips = (await inject('GET', '/notification?type=tip', creator)).json().data.total;
    expect(tips).toBe(2);

    // A type whose e-mail is off by default (follow) is not mailed.
    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    expect(await mailsTo(creator.user.email!)).toHaveLength(1);
  });

  it("the unsubscribe link's token turns that type's e-mail off without signing in; a bad token → 400", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await addCard(t, fan);
    await topUp(t, fan, 100);
    await tip(fan, creator);
    const [mail] = await mailsTo(creator.user.email!);
    const token = decodeURIComponent(mail!.text.match(/unsubscribe\?token=(\S+)/)![1]!);

    for (const bad of [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), token.replace('.tip.', '.payout.'), `${fan.user.id}${token.slice(fan.user.id.length)}`, 'nonsense', 'a.b.c', `${token}.x`]) {
      const res = await inject('POST', '/notification/unsubscribe', null, { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/unsubscribe link is not valid/);
    }
    expect((await inject('POST', '/notification/unsubscribe', null, { token: '' })).statusCode).toBe(400);
    expect((await inject('POST', '/notification/unsubscribe', null, {})).statusCode).toBe(400);
    expect(await emailOn(creator, 'tip')).toEqual({ type: 'tip', inApp: true, email: true, push: true });

    const res = await inject('POST', '/notification/unsubscribe', null, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ type: 'tip' });
    expect(await emailOn(creator, 'tip')).toEqual({ type: 'tip', inApp: true, email: false, push: true });
    // Again (a second click): still fine.
    expect((await inject('POST', '/notification/unsubscribe', null, { token })).statusCode).toBe(200);

    await tip(fan, creator);
    expect(await mailsTo(creator.user.email!)).toHaveLength(1);
    expect((await inject('GET', '/notification?type=tip', creator)).json().data.total).toBe(2);
  });

  it('in the reader’s saved language (issue 34 §3): the notification’s text, its amount and the mail around it; an unknown language is refused', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const bad = await inject('PUT', '/users', creator, { locale: 'it' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('locale');
    const set = await inject('PUT', '/users', creator, { locale: 'es' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.locale).toBe('es');
    await addCard(t, fan);
    await topUp(t, fan, 100);
    await tip(fan, creator);
    const [mail] = await mailsTo(creator.user.email!);
    const who = fan.user.name || fan.user.username;
    // es-ES writes 12 as "12,00 US$" (no grouping under 10 000).
    expect(mail!.subject).toMatch(new RegExp(`^${who} te dio una propina de 12,00\\sUS\\$$`));
    expect(mail!.text).toContain('Tienes una nueva notificación');
    expect(mail!.text).toContain('Dejar de recibir estos correos');
    const list = (await inject('GET', '/notification?limit=10', creator)).json().data.data as Array<{ type: string; text: string }>;
    expect(list.find((n) => n.type === 'tip')!.text).toBe(mail!.subject);
    // The fan kept no language: English, as before.
    const cleared = await inject('PUT', '/users', creator, { locale: null });
    expect(cleared.json().data.locale).toBeNull();
  });
});
