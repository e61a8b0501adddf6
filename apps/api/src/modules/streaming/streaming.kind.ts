import { eq } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import { forbidden, notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { streams } from './streaming.tables';
import { entitlement } from './streaming.policy';
import { BANNED_MESSAGE } from './streaming.access';
import type { StreamChatService } from './stream-chat.service';

/**
 * The `stream` content kind (platform/content-kinds.ts): `load` by THE entitlement rule (hidden →
 * null; known but not entitled → canView false), `sale` of group tickets (POST
 * /wallet/charges/stream/{id}: one per fan and stream — the wallet's `purchases` row, which the
 * policy reads), and the `tip` hook of tips sent in a stream (the stream chat records the tip
 * message and the goal, in the tip's transaction).
 */
export function streamKind({ chat }: { chat: Pick<StreamChatService, 'recordTip'> }): ContentKindProvider {
  return {
    kind: 'stream',

    async load(db, viewer, id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(streams).where(eq(streams.id, id));
      if (!row) return null;
      const e = await entitlement(db, viewer, row);
      if (!e.entitled && e.status === 404) return null;
      return { id: row.id, ownerId: row.performerId, canView: e.entitled };
    },

    /** A live group stream's ticket; the row is share-locked for the charge's transaction. Private or ended → 404; public → 422. */
    async sale(tx, buyer, id) {
      if (!isUuid(id)) throw notFound('Stream not found');
      const [row] = await tx.select().from(streams).where(eq(streams.id, id)).for('share');
      if (!row || row.type === 'private' || row.status !== 'live') throw notFound('Stream not found');
      const e = await entitlement(tx, buyer, row);
      if (!e.entitled && e.status === 404) throw notFound('Stream not found');
      if (!e.entitled && e.status === 403 && e.need === null) throw forbidden(BANNED_MESSAGE);
      if (row.type === 'public') throw unprocessable('This stream is free');
      if (row.performerId === buyer.id) throw unprocessable('You cannot buy a ticket to your own stream');
      if (!row.price) throw unprocessable('This stream has no ticket price');
      return { itemId: row.id, performerId: row.performerId, price: row.price, description: `Ticket: ${row.title.slice(0, 60)}` };
    },

    async tip(tx, tipper, id, t) {
      await chat.recordTip(tx, { streamId: id, userId: tipper.id, performerId: t.performerId, amount: t.amount, message: t.menuItem ? `Ordered ${t.menuItem}` : t.message, chargeId: t.chargeId, menuItem: t.menuItem });
    },
  };
}
