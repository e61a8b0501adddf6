import crypto from 'node:crypto';
import { streams, type StreamRow } from '../src/modules/streaming/streaming.tables';
import type { TestApp } from './harness';

/**
 * A live stream inserted directly (no media provider: tests of the chat, moderation and billing do
 * not need Janus). Public for the creator's followers unless told otherwise; `price` in minor units.
 */
export async function insertLiveStream(t: TestApp, performerId: string, o: Partial<typeof streams.$inferInsert> = {}): Promise<StreamRow> {
  const [row] = await t.ctx.db
    .insert(streams)
    .values({ performerId, type: 'public', access: 'followers', title: 'Live now', provider: 'agora', channel: crypto.randomBytes(16).toString('hex'), ...o })
    .returning();
  return row!;
}
