import { describe, expect, it } from 'vitest';
import { feedExpiryProblem } from './feeds';
import { labelInputSchema, LABEL_NAME_MAX } from './labels';

describe('feedExpiryProblem (README "Expiring posts")', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const at = (m: number) => new Date(now.getTime() + m * 60_000);
  it('wants a time in the future', () => {
    expect(feedExpiryProblem(at(-1), now, now)).toBe('Choose a time in the future');
    expect(feedExpiryProblem(now, now, now)).toBe('Choose a time in the future');
    expect(feedExpiryProblem(at(1), now, now)).toBeNull();
  });
  it('after the publish time of a scheduled post', () => {
    expect(feedExpiryProblem(at(30), at(60), now)).toBe('Choose a time after the post is published');
    expect(feedExpiryProblem(at(60), at(60), now)).toBe('Choose a time after the post is published');
    expect(feedExpiryProblem(at(61), at(60), now)).toBeNull();
  });
  it('refuses an invalid date', () => {
    expect(feedExpiryProblem(new Date('nope'), now, now)).toBe('Use an ISO date-time');
  });
});

describe('label names', () => {
  it('are trimmed with inner spaces collapsed, 1–30 characters', () => {
    expect(labelInputSchema.parse({ name: '  Behind   the scenes ' }).name).toBe('Behind the scenes');
    expect(labelInputSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(labelInputSchema.safeParse({ name: 'x'.repeat(LABEL_NAME_MAX) }).success).toBe(true);
    expect(labelInputSchema.safeParse({ name: 'x'.repeat(LABEL_NAME_MAX + 1) }).success).toBe(false);
  });
});
