import { describe, expect, it } from 'vitest';
import { createMassMessageSchema } from '@stagepass/shared';
import { excerpt, massMessageBody, refreshWhileSending, SENDING_REFRESH_MS } from './compose';
import { checkMassMessage } from './validate';

const id = '01a212cf-4ad5-77ed-a389-9af52b0f780b';

describe('massMessageBody', () => {
  it('sends a price only with media, and lists only to the lists audience', () => {
    expect(massMessageBody({ audience: 'subscribers', text: '  hi  ', price: 5, fileIds: [], listIds: [id] })).toEqual({ audience: 'subscribers', text: 'hi' });
    expect(massMessageBody({ audience: 'lists', text: 'hi', price: 4.99, fileIds: [id], listIds: [id] })).toEqual({ audience: 'lists', text: 'hi', fileIds: [id], price: 4.99, listIds: [id] });
  });
  it('leaves an empty or zero price out (free media) and adds scheduleAt only when scheduled', () => {
    expect(massMessageBody({ audience: 'followers', fileIds: [id], price: null })).toEqual({ audience: 'followers', text: '', fileIds: [id] });
    expect(massMessageBody({ audience: 'followers', fileIds: [id], price: 0, scheduleAt: '2030-01-01T10:00:00.000Z' })).toEqual({ audience: 'followers', text: '', fileIds: [id], scheduleAt: '2030-01-01T10:00:00.000Z' });
  });
  it('gives bodies the API schema judges: nothing to send, or lists without a list, are refused', () => {
    expect(createMassMessageSchema.safeParse(massMessageBody({ audience: 'subscribers', text: ' ', fileIds: [] })).success).toBe(false);
    const noList = createMassMessageSchema.safeParse(massMessageBody({ audience: 'lists', text: 'hi', fileIds: [] }));
    expect(noList.success ? null : noList.error.issues[0]?.path).toEqual(['listIds']);
    expect(createMassMessageSchema.safeParse(massMessageBody({ audience: 'trial', text: 'hi', fileIds: [id], price: 3 })).success).toBe(true);
  });
});

describe('refreshWhileSending', () => {
  it('refreshes the history only while a row of the page is sending', () => {
    expect(refreshWhileSending(undefined)).toBe(0);
    expect(refreshWhileSending({ data: [{ status: 'sent' }, { status: 'scheduled' }] })).toBe(0);
    expect(refreshWhileSending({ data: [{ status: 'sent' }, { status: 'sending' }] })).toBe(SENDING_REFRESH_MS);
  });
});

describe('excerpt', () => {
  it('makes one short line of the text', () => {
    expect(excerpt('<p>Hello</p>\n<p>there</p>')).toBe('Hello there');
    expect(excerpt('abcdefghij', 5)).toBe('abcd…');
  });
});

describe('checkMassMessage', () => {
  it('names the field of the first problem', () => {
    expect(checkMassMessage(massMessageBody({ audience: 'lists', text: 'hi', fileIds: [] }))).toEqual({ ok: false, field: 'listIds', message: 'Choose at least one list' });
    expect(checkMassMessage(massMessageBody({ audience: 'subscribers', text: 'hi', fileIds: [] }))).toEqual({ ok: true, body: { audience: 'subscribers', text: 'hi' } });
  });
});
