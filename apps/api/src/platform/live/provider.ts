/**
 * Live video media (ARCHITECTURE.md "live video"): the streaming module asks a `LiveMedia` for a
 * room per stream and, for the built-in Janus SFU, relays each entitled caller's WebRTC signalling
 * through the API — the browser never talks to Janus's API (it listens on loopback only); media
 * (ICE/DTLS/SRTP over UDP) flows between the browser and Janus directly. Who may publish or watch
 * is decided by the streaming module's policy BEFORE any call here; this layer only carries out.
 *
 * Agora is not a `LiveMedia`: with Agora the browsers talk to Agora's cloud with tokens the API
 * issues (platform/live/agora.ts), and rooms are just unguessable channel names.
 */

/** A WebRTC session description, as the browser's RTCSessionDescriptionInit. */
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** The Janus VideoRoom room of one stream: created when the creator goes live, destroyed when it ends. */
export interface LiveRoom {
  /** The VideoRoom's numeric room id. */
  roomId: number;
  /** Needed to edit/destroy the room (kept by the API, never sent to a browser). */
  secret: string;
  /** Needed to join the room at all (kept by the API, never sent to a browser). */
  pin: string;
  /** The Janus server holding the room: one of `LiveMedia.servers()` (an entry of JANUS_URL). */
  server: string;
}

/** One relayed WebRTC peer (a publisher or a subscriber): an id the API hands back to its owner only. */
export interface LivePeer {
  /** Opaque, unguessable id of the Janus handle the API keeps for this peer. */
  peerId: string;
}

/** A relayed peer that ended on the SFU's side (ICE failed, the browser went away, kicked, room destroyed…). */
export interface LivePublisherMedia {
  peerId: string;
  roomId: number;
  userId: string;
  receiving: boolean;
}

export interface LivePeerClosed {
  peerId: string;
  roomId: number;
  role: 'publisher' | 'subscriber';
  userId: string;
  /** e.g. 'hangup', 'detached', 'ice_failed', 'leaving', 'unpublished', 'kicked', 'room_destroyed', 'janus_lost'. */
  reason: string;
}

/** Where `forwardRtp` sends a room's camera: plain RTP over UDP (e.g. a local HLS packager's ports). */
export interface LiveRtpTarget {
  host: string;
  videoPort: number;
  audioPort: number;
  /** Janus latches to it to receive RTCP feedback from the target (keyframe requests). */
  videoRtcpPort?: number;
}

/** A running `forwardRtp`: the payload types the packets carry, and how to stop it. */
export interface LiveRtpForward {
  /** RTP payload type of the forwarded VP8 video (rewritten by Janus): FORWARD_VIDEO_PT. */
  videoPt: number;
  /** RTP payload type of the forwarded Opus audio: FORWARD_AUDIO_PT. */
  audioPt: number;
  /** Which of the publisher's streams are forwarded (a camera without audio forwards video alone). */
  streams: Array<'video' | 'audio'>;
  /** Stops the forwarders (`stop_rtp_forward`). Idempotent; a forward whose publisher left is already gone. */
  stop(): Promise<void>;
}

/** Payload types of `forwardRtp`'s packets (Janus rewrites them), for the receiver's SDP. */
export const FORWARD_VIDEO_PT = 96;
export const FORWARD_AUDIO_PT = 111;

