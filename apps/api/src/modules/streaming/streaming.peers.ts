import type { FastifyBaseLogger } from 'fastify';
import type { LiveMedia } from '../../platform/live/provider';

export interface PeerInfo {
  userId: string;
  streamId: string;
  role: 'publisher' | 'subscriber';
  /** The Janus server holding the peer (its room's): a viewer's presence counts there. */
  server?: string;
}

/**
 * The Janus peers this API node relays (README.md beside this file, "Multi-node"): peer id →
 * whose peer it is, in which stream. In memory, per node: a Janus handle lives on the node whose
 * connection created it (the LiveMedia keeps it there too), so a caller's publish/watch/start/leave
 * must reach the same node — sticky sessions, as socket.io polling already needs. A peer id is
 * random and answered only to its owner; `start` and `leave` check the owner here.
 */
export class LivePeers {
  private readonly peers = new Map<string, PeerInfo>();

  constructor(private deps: { media: LiveMedia | null; log: FastifyBaseLogger }) {}

  add(peerId: string, info: PeerInfo): void {
    this.peers.set(peerId, info);
  }

  /** Whose peer it is, when this node relays it. */
  get(peerId: string): PeerInfo | null {
    return this.peers.get(peerId) ?? null;
  }

  /** The peer when it is `userId`'s in `streamId`, else null. */
  own(peerId: string, userId: string, streamId: string): PeerInfo | null {
    const p = this.peers.get(peerId);
    return p && p.userId === userId && p.streamId === streamId ? p : null;
  }

  /** Drops a peer the SFU already ended (no hangup); answers whose it was, or null when it was not relayed here (or already gone). */
  forget(peerId: string): PeerInfo | null {
    const p = this.peers.get(peerId) ?? null;
    this.peers.delete(peerId);
    return p;
  }

  /** Hangs up one peer (idempotent). */
  async hangup(peerId: string): Promise<void> {
    if (!this.peers.delete(peerId)) return;
    await this.deps.media?.hangup(peerId).catch((err: unknown) => this.deps.log.warn({ err, peerId }, 'live: hangup failed'));
  }

  /** Hangs up the peers of a stream on this node matching `which` (all of them by default); answers what was hung up. */
  async hangupWhere(streamId: string, which: (p: PeerInfo) => boolean = () => true): Promise<PeerInfo[]> {
    const gone: Array<[string, PeerInfo]> = [...this.peers].filter(([, p]) => p.streamId === streamId && which(p));
    await Promise.all(gone.map(([id]) => this.hangup(id)));
    return gone.map(([, p]) => p);
  }

  /** The user's other peers of one role in a stream (a publisher replacing their own camera). */
  idsOf(streamId: string, userId: string, role: PeerInfo['role']): string[] {
    return [...this.peers].filter(([, p]) => p.streamId === streamId && p.userId === userId && p.role === role).map(([id]) => id);
  }
}
