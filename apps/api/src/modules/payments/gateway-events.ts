import type { Db, Tx } from '../../db/client';
import type { GatewayEvent } from '../../platform/payments/gateway';
import { webhookEvents, type GatewayName } from './payments.tables';

/**
 * One gateway event, applied exactly once: its id goes into `webhook_events` (insert … on conflict
 * do nothing) in the same database transaction as its effect (`apply`). A replay — or a second
 * delivery at the same moment, which waits on the primary key — finds the id taken and changes
 * nothing (`duplicate`). `apply` throwing rolls both back. Stripe's webhooks come through here
 * (stripe.webhooks.ts), and so do the sandbox's simulated events (disputes), so both gateways'
 * events take the same path.
 */
export async function processGatewayEvent(db: Db, gateway: GatewayName, event: GatewayEvent, apply: (tx: Tx) => Promise<void>): Promise<{ duplicate: boolean }> {
  const fresh = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, gateway, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return false;
    await apply(tx);
    return true;
  });
  return { duplicate: !fresh };
}
