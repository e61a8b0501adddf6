import { MESSAGES, toMinor, isUuid } from '@stagepass/shared';
import { fieldError, forbidden } from '../../platform/errors';
import type { MediaService } from '../media/media.service';
import type { FileRow } from '../media/media.tables';
import type { SettingsService } from '../settings/settings.service';
import type { UserRow } from '../users/users.tables';
import type { SellerGate } from '../performers/performers.policy';

/** The id inside a file URL this API answered (`…/files/<visibility>/<kind>/<id>/…`). */
export function fileIdOfUrl(url: string): string {
  const m = /\/files\/(?:public|private)\/[a-z0-9-]+\/([0-9a-f-]{36})\//i.exec(url);
  if (!m || !isUuid(m[1])) throw fieldError('imageUrl', 'Not a photo uploaded for a message');
  return m[1]!;
}

/**
 * What goes into a message or a mass message: the sender's own media files and a price (README
 * "Paid media"). One place for both senders.
 */
export class MessageMediaChecks {
  /** `sellers`: THE selling rule (performers.policy.ts): paid media needs a verified creator. */
  constructor(private deps: { media: MediaService; settings: SettingsService; sellers: Pick<SellerGate, 'assertCanSell'> }) {}

  /** The sender's media files and the price (minor units, or null), checked (README: paid media). */
  async prepare(sender: UserRow, fileIds: string[], price: number | undefined): Promise<{ files: FileRow[]; price: number | null }> {
    const files = await this.ownMedia(sender, [...new Set(fileIds)]);
    return { files, price: await this.checkPrice(sender, price, files) };
  }

  /** The sender's own media files (feeds, messages, vault), ready or processing; anything else is a 400. */
  private async ownMedia(sender: UserRow, ids: string[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    const rows = await this.deps.media.byIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: FileRow[] = [];
    for (const id of ids) {
      const f = byId.get(id);
      if (!f || f.ownerId !== sender.id || !f.mediaType) throw fieldError('fileIds', 'File not found');
      if (f.status === 'failed') throw fieldError('fileIds', 'This file could not be processed');
      out.push(f);
    }
    return out;
  }

  /** A price is for creators, with media, private media only, within the site's limits. Minor units or null. */
  private async checkPrice(sender: UserRow, price: number | undefined, files: FileRow[]): Promise<number | null> {
    if (price === undefined || price === 0) return null;
    if (!sender.isPerformer) throw forbidden('Only creators can sell media in messages');
    if (!files.length) throw fieldError('price', 'Attach the media you sell');
    if (files.some((f) => f.visibility !== 'private')) throw fieldError('fileIds', 'Paid media must be private uploads');
    const [min, max] = await Promise.all([this.deps.settings.get('minimumMessagePrice'), this.deps.settings.get('maximumMessagePrice')]);
    if (price < min || price > max) throw fieldError('price', MESSAGES.amountOutOfRange('price', min, max));
    await this.deps.sellers.assertCanSell(sender.id);
    return toMinor(price);
  }
}
