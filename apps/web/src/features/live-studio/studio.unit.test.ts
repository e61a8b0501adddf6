import { describe, expect, it } from 'vitest';
import type { PrivateRequest } from '@stagepass/shared';
import { applyPrivateRequest, goalPercent, goLiveBody, initialGoLiveValues, liveDuration } from './studio';
import { checkGoLive } from './validate';

describe('goLiveBody', () => {
  it('a public stream carries its access and no price', () => {
    expect(goLiveBody({ type: 'public', access: 'subscribers', title: ' Hello ', description: '', price: 9, tipGoal: null })).toEqual({
      type: 'public', access: 'subscribers', title: 'Hello', description: '',
    });
  });
  it('a group stream carries its price, not the access; a goal only when above zero', () => {
    expect(goLiveBody({ type: 'group', access: 'followers', title: 'Show', price: 4.5, tipGoal: 100 })).toEqual({ type: 'group', title: 'Show', description: '', price: 4.5, tipGoal: 100 });
    expect(goLiveBody({ type: 'group', access: 'followers', title: 'Show', price: 4.5, tipGoal: 0 })).not.toHaveProperty('tipGoal');
  });
  it('a replay: record only when asked; the ticket holders\' choice only for a group stream', () => {
    expect(goLiveBody({ type: 'public', access: 'followers', title: 'Show', record: false, replayFreeForTicketHolders: true })).not.toHaveProperty('record');
    expect(goLiveBody({ type: 'public', access: 'followers', title: 'Show', record: true, replayFreeForTicketHolders: false })).toEqual({ type: 'public', access: 'followers', title: 'Show', description: '', record: true });
    expect(goLiveBody({ type: 'group', access: 'followers', title: 'Show', price: 3, record: true, replayFreeForTicketHolders: false })).toMatchObject({ record: true, replayFreeForTicketHolders: false });
  });
  it('a group stream without a price fails the API schema on price', () => {
    const r = checkGoLive(goLiveBody({ type: 'group', access: 'followers', title: 'Show', price: null }));
    expect(r).toMatchObject({ ok: false, field: 'price' });
  });
  it('an empty title fails the API schema on title', () => {
    expect(checkGoLive(goLiveBody({ type: 'public', access: 'followers', title: '   ' }))).toMatchObject({ ok: false, field: 'title' });
  });
  it('starts from the saved defaults', () => {
    expect(initialGoLiveValues({ groupPrice: 7, publicAccess: 'subscribers' })).toMatchObject({ type: 'public', access: 'subscribers', price: 7 });
    expect(initialGoLiveValues(null)).toMatchObject({ access: 'followers', price: null });
  });
});

describe('goalPercent', () => {
  it('is null without a goal and capped at 100', () => {
    expect(goalPercent(10, null)).toBeNull();
    expect(goalPercent(10, 0)).toBeNull();
    expect(goalPercent(25, 100)).toBe(25);
    expect(goalPercent(33.33, 100)).toBe(33);
    expect(goalPercent(250, 100)).toBe(100);
  });
});

const req = (id: string, status: PrivateRequest['status']): PrivateRequest => ({
  _id: id, performerId: 'p', fan: null, performer: null, status, rate: 2, conversationId: `c-${id}`, streamId: null, createdAt: '2025-01-01T00:00:00Z', expiresAt: '2025-01-01T00:02:00Z',
});

describe('applyPrivateRequest', () => {
  it('adds a pending request once and removes it when answered', () => {
    let list = applyPrivateRequest([], req('a', 'pending'));
    list = applyPrivateRequest(list, req('a', 'pending'));
    list = applyPrivateRequest(list, req('b', 'pending'));
    expect(list.map((r) => r._id)).toEqual(['a', 'b']);
    list = applyPrivateRequest(list, req('a', 'expired'));
    expect(list.map((r) => r._id)).toEqual(['b']);
  });
});

describe('liveDuration', () => {
  it('reads minutes and seconds, then hours', () => {
    const start = '2025-01-01T00:00:00Z';
    expect(liveDuration(start, Date.parse(start) + 242_000)).toBe('4:02');
    expect(liveDuration(start, Date.parse(start) + 3_909_000)).toBe('1:05:09');
  });
});
