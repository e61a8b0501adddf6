import { and, eq, sql } from 'drizzle-orm';
import { isUuid, type CreatePollInput, type Poll } from '@stagepass/shared';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import { feeds, pollOptions, polls, pollVotes } from './feeds.tables';
import { feedAccessOne, feedModerationSql } from './feeds.policy';
import { feedColumns, pollView } from './feeds.views';
import type { Db } from '../../db/client';

/** What FeedPolls is built with (by FeedsService, from its own deps). */
export interface FeedPollsDeps {
  db: Db;
}

/** Polls attached to feeds: creating one (before the feed), voting (as the feed's access allows). */
export class FeedPolls {
  constructor(private deps: FeedPollsDeps) {}

  private get db() {
    return this.deps.db;
  }

  async create(owner: UserRow, input: CreatePollInput): Promise<Poll> {
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt.getTime() <= Date.now()) throw fieldError('expiresAt', 'The poll must end in the future');
    const keys = input.options.map((o) => o.toLowerCase());
    if (new Set(keys).size !== keys.length) throw fieldError('options', 'Options must be different from each other');
    const { poll, options } = await this.db.transaction(async (tx) => {
      const [poll] = await tx.insert(polls).values({ performerId: owner.id, question: input.question ?? '', expiresAt }).returning();
      const options = await tx
        .insert(pollOptions)
        .values(input.options.map((text, position) => ({ pollId: poll!.id, text, position })))
        .returning();
      return { poll: poll!, options };
    });
    return pollView(poll, options, null);
  }

  /**
   * Votes for a poll option (`optionId`). The voter must be able to view the feed carrying the
   * poll (hidden → 404, locked → 403); an expired poll → 422; a second vote → 409 (the unique
   * (poll, user) index makes concurrent double votes impossible, the counter moves in the same
   * transaction as the vote row).
   */
  async vote(viewer: UserRow, optionId: string): Promise<Poll> {
    if (!isUuid(optionId)) throw notFound('Poll option not found');
    const [found] = await this.db
      .select({ option: pollOptions, poll: polls, feed: feedColumns })
      .from(pollOptions)
      .innerJoin(polls, eq(polls.id, pollOptions.pollId))
      .innerJoin(feeds, eq(feeds.pollId, polls.id))
      .where(and(eq(pollOptions.id, optionId), feedModerationSql(viewer)))
      .limit(1);
    if (!found) throw notFound('Poll option not found');
    const access = await feedAccessOne(this.db, viewer, found.feed);
    if (!access.visible) throw notFound('Poll option not found');
    if (!access.canView) throw forbidden(found.feed.visibility === 'ppv' ? 'Unlock this feed to vote' : 'Subscribe to vote in this poll');
    if (found.poll.expiresAt.getTime() <= Date.now()) throw unprocessable('This poll has ended');
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(pollVotes)
        .values({ pollId: found.poll.id, userId: viewer.id, optionId })
        .onConflictDoNothing()
        .returning({ pollId: pollVotes.pollId });
      if (inserted.length === 0) throw conflict('You have already voted in this poll');
      await tx.update(pollOptions).set({ votes: sql`${pollOptions.votes} + 1` }).where(eq(pollOptions.id, optionId));
    });
    const options = await this.db.select().from(pollOptions).where(eq(pollOptions.pollId, found.poll.id));
    return pollView(found.poll, options, optionId);
  }
}
