// janode (Meetecho's Janus client) ships no types: the part platform/live/janus.ts and its tests use.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeJsep {
    type: 'offer' | 'answer';
    sdp: string;
    trickle?: boolean;
  }

  export class JanodeHandle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    hangup(): Promise<void>;
    /** A raw plugin request: resolves with Janus's message (the plugin's answer in `plugindata.data`); a plugin error rejects as the wrapped requests do. */
    message(body: Record<string, unknown>, jsep?: JanodeJsep): Promise<{ janus?: string; plugindata?: { plugin?: string; data?: Record<string, unknown> } }>;
  }

  export class JanodeSession extends EventEmitter {
    id: number;
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export class JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  interface JanodeEvents {
    CONNECTION_CLOSED: 'connection_closed';
    SESSION_DESTROYED: 'session_destroyed';
    HANDLE_DETACHED: 'handle_detached';
    HANDLE_ICE_FAILED: 'handle_ice_failed';
    HANDLE_HANGUP: 'handle_hangup';
    HANDLE_MEDIA: 'handle_media';
    HANDLE_WEBRTCUP: 'handle_webrtcup';
    HANDLE_SLOWLINK: 'handle_slowlink';
    HANDLE_TRICKLE: 'handle_trickle';
    CONNECTION_ERROR: 'connection_error';
  }

  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string } | Array<{ url: string; apisecret?: string }>;
      retry_time_secs?: number;
      max_retries?: number;
      is_admin?: boolean;
      ws_options?: Record<string, unknown>;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'debug' | 'verb' | 'info' | 'warn' | 'error' | 'none'): string };
    EVENT: JanodeEvents;
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, JanodeJsep } from 'janode';

  /** A VideoRoom error (Janus's `error_code` in `_code`, e.g. 426 no such room, 433 unauthorized). */
  export interface VideoRoomError extends Error {
    _code?: number;
  }

  type Room = number | string;

  export class VideoRoomHandle extends JanodeHandle {
    create(opts: {
      room?: Room;
      description?: string;
      max_publishers?: number;
      permanent?: boolean;
      is_private?: boolean;
      secret?: string;
      pin?: string;
      admin_key?: string;
      bitrate?: number;
      fir_freq?: number;
      audiocodec?: string;
      videocodec?: string;
      notify_joining?: boolean;
      require_pvtid?: boolean;
    }): Promise<{ room: Room; permanent: boolean }>;
    destroy(opts: { room: Room; permanent?: boolean; secret?: string }): Promise<{ room: Room }>;
    exists(opts: { room: Room }): Promise<{ room: Room; exists: boolean }>;
    kick(opts: { room: Room; feed: Room; secret?: string }): Promise<{ room: Room; feed: Room }>;
    joinPublisher(opts: { room: Room; feed?: Room; display?: string; pin?: string; token?: string }): Promise<{
      room: Room;
      feed: Room;
      /** The room's publishers whose media is up (not the joiner), with their streams (Janus 1.x). */
      publishers: Array<{ feed: Room; display?: string; streams?: Array<{ type: 'audio' | 'video' | 'data'; mindex: number; mid: string; codec?: string; disabled?: boolean }> }>;
    }>;
    configure(opts: { audio?: boolean; video?: boolean; data?: boolean; bitrate?: number; record?: boolean; filename?: string; jsep?: JanodeJsep }): Promise<{ room: Room; configured: 'ok'; jsep?: JanodeJsep }>;
    /** `streams` (Janus 1.x multistream): what to subscribe to; the legacy `feed` still works but Janus warns. */
    joinSubscriber(opts: { room: Room; feed?: Room; streams?: Array<{ feed: Room; mid?: string }>; pin?: string; token?: string; audio?: boolean; video?: boolean; data?: boolean }): Promise<{ room: Room; feed?: Room; jsep?: JanodeJsep }>;
    start(opts: { jsep: JanodeJsep }): Promise<{ room: Room; started: 'ok' }>;
    leave(): Promise<unknown>;
    startForward(opts: Record<string, unknown>): Promise<unknown>;
    list(opts?: { admin_key?: string }): Promise<{ list: Array<{ room: Room; description?: string }> }>;
  }

  const VideoRoomPlugin: {
    id: 'janus.plugin.videoroom';
    Handle: typeof VideoRoomHandle;
    EVENT: Record<string, string>;
  };
  export default VideoRoomPlugin;
}
