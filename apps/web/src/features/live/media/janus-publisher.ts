/**
 * The creator's camera into their live stream through Janus (the API relays the signalling):
 * sendonly transceivers for the camera and microphone tracks → offer → ICE gathered → POST
 * /streaming/janus/{id}/publish {token, jsep} → Janus's answer. `stop()` hangs up (POST …/leave) and
 * closes the peer connection; the tracks stay the caller's (the preview keeps running). Closing or
 * leaving the page hangs up too (`pagehide`, a keepalive request): viewers hear at once that the
 * creator's connection dropped, instead of when Janus notices the media stopped.
 */
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { leaveKeepalive } from './janus-viewer';
import { localJsep, newPeerConnection, waitForIceGathering } from './webrtc';

export interface JanusPublication {
  peerId: string;
  pc: RTCPeerConnection;
  /** Swap the camera or microphone track while publishing (a device change). */
  replaceTrack(track: MediaStreamTrack): Promise<void>;
  stop(): Promise<void>;
}

export async function publishJanus(opts: { streamId: string; token: string; media: MediaStream; iceServers?: RTCIceServer[]; onConnectionState?: (s: RTCPeerConnectionState) => void }): Promise<JanusPublication> {
  const pc = newPeerConnection(opts.iceServers);
  if (opts.onConnectionState) pc.addEventListener('connectionstatechange', () => opts.onConnectionState?.(pc.connectionState));
  try {
    for (const track of opts.media.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [opts.media] });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await waitForIceGathering(pc);
    const answer = await call(routes.streaming.janusPublish, { params: { id: opts.streamId }, body: { token: opts.token, jsep: localJsep(pc) } });
    await pc.setRemoteDescription(answer.jsep);
    const peerId = answer.peerId;
    let stopped = false;
    const onPageHide = () => {
      if (stopped) return;
      stopped = true;
      leaveKeepalive(opts.streamId, peerId);
      pc.close();
    };
    window.addEventListener('pagehide', onPageHide);
    return {
      peerId,
      pc,
      async replaceTrack(track) {
        const sender = pc.getSenders().find((s) => s.track?.kind === track.kind);
        if (sender) await sender.replaceTrack(track);
      },
      async stop() {
        window.removeEventListener('pagehide', onPageHide);
        if (stopped) return;
        stopped = true;
        pc.close();
        await call(routes.streaming.janusLeave, { params: { id: opts.streamId }, body: { peerId } }).catch(() => undefined);
      },
    };
  } catch (e) {
    pc.close();
    throw e;
  }
}
