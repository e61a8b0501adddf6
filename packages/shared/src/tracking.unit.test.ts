import { describe, expect, it } from 'vitest';
import { TRACKING_ATTRIBUTION_DAYS, firstTouches, isBotUserAgent, touchAttributable, trackingCodeSchema, trackingTouchesField, utcDay } from './tracking';

const DAY = 86_400_000;
const now = new Date('2026-05-01T12:00:00Z');

describe('the attribution window (touchAttributable)', () => {
  it('takes touches up to exactly 30 days old, not a minute more', () => {
    expect(TRACKING_ATTRIBUTION_DAYS).toBe(30);
    expect(touchAttributable(now, now)).toBe(true);
    expect(touchAttributable(new Date(now.getTime() - 30 * DAY), now)).toBe(true);
    expect(touchAttributable(new Date(now.getTime() - 30 * DAY - 60_000), now)).toBe(false);
  });
  it('refuses a touch in the future beyond a few minutes of clock skew, and an invalid date', () => {
    expect(touchAttributable(new Date(now.getTime() + 4 * 60_000), now)).toBe(true);
    expect(touchAttributable(new Date(now.getTime() + 6 * 60_000), now)).toBe(false);
    expect(touchAttributable(new Date('nope'), now)).toBe(false);
  });
});

describe('first touch wins (firstTouches)', () => {
  it('keeps, per creator, the earliest touch inside the window', () => {
    const touches = [
      { performerId: 'luna', linkId: 'late', at: new Date(now.getTime() - 2 * DAY) },
      { performerId: 'luna', linkId: 'early', at: new Date(now.getTime() - 20 * DAY) },
      { performerId: 'luna', linkId: 'too-old', at: new Date(now.getTime() - 31 * DAY) },
      { performerId: 'bob', linkId: 'bob', at: new Date(now.getTime() - DAY) },
    ];
    const won = firstTouches(touches, now);
    expect(won.get('luna')?.linkId).toBe('early');
    expect(won.get('bob')?.linkId).toBe('bob');
    expect(won.size).toBe(2);
  });
  it('attributes nothing when every touch is outside the window', () => {
    expect(firstTouches([{ performerId: 'luna', at: new Date(now.getTime() - 45 * DAY) }], now).size).toBe(0);
  });
});

describe('the bot rule (isBotUserAgent)', () => {
  it.each([
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0',
    'curl/8.5.0',
    'python-requests/2.31.0',
    'Go-http-client/1.1',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    '',
    'x',
  ])('%s is a bot', (ua) => expect(isBotUserAgent(ua)).toBe(true));
  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  ])('%s is a browser', (ua) => expect(isBotUserAgent(ua)).toBe(false));
  it('a missing User-Agent is a bot', () => {
    expect(isBotUserAgent(null)).toBe(true);
    expect(isBotUserAgent(undefined)).toBe(true);
  });
});

describe('codes, days and the sign-up field', () => {
  it('codes: 8 characters of the unambiguous alphabet, case-insensitive', () => {
    expect(trackingCodeSchema.parse(' AbCdEfGh ')).toBe('abcdefgh');
    expect(trackingCodeSchema.safeParse('abcdefg0').success).toBe(false);
    expect(trackingCodeSchema.safeParse('abcdefgl').success).toBe(false);
    expect(trackingCodeSchema.safeParse('abcdefg').success).toBe(false);
  });
  it('the UTC day of an instant', () => {
    expect(utcDay(new Date('2026-03-10T23:59:59.999Z'))).toBe('2026-03-10');
    expect(utcDay(new Date('2026-03-11T01:00:00+02:00'))).toBe('2026-03-10');
  });
  it('touches come as an array or a JSON string (multipart); bad ones are refused', () => {
    const touch = { code: 'abcdefgh', at: '2026-05-01T12:00:00.000Z' };
    expect(trackingTouchesField.parse([touch])).toEqual([touch]);
    expect(trackingTouchesField.parse(JSON.stringify([touch]))).toEqual([touch]);
    expect(trackingTouchesField.parse(undefined)).toBeUndefined();
    expect(trackingTouchesField.safeParse('{not json').success).toBe(false);
    expect(trackingTouchesField.safeParse(Array.from({ length: 21 }, () => touch)).success).toBe(false);
  });
});
