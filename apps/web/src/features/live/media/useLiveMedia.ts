'use client';
/**
 * The creator's side of live media: the camera and microphone (device pickers, preview) and the
 * publication into a stream (Janus or Agora, by the credential GET /streaming/join handed out).
 * A device change while live swaps the published track without hanging up.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamCredential } from '@stagepass/shared';
import { listDevices, mediaErrorText, openMedia, type MediaDevicesList } from './devices';
import { publish, type Publication } from './publish';
import { stopTracks } from './webrtc';

export type PublishState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'failed';

export function useLiveMedia() {
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDevicesList>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string | undefined>();
  const [microphoneId, setMicrophoneId] = useState<string | undefined>();
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [publishState, setPublishState] = useState<PublishState>('idle');
  const mediaRef = useRef<MediaStream | null>(null);
  const pubRef = useRef<Publication | null>(null);

  /** Opens (or re-opens, with other devices) the camera and microphone. */
  const open = useCallback(async (camera?: string, microphone?: string) => {
    setOpening(true);
    setMediaError(null);
    try {
      // Release the previous devices first: some cameras cannot be opened twice.
      const previous = mediaRef.current;
      if (previous && camera !== undefined) stopTracks(previous);
      const next = await openMedia(camera, microphone);
      mediaRef.current = next;
      setMedia(next);
      if (previous && previous !== next) stopTracks(previous);
      setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? camera);
      setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId ?? microphone);
      setDevices(await listDevices());
      const pub = pubRef.current;
      if (pub) for (const t of next.getTracks()) await pub.replaceTrack(t).catch(() => undefined);
      return next;
    } catch (e) {
      setMediaError(mediaErrorText(e));
      return null;
    } finally {
      setOpening(false);
    }
  }, []);

  const selectCamera = useCallback((id: string) => void open(id, microphoneId), [open, microphoneId]);
  const selectMicrophone = useCallback((id: string) => void open(cameraId, id), [open, cameraId]);

  /** Publishes the open camera and microphone into `streamId` (stops a previous publication first). */
  const startPublishing = useCallback(async (streamId: string, credential: StreamCredential) => {
    const current = mediaRef.current ?? (await open());
    if (!current) throw new Error('Turn on your camera first');
    await pubRef.current?.stop();
    pubRef.current = null;
    setPublishState('connecting');
    try {
      pubRef.current = await publish({
        streamId,
        credential,
        media: current,
        onConnectionState: (s) => {
          if (s === 'connected') setPublishState('live');
          else if (s === 'disconnected') setPublishState('reconnecting');
          else if (s === 'failed') setPublishState('failed');
        },
      });
      if (pubRef.current.provider === 'agora') setPublishState('live');
    } catch (e) {
      setPublishState('failed');
      throw e;
    }
  }, [open]);

  const stopPublishing = useCallback(async () => {
    const pub = pubRef.current;
    pubRef.current = null;
    setPublishState('idle');
    await pub?.stop();
  }, []);

  /** The publication's WebRTC statistics (Janus), null when not publishing or on Agora. */
  const publisherStats = useCallback(async (): Promise<RTCStatsReport | null> => {
    const stats = pubRef.current?.stats;
    return stats ? stats().catch(() => null) : null;
  }, []);

  /** Turns the camera and microphone off (after the show). */
  const close = useCallback(() => {
    stopTracks(mediaRef.current);
    mediaRef.current = null;
    setMedia(null);
  }, []);

  useEffect(
    () => () => {
      void pubRef.current?.stop();
      pubRef.current = null;
      stopTracks(mediaRef.current);
      mediaRef.current = null;
    },
    [],
  );

  return { media, devices, cameraId, microphoneId, mediaError, opening, open, close, selectCamera, selectMicrophone, publishState, startPublishing, stopPublishing, publisherStats };
}
export type LiveMedia = ReturnType<typeof useLiveMedia>;
