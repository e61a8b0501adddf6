import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The package is side-effect free (package.json): a page's bundle keeps only the modules it uses,
 * so zod's browser setting (no eval, CSP) is made by each module that builds schemas — it must
 * import './zod-config' before it imports zod.
 */
describe('zod-config', () => {
  const src = path.dirname(new URL(import.meta.url).pathname);
  const files = fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'zod-config.ts');

  it('finds the schema modules', () => {
    expect(files.filter((f) => /^import \{[^}]*\bz\b[^}]*\} from 'zod';$/m.test(fs.readFileSync(path.join(src, f), 'utf8'))).length).toBeGreaterThan(20);
  });

  it.each(files)('%s imports zod-config before it builds schemas with zod', (f) => {
    const text = fs.readFileSync(path.join(src, f), 'utf8');
    const zodImport = text.search(/^import \{[^}]*\bz\b[^}]*\} from 'zod';$/m);
    if (zodImport < 0) return;
    const config = text.search(/^import '(\.\/|\.\.\/)zod-config';$/m);
    expect(config, `${f} must import './zod-config' first`).toBeGreaterThanOrEqual(0);
    expect(config).toBeLessThan(zodImport);
  });
});
