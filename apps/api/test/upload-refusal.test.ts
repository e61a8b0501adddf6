import crypto from 'node:crypto';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createTestApp, multipart, type Made, type TestApp } from './harness';
import { UPLOAD_DRAIN_CAP_BYTES } from '../src/platform/upload-refusal';

/**
 * Issue 25, F7: an upload refused while its body is still arriving (wrong type, too large) must
 * still reach the client as its status line — over a real TCP connection, not app.inject. The
 * server reads (and discards) the rest of the body up to UPLOAD_DRAIN_CAP_BYTES before answering;
 * beyond that it answers with `Connection: close` and ends the connection only after the answer.
 */

let t: TestApp;
let creator: Made;
let port: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createCreator(t);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 30 } } }).png().toBuffer();
});
afterAll(() => t?.close());

interface Outcome {
  /** Everything the server answered (status line first), as text. */
  answer: string;
  /** The socket error the client saw, if any (a reset instead of an answer is the bug). */
  error: string | null;
  /** Bytes of the body the client managed to write before the connection ended. */
  written: number;
}

/**
 * Sends one upload of `size` bytes over its own connection, in 64 KB chunks with a pause every
 * 1 MB (slow enough that the server has refused long before the end), reading whatever the
 * server answers meanwhile, like a browser does. Resolves when the connection is closed, once the
 * whole answer came back on a connection the server kept open, or when the server stalls (stops
 * reading for 3 s without closing).
 */
function slowUpload(url: string, file: Buffer, size: number): Promise<Outcome> {
  const body = multipart({}, [{ field: 'file', filename: 'big.png', content: Buffer.concat([file, crypto.randomBytes(size - file.length)]), type: 'image/png' }]);
  return new Promise((resolve) => {
    const out: Outcome = { answer: '', error: null, written: 0 };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      s.destroy();
      resolve(out);
    };
    const s = net.connect(port, '127.0.0.1');
    s.on('data', (d) => {
      out.answer += d.toString('latin1');
      // A kept-alive connection: the answer is whole once its JSON body (Content-Length) is in.
      const m = /\r\ncontent-length: (\d+)\r\n/i.exec(out.answer);
      const head = out.answer.indexOf('\r\n\r\n');
      if (m && head > 0 && Buffer.byteLength(out.answer.slice(head + 4), 'latin1') >= Number(m[1]) && out.written >= body.payload.length) finish();
    });
    s.on('error', (err) => {
      out.error = (err as NodeJS.ErrnoException).code ?? err.message;
      finish();
    });
    s.on('close', finish);
    s.on('connect', async () => {
      s.write(
        [`POST ${url} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: ${creator.auth.authorization}`, `Content-Type: ${body.headers['content-type']}`, `Content-Length: ${body.payload.length}`, '', ''].join('\r\n'),
      );
      const CHUNK = 64 * 1024;
      for (let at = 0; at < body.payload.length && !done; at += CHUNK) {
        const chunk = body.payload.subarray(at, at + CHUNK);
        const flushed = s.write(chunk);
        out.written += chunk.length;
        if (!flushed) {
          // The server neither reads on nor closes: the client would hang (a refusal it cannot see).
          const moved = await new Promise<boolean>((r) => {
            const stall = setTimeout(() => r(false), 3000);
            const go = () => { clearTimeout(stall); r(true); };
            s.once('drain', go);
            s.once('close', go);
          });
          if (!moved) {
            out.error = 'stalled: the server stopped reading and kept the connection open';
            finish();
          }
        }
        if (at % (1024 * 1024) === 0) await new Promise((r) => setTimeout(r, 5));
      }
    });
  });
}

describe('F7: an upload refused early still gets its answer', () => {
  it('a 16 MB image sent to a video route: the client sees the 415 every time, and the connection stays usable', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await slowUpload('/performer/feeds/video/upload', png, 16 * 1024 * 1024);
      expect(res.error, `try ${i + 1}: ${res.answer.slice(0, 40)}`).toBeNull();
      expect(res.answer.startsWith('HTTP/1.1 415 '), `try ${i + 1}: ${res.answer.slice(0, 40) || '(no answer)'}`).toBe(true);
      expect(res.answer).toContain('This file is not a video');
      // Read to the end: the server kept the connection (no "Connection: close").
      expect(res.answer.toLowerCase()).not.toContain('connection: close');
    }
  });

  it('a file over the route\'s size limit: the 413 arrives too', async () => {
    // An image route allows 15 MB; 16 MB is refused at 15 MB, the rest is read and dropped.
    for (let i = 0; i < 3; i++) {
      const res = await slowUpload('/performer/feeds/photo/upload', png, 16 * 1024 * 1024);
      expect(res.error, `try ${i + 1}`).toBeNull();
      expect(res.answer.startsWith('HTTP/1.1 413 '), `try ${i + 1}: ${res.answer.slice(0, 40) || '(no answer)'}`).toBe(true);
    }
  });

  it('a body larger than the drain cap: the answer still comes first, with Connection: close, then the connection ends', async () => {
    const res = await slowUpload('/performer/feeds/video/upload', png, UPLOAD_DRAIN_CAP_BYTES + 8 * 1024 * 1024);
    expect(res.answer.startsWith('HTTP/1.1 415 '), res.answer.slice(0, 40) || `(no answer; ${res.error})`).toBe(true);
    expect(res.answer.toLowerCase()).toContain('connection: close');
    expect(res.answer).toContain('This file is not a video');
    // The server stopped reading at the cap (plus what sat in the socket buffers), not at the end.
    expect(res.written).toBeLessThan(UPLOAD_DRAIN_CAP_BYTES + 8 * 1024 * 1024);
    // And keeps serving.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
