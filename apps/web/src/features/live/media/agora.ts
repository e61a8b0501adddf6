/**
 * Agora (the operator's switch, public setting `agoraEnable`): the SDK is imported here, on demand,
 * only when a live screen runs with an Agora credential — it never enters a shared bundle.
 * The publisher sends the tracks it already has (the studio's preview); the viewer plays the
 * remote user's tracks into a MediaStream. Tokens are renewed through POST /streaming/agora/token
 * (which re-checks entitlement) before they expire.
 */
import type { IAgoraRTCClient, ILocalAudioTrack, ILocalVideoTrack } from 'agora-rtc-sdk-ng';
import { routes } from '@stagepass/shared/routes';
import type { StreamCredential } from '@stagepass/shared';
import { call } from '@/lib/api';

type AgoraCredential = Extract<StreamCredential, { provider: 'agora' }>;

export interface AgoraSession {
  client: IAgoraRTCClient;
  stop(): Promise<void>;
}

async function loadSdk() {
  const mod = await import('agora-rtc-sdk-ng');
  const AgoraRTC = mod.default;
  AgoraRTC.setLogLevel(3);
  return AgoraRTC;
}

function renewOnExpiry(client: IAgoraRTCClient, streamId: string) {
  client.on('token-privilege-will-expire', async () => {
    try {
      const fresh = await call(routes.streaming.agoraToken, { body: { streamId } });
      await client.renewToken(fresh.token);
    } catch {
      // Not entitled any more (ban, block, no balance): the token expires and Agora drops us.
    }
  });
}

/** The creator publishes `media`'s tracks into the stream's channel. */
export async function publishAgora(opts: { streamId: string; credential: AgoraCredential; media: MediaStream }): Promise<AgoraSession & { replaceTrack(track: MediaStreamTrack): Promise<void> }> {
  const AgoraRTC = await loadSdk();
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
  await client.setClientRole('host');
  renewOnExpiry(client, opts.streamId);
  const { appId, channel, token, uid } = opts.credential;
  await client.join(appId, channel, token, uid);
  const video = opts.media.getVideoTracks()[0];
  const audio = opts.media.getAudioTracks()[0];
  const videoTrack: ILocalVideoTrack | null = video ? AgoraRTC.createCustomVideoTrack({ mediaStreamTrack: video }) : null;
  let audioTrack: ILocalAudioTrack | null = audio ? AgoraRTC.createCustomAudioTrack({ mediaStreamTrack: audio }) : null;
  await client.publish([videoTrack, audioTrack].filter((t): t is ILocalVideoTrack | ILocalAudioTrack => t !== null));
  return {
    client,
    async replaceTrack(track) {
      if (track.kind === 'video' && videoTrack) {
        await videoTrack.replaceTrack(track, false);
      } else if (track.kind === 'audio' && audioTrack) {
        // An audio track cannot swap its source: publish a new one instead.
        await client.unpublish([audioTrack]);
        audioTrack = AgoraRTC.createCustomAudioTrack({ mediaStreamTrack: track });
        await client.publish([audioTrack]);
      }
    },
    async stop() {
      await client.unpublish().catch(() => undefined);
      // Closing a custom track would stop the caller's camera track: the studio keeps its preview.
      await client.leave().catch(() => undefined);
    },
  };
}

/** A viewer subscribes to the creator's tracks; `onStream` gets them as one MediaStream for a <video>. */
export async function watchAgora(opts: { streamId: string; credential: AgoraCredential; onStream: (stream: MediaStream) => void }): Promise<AgoraSession> {
  const AgoraRTC = await loadSdk();
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
  await client.setClientRole('audience');
  renewOnExpiry(client, opts.streamId);
  const remote = new MediaStream();
  client.on('user-published', async (user, mediaType) => {
    if (mediaType !== 'audio' && mediaType !== 'video') return;
    await client.subscribe(user, mediaType);
    const track = mediaType === 'video' ? user.videoTrack : user.audioTrack;
    const mst = track?.getMediaStreamTrack();
    if (mst) {
      remote.getTracks().filter((t) => t.kind === mst.kind).forEach((t) => remote.removeTrack(t));
      remote.addTrack(mst);
      opts.onStream(remote);
    }
  });
  const { appId, channel, token, uid } = opts.credential;
  await client.join(appId, channel, token, uid);
  return {
    client,
    async stop() {
      await client.leave().catch(() => undefined);
    },
  };
}
