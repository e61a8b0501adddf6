import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { files } from '../modules/media/media.tables';
import { subscriptions } from '../modules/subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../modules/subscriptions/subscriptions.policy';
import { autoMessageSends, autoMessages } from '../modules/messages/auto.tables';
import { messages } from '../modules/messages/messages.tables';

/**
 * Automatic messages (issue 31 §1, messages README "Automatic messages"): Luna has a paid welcome
 * message (a photo from her vault, $3.99) and a "we miss you" message 5 days after a subscription
 * ends. A few of her current subscribers got the welcome message (through the handler's own path,
 * once each); one read it and, on the sandbox gateway, bought it — so her page has figures.
 * Once: skipped when Luna has set either message.
 */
export async function seedAutoMessages(ctx: Root, o: { luna: UserRow; fan: UserRow | null; sandbox: boolean }) {
  const [has] = await ctx.db.select({ k: autoMessages.kind }).from(autoMessages).where(eq(autoMessages.performerId, o.luna.id)).limit(1);
  if (has) return;
  const [photo] = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, o.luna.id), eq(files.mediaType, 'image'), eq(files.visibility, 'private'), inArray(files.status, ['ready', 'processing', 'uploaded'])))
    .orderBy(asc(files.createdAt))
    .limit(1);
  await ctx.autoMessages.update(o.luna, 'welcome', {
    enabled: true, text: 'Welcome to my page! 🌙 Here is a photo from my last shoot, just for new fans.', fileIds: photo ? [photo.id] : [], ...(photo ? { price: 3.99 } : {}), toFollowers: false,
  });
  await ctx.autoMessages.update(o.luna, 'miss-you', { enabled: true, text: 'I miss you! New sets are up every week — come back any time.', fileIds: [], afterDays: 5 });
  // Four of her subscribers (not the demo fan, whose inbox other pages show) got the welcome message
  // through the handler's own path; the first read it and, on the sandbox gateway, bought it.
  const subs = await ctx.db
    .select({ userId: subscriptions.userId, cardId: subscriptions.cardId })
    .from(subscriptions)
    .where(and(eq(subscriptions.performerId, o.luna.id), grantsAccessSql(ctx.clock.now()), ...(o.fan ? [ne(subscriptions.userId, o.fan.id)] : [])))
    .orderBy(asc(subscriptions.createdAt))
    .limit(4);
  for (const s of subs) await ctx.db.transaction((tx) => ctx.autoMessages.onSubscribed(tx, o.luna.id, s.userId));
  const first = subs[0];
  if (!first) return;
  const [copy] = await ctx.db
    .select({ messageId: messages.id, conversationId: messages.conversationId })
    .from(autoMessageSends)
    .innerJoin(messages, eq(messages.id, autoMessageSends.messageId))
    .where(and(eq(autoMessageSends.performerId, o.luna.id), eq(autoMessageSends.fanId, first.userId), eq(autoMessageSends.kind, 'welcome')));
  const [reader] = await ctx.db.select().from(users).where(eq(users.id, first.userId));
  if (!copy || !reader) return;
  await ctx.messages.readAll(reader, copy.conversationId);
  if (o.sandbox && photo && first.cardId) {
    await ctx.payments.topUp(reader, { amount: 10 }, 'demo-seed-welcome-message');
    await ctx.wallet.charge(reader, 'message', copy.messageId, {}, 'demo-seed-welcome-message', '{}', { requestCountry: null });
  }
}