export interface LiveMedia {
  readonly name: 'janus';
  /** True when the SFU answers (connected to its API). */
  available(): boolean;
  /** Where the SFU writes recordings on this machine (JANUS_RECORDINGS_DIR); null = it cannot record. */
  readonly recordingsDir: string | null;
  /** The Janus servers this node drives (JANUS_URL's entries, in order); rooms name theirs. */
  servers(): string[];
  /** True when that server answers (a room on a server that does not answers calls 'unavailable'). */
  serverAvailable(server: string): boolean;
  /** Creates a room for a stream (one publisher, `maxViewers` subscribers) on `server` (default: the first). */
  createRoom(opts: { streamId: string; description: string; maxViewers: number; server?: string }): Promise<LiveRoom>;
  /** Destroys the room: every peer in it is dropped. Idempotent. */
  destroyRoom(room: LiveRoom): Promise<void>;
  /**
   * The creator's camera: joins `room` as its publisher with the browser's SDP offer and answers
   * Janus's SDP answer. `display` is a label (the creator's username). `record`: a file name
   * (letters, digits, `-`, `_`) under `recordingsDir` — Janus records this publish there as
   * `<record>-video-<mid>.mjr` / `<record>-audio-<mid>.mjr`.
   */
  publish(room: LiveRoom, opts: { userId: string; display: string; offer: Jsep; record?: string }): Promise<LivePeer & { answer: Jsep }>;
  /**
   * A viewer: joins `room` as a subscriber to its publisher and answers Janus's SDP offer, which
   * the browser answers with `start`. Rejects with `LiveMediaError('not_publishing')` when the
   * creator's camera is not on yet.
   */
  subscribe(room: LiveRoom, opts: { userId: string }): Promise<LivePeer & { offer: Jsep }>;
  /** The viewer's SDP answer: media starts flowing. */
  start(peerId: string, answer: Jsep): Promise<void>;
  /** Hangs up one peer (leave, kick, ban). Idempotent. */
  hangup(peerId: string): Promise<void>;
  /**
   * Listens for peers that end without a `hangup` call (also called for `hangup` and `destroyRoom`):
   * e.g. the publisher's camera is gone → the stream is no longer publishing. Answers an unsubscribe.
   * Called on the node that holds the peer only.
   */
  onPeerClosed?(listener: (e: LivePeerClosed) => void): () => void;
  /**
   * Listens for a publisher's media stopping or arriving again while its peer stays up (Janus's
   * `media` events: no packets for a second — a closed or killed browser, a cut network — and
   * packets again). `receiving`: the camera's video arrives (any media, for a publisher without video). Called on the node that
   * holds the peer only. Answers an unsubscribe.
   */
  onPublisherMedia?(listener: (e: LivePublisherMedia) => void): () => void;
  /**
   * Forwards the room's camera (its publisher's video and audio) as plain RTP to `target` (VideoRoom
   * `rtp_forward`, admin key needed): e.g. to a local HLS packager. Rejects with
   * `LiveMediaError('not_publishing')` while no camera is up. The forward ends with the publisher: a
   * camera that publishes again (reconnect) needs a new one.
   */
  forwardRtp?(room: LiveRoom, target: LiveRtpTarget): Promise<LiveRtpForward>;
  /**
   * Makes the origin room's camera watchable in `edge` (a room on another server): the camera
   * appears there as the room's publisher (feed 1), so viewers subscribe to the edge room exactly
   * as to the origin (Janus 1.1's remote publishers: `add_remote_publisher` on the edge,
   * `publish_remotely` on the origin). Again after the camera publishes again (the forward ends
   * with the publisher). Rejects with 'not_publishing' while no camera is up.
   */
  forwardToEdge?(origin: LiveRoom, edge: LiveRoom): Promise<void>;
  /** Closes the connection to the SFU (shutdown). */
  close(): Promise<void>;
}

/**
 * Why a LiveMedia call failed: `unavailable` — the SFU cannot be reached or did not answer in time;
 * `not_publishing` — the room has no camera up yet; `no_peer` — no such relayed peer;
 * `bad_request` — the SFU refused what the caller sent (a malformed or unusable SDP: the caller's
 * mistake, the message says what); `failed` — any other refusal (the SFU's or the API's fault).
 */
export type LiveMediaErrorCode = 'unavailable' | 'not_publishing' | 'no_peer' | 'bad_request' | 'failed';

export class LiveMediaError extends Error {
  constructor(
    readonly code: LiveMediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LiveMediaError';
  }
}
