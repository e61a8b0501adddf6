import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (RFC 8030), over HTTPS with a certificate made for
 * 127.0.0.1 (openssl) — the `web-push` library only speaks HTTPS, so the API trusts the stand-in's
 * certificate through WEB_PUSH_CA. It keeps every push it receives and answers 201, or the status
 * set for a path (410: the subscription ended).
 */
export interface PushStandIn {
  url: string;
  /** The certificate to trust (WEB_PUSH_CA). */
  caFile: string;
  received: ReceivedPush[];
  /** Answer this status for pushes to `path` from now on. */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'push-standin-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = https.createServer({ key: await fs.readFile(keyFile), cert: await fs.readFile(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '/';
      received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(p) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: certFile,
    received,
    answer: (p, status) => void statuses.set(p, status),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret (what PushManager.subscribe makes). */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
}
export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/**
 * Decrypts a Web Push message body as the browser does (RFC 8291 over RFC 8188 aes128gcm), with
 * node:crypto only — independent of the library that encrypted it.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record: not expected for a push');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}
