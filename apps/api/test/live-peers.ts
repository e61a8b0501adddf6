/**
 * Headless WebRTC peers (werift) for the live video tests and bench: a publisher that sends
 * generated VP8 RTP (a fake camera) and a viewer that counts what arrives. Both send complete SDP
 * (ICE gathered first), as the web app does — the API relays no trickled candidates.
 */
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import type { Jsep } from '../src/platform/live/provider';

/** Every generated frame starts with this, then its 32-bit frame number: a viewer can tell them from anything else. */
export const FRAME_SIGNATURE = Buffer.from('stagepass-frame:');

/** Resolves when the peer has gathered its ICE candidates (they are then in its local description). */
async function gathered(pc: RTCPeerConnection, timeoutMs = 10_000): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('ICE gathering did not complete')), timeoutMs);
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((s) => {
      if (s !== 'complete') return;
      clearTimeout(t);
      unSubscribe();
      resolve();
    });
  });
}

/** Resolves when the peer's connection (ICE + DTLS) is up. */
export async function connectedPc(pc: RTCPeerConnection, timeoutMs = 15_000): Promise<void> {
  if (pc.connectionState === 'connected') return;
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`peer not connected (${pc.connectionState})`)), timeoutMs);
    const { unSubscribe } = pc.connectionStateChange.subscribe((s) => {
      if (s !== 'connected') return;
      clearTimeout(t);
      unSubscribe();
      resolve();
    });
  });
}

const sdpOf = (pc: RTCPeerConnection, type: Jsep['type']): Jsep => {
  const d = pc.localDescription;
  if (!d) throw new Error('no local description');
  return { type, sdp: d.sdp };
};

/**
 * One RTP payload of a VP8 frame: the payload descriptor (S=1 on the frame's first packet), then,
 * on the first packet, a VP8 frame header (a key frame every `keyEvery` frames, 320×240); every
 * packet carries the signature with the frame number.
 */
export function vp8Payload(frame: number, size = 1000, keyEvery = 30, first = true): Buffer {
  const key = frame % keyEvery === 0;
  const body = Buffer.alloc(size);
  if (!first) {
    FRAME_SIGNATURE.copy(body, 1);
    body.writeUInt32BE(frame, 1 + FRAME_SIGNATURE.length);
    return body; // descriptor 0x00: a continuation of partition 0
  }
  body[0] = 0x10; // VP8 payload descriptor: S=1, partition 0
  // Frame tag: bit 0 = 0 for a key frame, version 0, show_frame 1, first partition size.
  const tag = (key ? 0 : 1) | (1 << 4) | ((size - 20) << 5);
  body.writeUIntLE(tag & 0xffffff, 1, 3);
  let o = 4;
  if (key) {
    body.set([0x9d, 0x01, 0x2a], o);
    body.writeUInt16LE(320, o + 3);
    body.writeUInt16LE(240, o + 5);
    o += 7;
  }
  FRAME_SIGNATURE.copy(body, o);
  body.writeUInt32BE(frame, o + FRAME_SIGNATURE.length);
  return body;
}

/** The frame number a received payload carries, or null when it is not one of ours. */
export function frameOf(payload: Buffer): number | null {
  const at = payload.indexOf(FRAME_SIGNATURE);
  if (at < 0 || at + FRAME_SIGNATURE.length + 4 > payload.length) return null;
  return payload.readUInt32BE(at + FRAME_SIGNATURE.length);
}

export interface Publisher {
  pc: RTCPeerConnection;
  /** Frames sent so far. */
  sent(): number;
  /** RTP packets sent so far. */
  packetsSent(): number;
  /** Sends `fps` frames a second, of `packetsPerFrame` RTP packets of ~1,000 bytes each, until stopped. */
  startCamera(fps?: number, packetsPerFrame?: number): void;
  stopCamera(): void;
  connected(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A publisher with a send-only camera (and a send-only, silent microphone, as a browser offers). */
export async function createPublisher(publish: (offer: Jsep) => Promise<Jsep>): Promise<Publisher> {
  const pc = new RTCPeerConnection({ iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  pc.addTransceiver('audio', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const answer = await publish(sdpOf(pc, 'offer'));
  await pc.setRemoteDescription(answer);
  let frame = 0;
  let packets = 0;
  let timer: NodeJS.Timeout | null = null;
  const seq0 = Math.floor(Math.random() * 60000);
  const ts0 = Math.floor(Math.random() * 2 ** 31);
  return {
    pc,
    sent: () => frame,
    packetsSent: () => packets,
    connected: (timeoutMs?: number) => connectedPc(pc, timeoutMs),
    startCamera(fps = 30, packetsPerFrame = 1) {
      if (timer) return;
      // Frames are due by the clock (timers drift): each tick sends those due since the last one.
      const t0 = performance.now() - (frame * 1000) / fps;
      const tick = () => {
        while (frame < ((performance.now() - t0) * fps) / 1000) {
          const timestamp = (ts0 + frame * Math.round(90000 / fps)) >>> 0;
          for (let i = 0; i < packetsPerFrame; i++) {
            const header = new RtpHeader({ payloadType: 96, sequenceNumber: (seq0 + packets) % 65536, timestamp, marker: i === packetsPerFrame - 1 });
            track.writeRtp(new RtpPacket(header, vp8Payload(frame, 1000, 30, i === 0)));
            packets += 1;
          }
          frame += 1;
        }
      };
      timer = setInterval(tick, 1000 / fps / 2);
    },
    stopCamera() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await pc.close();
    },
  };
}

export interface Viewer {
  pc: RTCPeerConnection;
  peerId: string;
  /** Video RTP packets received: all of them / those carrying (part of) one of the publisher's frames. */
  packets(): number;
  frames(): number;
  payloadTypes: Set<number>;
  ssrcs: Set<number>;
  connected(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A viewer: takes the SFU's offer, answers it, counts the video RTP it then receives. */
export async function createViewer(subscribe: () => Promise<{ peerId: string; offer: Jsep }>, start: (peerId: string, answer: Jsep) => Promise<void>): Promise<Viewer> {
  const { peerId, offer } = await subscribe();
  const pc = new RTCPeerConnection({ iceUseIpv6: false });
  let packets = 0;
  let frames = 0;
  const payloadTypes = new Set<number>();
  const ssrcs = new Set<number>();
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      packets += 1;
      payloadTypes.add(rtp.header.payloadType);
      ssrcs.add(rtp.header.ssrc);
      if (frameOf(rtp.payload) !== null) frames += 1;
    });
  });
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  await start(peerId, sdpOf(pc, 'answer'));
  return {
    pc,
    peerId,
    packets: () => packets,
    frames: () => frames,
    payloadTypes,
    ssrcs,
    connected: (timeoutMs?: number) => connectedPc(pc, timeoutMs),
    close: () => pc.close(),
  };
}

/** The payload type and SSRC the SFU's SDP offer announces for its video. */
export function videoOf(sdp: string): { payloadType: number | null; ssrc: number | null } {
  const video = sdp.split(/\r?\n(?=m=)/).find((m) => m.startsWith('m=video'));
  if (!video) return { payloadType: null, ssrc: null };
  const pt = /a=rtpmap:(\d+) VP8\/90000/i.exec(video);
  const ssrc = /a=ssrc:(\d+) /.exec(video);
  return { payloadType: pt ? Number(pt[1]) : null, ssrc: ssrc ? Number(ssrc[1]) : null };
}
