import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.mjs';

describe('supported Node.js versions (package.json engines)', () => {
  it('accepts 24 and later, and 22.13 and later', () => {
    for (const v of ['24.0.0', '24.21.0', '25.1.0', '26.0.0', '22.13.0', '22.22.1']) expect(nodeVersionProblem(v)).toBeNull();
  });
  it('refuses older ones, in one line naming the versions', () => {
    for (const v of ['20.20.2', '22.12.0', '23.11.0', '18.20.4']) {
      const line = nodeVersionProblem(v)!;
      expect(line).toContain(`this is Node.js ${v}`);
      expect(line).toMatch(/Node\.js 24 LTS \(or 22\.13 and later\)/);
      expect(line).not.toContain('\n');
    }
  });
});
