import { describe, expect, it } from 'vitest';
import { saveSettings } from './save-settings';

const refusal = (field: string, message: string) => ({ statusCode: 400, message, details: [{ field, message }] });

describe('saveSettings', () => {
  it('retries a write another pending write unblocks (minimum raised above the old maximum)', async () => {
    const store: Record<string, number> = { min: 10, max: 20 };
    const put = async (key: string, value: unknown) => {
      const next = { ...store, [key]: value as number };
      if (next.min > next.max) throw refusal('value', 'min must not be greater than max');
      store[key] = value as number;
    };
    const r = await saveSettings([{ key: 'min', value: 30 }, { key: 'max', value: 40 }], put);
    expect(r.errors).toEqual([]);
    expect(store).toEqual({ min: 30, max: 40 });
  });

  it('maps the API field errors onto the form: value → key, value.1.path → [key, 1, path]', async () => {
    const put = async (key: string) => {
      if (key === 'menus') throw refusal('value.1.path', 'Must be an http(s) URL or a path on this site starting with /');
      throw refusal('value', 'Too small');
    };
    const r = await saveSettings([{ key: 'menus', value: [] }, { key: 'minimumTipPrice', value: -1 }], put);
    expect(r.saved).toEqual([]);
    expect(r.errors).toEqual([
      { name: ['menus', 1, 'path'], message: 'Must be an http(s) URL or a path on this site starting with /' },
      { name: ['minimumTipPrice'], message: 'Too small' },
    ]);
  });
});
