import type { Events } from '../../platform/events';
import type { StreamingService } from './streaming.service';

/** What the streaming module's event handlers are given (by the composition root, root.ts). */
export interface StreamingHandlersDeps {
  events: Events;
  streaming: Pick<StreamingService, 'separate'>;
}

/**
 * The streaming module's reactions to other modules' events (apps/api/README.md "Domain events").
 *
 * `user.blocked` (recorded by the blocks module in the block's transaction): the two users leave
 * each other's live stream at once, as a ban removes a viewer — media hung up, presence closed (a
 * private show between them ends), sockets out of `stream:<id>`, 'stream/kicked' sent. A side
 * effect (sockets, Janus), so at least once: removing someone already gone changes nothing.
 */
export function registerStreamingHandlers({ events, streaming }: StreamingHandlersDeps): void {
  events.onSideEffect('user.blocked', 'streaming.block-leaves-live', async ({ payload: e }) => {
    await streaming.separate(e.blockerId, e.targetId);
  });
}
