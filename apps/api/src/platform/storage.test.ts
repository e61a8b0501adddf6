// GET /files/* over the local storage never serves through a symbolic link (issue 25, F2): a link
// planted under DATA_DIR/files that points at the host (`public/evil -> /etc`) or from public/ into
// private/ answers 404, never the target's bytes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let outside: string;

beforeAll(async () => {
  t = await createTestApp();
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-host-'));
  await fs.writeFile(path.join(outside, 'passwd'), 'root:x:0:0:host secret');
  const pub = path.join(t.config.filesDir, 'public');
  const priv = path.join(t.config.filesDir, 'private', 'feed-photo', 'f1');
  await fs.mkdir(pub, { recursive: true });
  await fs.mkdir(priv, { recursive: true });
  await fs.writeFile(path.join(pub, 'ok.webp'), 'public picture');
  await fs.writeFile(path.join(priv, 'large.webp'), 'paid picture');
  await fs.symlink(outside, path.join(pub, 'evil'));
  await fs.symlink(path.join(outside, 'passwd'), path.join(pub, 'passwd.webp'));
  await fs.symlink(path.join(priv, 'large.webp'), path.join(pub, 'paid.webp'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(outside, { recursive: true, force: true });
});

describe('GET /files/* and symbolic links under the files root', () => {
  it('serves a regular public file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/public/ok.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('public picture');
  });

  it.each([
    ['a directory link to the host', '/files/public/evil/passwd'],
    ['a file link to the host', '/files/public/passwd.webp'],
    ['a public link to a private file', '/files/public/paid.webp'],
  ])('answers 404 to %s, anonymous or with a Range', async (_what, url) => {
    for (const headers of [{}, { range: 'bytes=0-' }]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/host secret|paid picture/);
    }
  });
});
