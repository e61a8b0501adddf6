import type { Db, DbOrTx } from '../../db/client';
import type { CreatorProfileWriter } from '../auth/accounts';
import { performerProfiles } from './performers.tables';

/** What PerformerProfiles is built with (by the composition root, root.ts). */
export interface PerformerProfilesDeps {
  db: Db;
}

/**
 * Creating a creator's profile row when their account is made (registration, social sign-in) —
 * the performers module's write that auth asks for. Built before AuthService, which
 * PerformersService itself depends on (auth knows it as the CreatorProfileWriter it declares);
 * runs in the caller's transaction.
 */
export class PerformerProfiles implements CreatorProfileWriter {
  constructor(private deps: PerformerProfilesDeps) {}

  async create(userId: string, o: { orientation?: string | null; dateOfBirth?: string | null } = {}, tx: DbOrTx = this.deps.db): Promise<void> {
    await tx.insert(performerProfiles).values({ userId, orientation: o.orientation ?? null, dateOfBirth: o.dateOfBirth ?? null });
  }
}
