/**
 * Watching by provider: Janus (built in) or Agora (loaded on demand). One handle either way;
 * Janus answers `JanusNotPublishingError` while the creator's camera is not on yet.
 */
import type { StreamCredential } from '@stagepass/shared';
import { watchJanus } from './janus-viewer';

export { JanusNotPublishingError } from './janus-viewer';

export interface Watching {
  provider: StreamCredential['provider'];
  stop(): void;
}

export async function watch(opts: { streamId: string; credential: StreamCredential; onStream: (stream: MediaStream) => void; onConnectionState?: (s: RTCPeerConnectionState) => void }): Promise<Watching> {
  const { credential } = opts;
  if (credential.provider === 'agora') {
    const { watchAgora } = await import('./agora');
    const session = await watchAgora({ streamId: opts.streamId, credential, onStream: opts.onStream });
    return { provider: 'agora', stop: () => void session.stop() };
  }
  const w = await watchJanus({ streamId: opts.streamId, token: credential.token, onStream: opts.onStream, onConnectionState: opts.onConnectionState });
  return { provider: 'janus', stop: w.stop };
}
