/**
 * WebRTC helpers shared by the Janus publisher and viewer. The API relays signalling only: the
 * browser gathers all of its ICE candidates before it sends an SDP (no trickle), so one POST
 * carries the whole offer or answer.
 */

/** How long to wait for ICE gathering before sending what was gathered so far. */
export const ICE_GATHER_TIMEOUT_MS = 2000;

/** Resolves once `pc` finished gathering ICE candidates, or after `timeoutMs` (host candidates come at once on one machine). */
export function waitForIceGathering(pc: RTCPeerConnection, timeoutMs = ICE_GATHER_TIMEOUT_MS): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/** The local description as the API's jsep ({type, sdp}). */
export function localJsep(pc: RTCPeerConnection): { type: 'offer' | 'answer'; sdp: string } {
  const d = pc.localDescription;
  if (!d || (d.type !== 'offer' && d.type !== 'answer')) throw new Error('No local description');
  return { type: d.type, sdp: d.sdp };
}

/** A peer connection with the operator's ICE servers when the API hands any (none are needed on one machine). */
export function newPeerConnection(iceServers: RTCIceServer[] = []): RTCPeerConnection {
  return new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' });
}

/** Stops every track of a media stream (the camera light goes off). */
export function stopTracks(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((t) => t.stop());
}

/** A call's HTTP status, when it failed with an API answer. */
export function statusOf(e: unknown): number | undefined {
  return typeof e === 'object' && e !== null && 'statusCode' in e ? Number((e as { statusCode?: unknown }).statusCode) : undefined;
}
