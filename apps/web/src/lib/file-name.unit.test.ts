import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './file-name';

describe('fileNameFrom', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameFrom(`attachment; filename="summer.zip"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Nice.zip`, 'x.zip')).toBe('Été à Nice.zip');
    expect(fileNameFrom('attachment; filename="summer.zip"', 'x.zip')).toBe('summer.zip');
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.zip')).toBe('x.zip');
    expect(fileNameFrom('attachment', 'x.zip')).toBe('x.zip');
    expect(fileNameFrom(null, 'x.zip')).toBe('x.zip');
  });
});
