/**
 * Publishing by provider: Janus (built in) or Agora (loaded on demand). One handle either way.
 */
import type { StreamCredential } from '@stagepass/shared';
import { publishJanus } from './janus-publisher';

export interface Publication {
  provider: StreamCredential['provider'];
  replaceTrack(track: MediaStreamTrack): Promise<void>;
  /** Janus: the publisher peer connection's statistics (the studio's upload figures); Agora: none. */
  stats?: () => Promise<RTCStatsReport>;
  stop(): Promise<void>;
}

export async function publish(opts: { streamId: string; credential: StreamCredential; media: MediaStream; onConnectionState?: (s: RTCPeerConnectionState) => void }): Promise<Publication> {
  const { credential } = opts;
  if (credential.role !== 'publisher') throw new Error('Only the stream’s creator can publish');
  if (credential.provider === 'agora') {
    const { publishAgora } = await import('./agora');
    const session = await publishAgora({ streamId: opts.streamId, credential, media: opts.media });
    return { provider: 'agora', replaceTrack: session.replaceTrack, stop: session.stop };
  }
  const p = await publishJanus({ streamId: opts.streamId, token: credential.token, media: opts.media, onConnectionState: opts.onConnectionState });
  return { provider: 'janus', replaceTrack: p.replaceTrack, stats: () => p.pc.getStats(), stop: p.stop };
}
