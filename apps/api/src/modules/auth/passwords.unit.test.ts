import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ARGON2_PARAMETERS, passwords } from './passwords';

/**
 * The test suites hash with PASSWORD_HASH_COST=test (the harness sets it): these tests hold the
 * production parameters in place and show that both kinds of hash verify.
 */
describe('password hashing parameters', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 by default (production)', async () => {
    const p = passwords();
    const stored = await p.hashNew('correct-horse-7');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await p.check(stored, 'correct-horse-7')).toBe(true);
    expect(await p.check(stored, 'correct-horse-8')).toBe(false);
    expect(ARGON2_PARAMETERS.production).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('the test cost makes cheap hashes, and a hash of either cost verifies with either', async () => {
    const cheap = await passwords('test').hashNew('correct-horse-7');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await passwords('production').check(cheap, 'correct-horse-7')).toBe(true);
    const strong = await passwords('production').hashNew('correct-horse-7');
    expect(await passwords('test').check(strong, 'correct-horse-7')).toBe(true);
    await expect(passwords('test').burnCheck('whatever')).resolves.toBeUndefined();
  });

  it('config: production cost unless asked; the test cost is refused with NODE_ENV=production', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe('production');
    expect(loadConfig({ ...secret, NODE_ENV: 'development' }).PASSWORD_HASH_COST).toBe('production');
    expect(loadConfig({ ...secret, NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    expect(() => loadConfig({ ...secret, NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ ...secret, NODE_ENV: 'production' }, { PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
