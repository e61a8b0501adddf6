import type { Events } from '../../platform/events';
import type { PlannedStreamsService } from './planned-streams.service';

/**
 * `stream.started` (recorded by the streams service when a creator goes live): the plan nearest to
 * that moment, within the grace either side, becomes `started` (README "Planned streams"). In the
 * handler's transaction, exactly once.
 */
export function registerPlannedStreamHandlers({ events, planned }: { events: Events; planned: Pick<PlannedStreamsService, 'markStarted'> }): void {
  events.on('stream.started', 'streaming.planned-started', async ({ payload: e }, tx) => {
    await planned.markStarted(tx, e.performerId, e.streamId);
  });
}
