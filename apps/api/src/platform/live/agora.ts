import crypto from 'node:crypto';
import agora from 'agora-token';

/**
 * Agora tokens (the operator's switch: settings agoraEnable, agoraAppId, agoraCertificate). With
 * Agora the browsers talk to Agora's cloud directly; what protects a stream is (1) its channel
 * name, random and never shown to a caller who is not entitled, and (2) the RTC token, issued here
 * only after the streaming module's entitlement check: publish privileges only for the stream's
 * creator, expiring within AGORA_TOKEN_MAX_SECONDS, so a renewal re-checks entitlement.
 */
export const AGORA_TOKEN_MAX_SECONDS = 600;

/** A random, unguessable channel name: 32 hex characters (Agora allows up to 64 bytes). */
export const newAgoraChannel = (): string => crypto.randomBytes(16).toString('hex');

/** A stable Agora uid (32-bit, never 0) derived from a user id. */
export function agoraUid(userId: string): number {
  const n = crypto.createHash('sha256').update(`agora-uid:${userId}`).digest().readUInt32BE(0);
  return n === 0 ? 1 : n;
}

export interface AgoraTokenInput {
  appId: string;
  certificate: string;
  channel: string;
  uid: number;
  role: 'publisher' | 'subscriber';
  /** Seconds from now (at most AGORA_TOKEN_MAX_SECONDS). */
  seconds: number;
}

/** An RTC token (AccessToken2, "007…") for one uid in one channel. */
export function agoraRtcToken(i: AgoraTokenInput): string {
  const seconds = Math.min(Math.max(1, Math.floor(i.seconds)), AGORA_TOKEN_MAX_SECONDS);
  const role = i.role === 'publisher' ? agora.RtcRole.PUBLISHER : agora.RtcRole.SUBSCRIBER;
  const token = agora.RtcTokenBuilder.buildTokenWithUid(i.appId, i.certificate, i.channel, i.uid, role, seconds, seconds);
  if (!token) throw new Error('Agora token: the app id and certificate must be 32 hexadecimal characters each');
  return token;
}
