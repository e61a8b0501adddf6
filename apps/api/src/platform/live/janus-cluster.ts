/**
 * Several Janus servers as one `LiveMedia` (README.md beside this file, "Several Janus servers"):
 * one `JanusMedia` per JANUS_URL entry. Rooms name their server (`LiveRoom.server`): room calls go
 * to that server's JanusMedia, peer calls to the JanusMedia holding the peer, and the listeners
 * hear every server. `forwardToEdge` makes a room's camera watchable in a room of another server
 * (Janus 1.1's remote publishers).
 */
import type { Config } from '../../config';
import { JanusMedia, forwardBetween, type JanusMediaOptions, type Log } from './janus';
import { LiveMediaError, type Jsep, type LiveMedia, type LivePeer, type LivePeerClosed, type LivePublisherMedia, type LiveRoom, type LiveRtpForward, type LiveRtpTarget } from './provider';

export class JanusCluster implements LiveMedia {
  readonly name = 'janus' as const;

  constructor(
    readonly members: JanusMedia[],
    private readonly recordings: string | null = null,
  ) {
    if (members.length === 0) throw new Error('a Janus cluster needs at least one server');
    const urls = members.map((m) => m.servers()[0]!);
    if (new Set(urls).size !== urls.length) throw new Error(`JANUS_URL lists a server twice (${urls.join(', ')})`);
  }

  get recordingsDir(): string | null {
    return this.recordings;
  }

  /** Connects every server (the factory calls it at boot, without waiting); answers once each is connected or failed. */
  async connect(): Promise<void> {
    await Promise.all(this.members.map((m) => m.connect()));
  }

  /** At least one server answers. */
  available(): boolean {
    // Each member's available() also starts a reconnection when it is idle.
    return this.members.map((m) => m.available()).some(Boolean);
  }

  servers(): string[] {
    return this.members.map((m) => m.servers()[0]!);
  }

  serverAvailable(server: string): boolean {
    return this.members.find((m) => m.servers()[0] === server)?.available() ?? false;
  }

  /** The JanusMedia of `server` (an entry of JANUS_URL). */
  member(server: string): JanusMedia {
    const m = this.members.find((x) => x.servers()[0] === server);
    if (!m) throw new LiveMediaError('failed', `unknown live video server ${server}`);
    return m;
  }

  private holder(peerId: string): JanusMedia | null {
    return this.members.find((m) => m.hasPeer(peerId)) ?? null;
  }

  /** Each server's load from this node (platform/metrics.ts: `stagepass_janus_peers`, `stagepass_janus_up`). */
  load(): Array<ReturnType<JanusMedia['load']>> {
    return this.members.map((m) => m.load());
  }

  /** Peers relayed by this node, every server. */
  peerCount(): number {
    return this.members.reduce((n, m) => n + m.peerCount(), 0);
  }

  async createRoom(opts: { streamId: string; description: string; maxViewers: number; server?: string }): Promise<LiveRoom> {
    const server = opts.server ?? this.servers()[0]!;
    return this.member(server).createRoom({ ...opts, server });
  }

  async destroyRoom(room: LiveRoom): Promise<void> {
    return this.member(room.server).destroyRoom(room);
  }

  async publish(room: LiveRoom, opts: { userId: string; display: string; offer: Jsep; record?: string }): Promise<LivePeer & { answer: Jsep }> {
    return this.member(room.server).publish(room, opts);
  }

  async subscribe(room: LiveRoom, opts: { userId: string }): Promise<LivePeer & { offer: Jsep }> {
    return this.member(room.server).subscribe(room, opts);
  }

  async start(peerId: string, answer: Jsep): Promise<void> {
    const m = this.holder(peerId);
    if (!m) throw new LiveMediaError('no_peer', 'No such peer');
    await m.start(peerId, answer);
  }

  async hangup(peerId: string): Promise<void> {
    await this.holder(peerId)?.hangup(peerId);
  }

  onPeerClosed(listener: (e: LivePeerClosed) => void): () => void {
    const offs = this.members.map((m) => m.onPeerClosed(listener));
    return () => offs.forEach((off) => off());
  }

  onPublisherMedia(listener: (e: LivePublisherMedia) => void): () => void {
    const offs = this.members.map((m) => m.onPublisherMedia(listener));
    return () => offs.forEach((off) => off());
  }

  async forwardRtp(room: LiveRoom, target: LiveRtpTarget): Promise<LiveRtpForward> {
    return this.member(room.server).forwardRtp(room, target);
  }

  async forwardToEdge(origin: LiveRoom, edge: LiveRoom): Promise<void> {
    return forwardBetween(this.member(origin.server), origin, this.member(edge.server), edge);
  }

  async close(): Promise<void> {
    await Promise.all(this.members.map((m) => m.close()));
  }
}

/**
 * The servers of JANUS_URL (comma-separated) with their secrets: JANUS_API_SECRET and
 * JANUS_ADMIN_KEY are one value for every server, or a comma list aligned with the URLs.
 */
export function janusServers(config: { JANUS_URL: string; JANUS_API_SECRET?: string; JANUS_ADMIN_KEY?: string }): Array<Pick<JanusMediaOptions, 'url' | 'apiSecret' | 'adminKey'>> {
  const urls = config.JANUS_URL.split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length <= 1) return [{ url: urls[0] ?? config.JANUS_URL, apiSecret: config.JANUS_API_SECRET, adminKey: config.JANUS_ADMIN_KEY }];
  const aligned = (name: string, v: string | undefined): Array<string | undefined> => {
    if (v === undefined) return urls.map(() => undefined);
    const parts = v.split(',').map((p) => p.trim());
    if (parts.length === 1) return urls.map(() => parts[0]);
    if (parts.length !== urls.length) throw new Error(`${name} lists ${parts.length} values for the ${urls.length} servers of JANUS_URL: give one for all, or one per server in the same order`);
    return parts;
  };
  const secrets = aligned('JANUS_API_SECRET', config.JANUS_API_SECRET);
  const keys = aligned('JANUS_ADMIN_KEY', config.JANUS_ADMIN_KEY);
  return urls.map((url, i) => ({ url, apiSecret: secrets[i], adminKey: keys[i] }));
}

/**
 * The live media of this API node: the Janus servers of JANUS_URL (connecting in the background;
 * one JanusMedia per server, a cluster of one for a single URL), else none. Recordings go to
 * JANUS_RECORDINGS_DIR whichever server records: servers on this machine share it.
 */
export function createLiveMedia(config: Pick<Config, 'JANUS_URL' | 'JANUS_API_SECRET' | 'JANUS_ADMIN_KEY' | 'JANUS_RECORDINGS_DIR'>, log: Log): JanusCluster | null {
  if (!config.JANUS_URL) {
    log.info('live video through Janus is off: JANUS_URL is not set');
    return null;
  }
  const members = janusServers({ ...config, JANUS_URL: config.JANUS_URL }).map((s) => new JanusMedia({ ...s, recordingsDir: config.JANUS_RECORDINGS_DIR, log }));
  const media = new JanusCluster(members, config.JANUS_RECORDINGS_DIR ?? null);
  void media.connect();
  return media;
}
