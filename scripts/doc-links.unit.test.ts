/**
 * Every relative link in the repository's markdown files (README.md, docs/…) resolves to a file or
 * folder inside the repository — a clone has nothing beside it — and a `#heading` anchor into a
 * markdown file names one of its headings. Links are markdown links `[text](target)` and explicit
 * relative mentions of markdown files (`../users/README.md`, in code spans or plain text).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingSlugs, relativeLinks } from './lib/doc-links.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// Tracked files, and new ones not yet added (not ignored ones: node_modules, build output).
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);

describe('relativeLinks', () => {
  it('finds markdown links and relative .md mentions, skips URLs, in-page anchors and fenced code', () => {
    const text = [
      'See [the docs](docs/ARCHITECTURE.md#layers "title") and [site](https://example.com), [top](#top).',
      'Rules in ../users/README.md "Hidden content"; see `../shared/ARCHITECTURE.md`.',
      '```sh',
      'cat [x](missing.md) ../nowhere.md',
      '```',
      '[ref]: ./bench/README.md',
    ].join('\n');
    expect(relativeLinks(text).map((l) => l.target)).toEqual(['docs/ARCHITECTURE.md#layers', '../users/README.md', '../shared/ARCHITECTURE.md', './bench/README.md']);
  });

  it('slugs headings as GitHub does', () => {
    expect([...headingSlugs('# Stagepass architecture\n## Layers (enforced by `npm run lint`)\n```\n# not a heading\n```\n### Events & realtime\n## Layers (enforced by `npm run lint`)')]).toEqual([
      'stagepass-architecture',
      'layers-enforced-by-npm-run-lint',
      'events--realtime',
      'layers-enforced-by-npm-run-lint-1',
    ]);
  });
});

describe('markdown links of the repository', () => {
  it('has markdown files to check', () => {
    expect(tracked).toContain('README.md');
    expect(tracked).toContain('docs/ARCHITECTURE.md');
  });

  it('resolve inside the repository', () => {
    const broken: string[] = [];
    for (const file of tracked) {
      const abs = path.join(ROOT, file);
      if (!fs.existsSync(abs)) continue; // deleted in the work tree, not yet committed
      for (const { target, line } of relativeLinks(fs.readFileSync(abs, 'utf8'))) {
        const [rawPath, anchor] = target.split('#', 2);
        const resolved = path.resolve(path.dirname(abs), decodeURIComponent(rawPath));
        const where = `${file}:${line} → ${target}`;
        if (path.relative(ROOT, resolved).startsWith('..')) broken.push(`${where} (outside the repository)`);
        else if (!fs.existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !headingSlugs(fs.readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
