import { createRequire } from 'node:module';
import type { Made, TestApp } from './harness';

/** Test Agora keys: 32 hexadecimal characters each, as Agora's are. */
export const AGORA_APP_ID = '0123456789abcdef0123456789abcdef';
export const AGORA_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

/** Switches Agora on (the operator's settings), so streams need no Janus. */
export async function agoraOn(t: TestApp): Promise<void> {
  await t.ctx.settings.set('agoraAppId', AGORA_APP_ID);
  await t.ctx.settings.set('agoraCertificate', AGORA_CERTIFICATE);
  await t.ctx.settings.set('agoraEnable', true);
}

/** POST /streaming/live as `creator`; answers the stream (throws on a refusal). */
export async function goLive(t: TestApp, creator: Made, body: Record<string, unknown> = {}): Promise<{ _id: string; [k: string]: unknown }> {
  const res = await t.app.inject({ method: 'POST', url: '/streaming/live', headers: creator.auth, payload: { type: 'public', title: 'Live now', ...body } });
  if (res.statusCode !== 200) throw new Error(`go live: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A decoded Agora AccessToken2 (the SDK's own parser). */
export interface ParsedAgoraToken {
  appId: string;
  issueTs: number;
  /** Seconds the token lives (relative to issueTs). */
  expire: number;
  channel: string;
  uid: string;
  /** Privilege id → its expiry (1 join, 2 publish audio, 3 publish video, 4 publish data). */
  privileges: Record<string, number>;
  signatureValid: boolean;
}

interface AccessToken2Like {
  appId: string;
  issueTs: number;
  expire: number;
  services: Array<{ __channel_name: string; __uid: string; __privileges: Record<string, number> }>;
  from_string(token: string): boolean;
  verifySignature(certificate: string): boolean;
}

/** Parses an RTC token with agora-token's AccessToken2 (no types ship for that file). */
export function parseAgoraToken(token: string, certificate = AGORA_CERTIFICATE): ParsedAgoraToken {
  const require = createRequire(import.meta.url);
  const { AccessToken2 } = require('agora-token/src/AccessToken2.js') as { AccessToken2: new () => AccessToken2Like };
  const at = new AccessToken2();
  if (!at.from_string(token)) throw new Error('not an Agora AccessToken2');
  const rtc = at.services[0]!;
  // The parser keeps strings as the bytes it read.
  const str = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v));
  return { appId: str(at.appId), issueTs: at.issueTs, expire: at.expire, channel: str(rtc.__channel_name), uid: str(rtc.__uid), privileges: rtc.__privileges, signatureValid: at.verifySignature(certificate) };
}
