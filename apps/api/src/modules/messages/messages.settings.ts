import { eq } from 'drizzle-orm';
import { fromMinor, toMinor, type MessagingSettings } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../users/users.tables';
import { messagingSettings } from './messages.tables';

/** A creator's messaging settings (who may start a conversation, a tip to open one); read by messages.policy.ts. */
export class MessagingSettingsService {
  constructor(private deps: { db: Db }) {}

  private get db(): Db {
    return this.deps.db;
  }

  async settingsOf(performerId: string): Promise<MessagingSettings> {
    const [row] = await this.db.select().from(messagingSettings).where(eq(messagingSettings.performerId, performerId));
    return { whoCanMessage: row?.whoCanMessage ?? 'followers', tipToOpen: fromMinor(row?.tipToOpen ?? 0) };
  }

  async saveSettings(performer: UserRow, input: MessagingSettings): Promise<MessagingSettings> {
    const values = { whoCanMessage: input.whoCanMessage, tipToOpen: toMinor(input.tipToOpen) };
    await this.db.insert(messagingSettings).values({ performerId: performer.id, ...values }).onConflictDoUpdate({ target: messagingSettings.performerId, set: values });
    return this.settingsOf(performer.id);
  }
}
