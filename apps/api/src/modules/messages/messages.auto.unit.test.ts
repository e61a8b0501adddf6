import { describe, expect, it } from 'vitest';
import { autoSkip, missYouDueAt, type AutoSetting } from './messages.auto.rules';

const on: AutoSetting = { enabled: true, text: 'Hi', fileIds: [], toFollowers: false, afterDays: 7 };
const ok = { blocked: false, active: true, subscribedNow: false };

describe('autoSkip: THE decision for one fan', () => {
  it('sends a welcome to a new subscriber when it is on and has something in it', () => {
    expect(autoSkip('welcome', on, { trigger: 'subscribed', ...ok })).toBeNull();
    expect(autoSkip('welcome', { ...on, text: '', fileIds: ['f'] }, { trigger: 'subscribed', ...ok })).toBeNull();
  });
  it('never saved, off or empty → nothing', () => {
    expect(autoSkip('welcome', null, { trigger: 'subscribed', ...ok })).toBe('off');
    expect(autoSkip('welcome', { ...on, enabled: false }, { trigger: 'subscribed', ...ok })).toBe('off');
    expect(autoSkip('welcome', { ...on, text: '   ' }, { trigger: 'subscribed', ...ok })).toBe('empty');
  });
  it('a follow triggers the welcome only with the followers toggle', () => {
    expect(autoSkip('welcome', on, { trigger: 'followed', ...ok })).toBe('not-for-followers');
    expect(autoSkip('welcome', { ...on, toFollowers: true }, { trigger: 'followed', ...ok })).toBeNull();
  });
  it('a block either way, or an account not active → nothing', () => {
    expect(autoSkip('welcome', on, { trigger: 'subscribed', ...ok, blocked: true })).toBe('blocked');
    expect(autoSkip('miss-you', on, { trigger: 'expired', ...ok, active: false })).toBe('inactive');
  });
  it('"we miss you" never reaches a fan subscribed again; a welcome does not ask', () => {
    expect(autoSkip('miss-you', on, { trigger: 'expired', ...ok, subscribedNow: true })).toBe('subscribed');
    expect(autoSkip('miss-you', on, { trigger: 'expired', ...ok })).toBeNull();
    expect(autoSkip('welcome', on, { trigger: 'subscribed', ...ok, subscribedNow: true })).toBeNull();
  });
});

describe('missYouDueAt', () => {
  it('is whole days after the expiry (at least one)', () => {
    const at = new Date('2026-01-10T12:00:00Z');
    expect(missYouDueAt(at, 3).toISOString()).toBe('2026-01-13T12:00:00.000Z');
    expect(missYouDueAt(at, 0).toISOString()).toBe('2026-01-11T12:00:00.000Z');
  });
});
