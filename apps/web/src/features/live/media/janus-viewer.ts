/**
 * A viewer of a live stream through Janus (the API relays the signalling): POST
 * /streaming/janus/{id}/watch {token} → Janus's offer → answer with ICE gathered → POST …/start.
 * The remote tracks arrive in one MediaStream (`onStream`). 409 = the creator's camera is not on
 * yet: `JanusNotPublishingError`, retry when 'stream/updated' says so (or every few seconds).
 * `stop()` hangs up with POST …/leave (fetch keepalive, so it also runs while the page unloads).
 */
import { routePath, routes } from '@stagepass/shared/routes';
import { apiUrl, call, getToken } from '@/lib/api';
import { localJsep, newPeerConnection, statusOf, waitForIceGathering } from './webrtc';

export class JanusNotPublishingError extends Error {
  constructor() {
    super('The camera is not on yet');
    this.name = 'JanusNotPublishingError';
  }
}

export interface JanusWatch {
  peerId: string;
  pc: RTCPeerConnection;
  stop(): void;
}

export async function watchJanus(opts: {
  streamId: string;
  token: string;
  onStream: (stream: MediaStream) => void;
  onConnectionState?: (s: RTCPeerConnectionState) => void;
  iceServers?: RTCIceServer[];
}): Promise<JanusWatch> {
  let offer;
  try {
    offer = await call(routes.streaming.janusWatch, { params: { id: opts.streamId }, body: { token: opts.token } });
  } catch (e) {
    if (statusOf(e) === 409) throw new JanusNotPublishingError();
    throw e;
  }
  const pc = newPeerConnection(opts.iceServers);
  const remote = new MediaStream();
  pc.addEventListener('track', (ev) => {
    if (!remote.getTracks().includes(ev.track)) remote.addTrack(ev.track);
    opts.onStream(remote);
  });
  if (opts.onConnectionState) pc.addEventListener('connectionstatechange', () => opts.onConnectionState?.(pc.connectionState));
  const peerId = offer.peerId;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    pc.close();
    leaveKeepalive(opts.streamId, peerId);
  };
  try {
    await pc.setRemoteDescription(offer.jsep);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await waitForIceGathering(pc);
    await call(routes.streaming.janusStart, { params: { id: opts.streamId }, body: { peerId, jsep: localJsep(pc) } });
  } catch (e) {
    stop();
    throw e;
  }
  return { peerId, pc, stop };
}

/** POST …/leave that survives a page unload (sendBeacon cannot carry the Authorization header). */
export function leaveKeepalive(streamId: string, peerId: string) {
  const token = getToken();
  void fetch(apiUrl(routePath(routes.streaming.janusLeave, { id: streamId })), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ peerId }),
  }).catch(() => undefined);
}
