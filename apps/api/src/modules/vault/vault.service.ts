import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { VaultFolder, VaultItem, VaultQuery } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { conflict, fieldError, notFound, sqlState } from '../../platform/errors';
import type { MediaService } from '../media/media.service';
import { files, type FileRow } from '../media/media.tables';
import type { UserRow } from '../users/users.tables';
import { feeds } from '../feeds/feeds.tables';
import { massMessages, messages } from '../messages/messages.tables';
import { videos } from '../videos/videos.tables';
import { photos } from '../galleries/galleries.tables';
import { vaultEntries, vaultFolders, type VaultFolderRow } from './vault.tables';
import { containsPattern } from '../../db/like';

/** Where a file is used: posts, messages, videos (as its video, teaser or thumbnail), gallery photos. */
type Usage = { feeds: number; messages: number; videos: number; photos: number };

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * The creator's vault (README.md beside this file): every media file they uploaded — the rows of
 * `files` they own that went through the media pipeline — with a caption and a folder, reusable in
 * posts and messages by id (no new upload). A file in use cannot be deleted.
 */
export class VaultService {
  constructor(private deps: { db: Db; media: MediaService }) {}

  private get db(): Db {
    return this.deps.db;
  }

  async list(performer: UserRow, q: VaultQuery): Promise<{ data: VaultItem[]; total: number }> {
    const conds: SQL[] = [eq(files.ownerId, performer.id), isNotNull(files.mediaType)];
    if (q.type) conds.push(eq(files.mediaType, q.type));
    if (q.folderId === 'none') conds.push(isNull(vaultEntries.folderId));
    else if (q.folderId) conds.push(eq(vaultEntries.folderId, q.folderId));
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(vaultEntries.caption, like), ilike(files.originalName, like))!);
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ file: files, caption: vaultEntries.caption, folderId: vaultEntries.folderId })
        .from(files)
        .leftJoin(vaultEntries, eq(vaultEntries.fileId, files.id))
        .where(where)
        .orderBy(q.sort === 'asc' ? files.createdAt : desc(files.createdAt), desc(files.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(files).leftJoin(vaultEntries, eq(vaultEntries.fileId, files.id)).where(where),
    ]);
    const usage = await this.usage(performer.id, rows.map((r) => r.file.id));
    return { data: rows.map((r) => this.view(r.file, r.caption, r.folderId, usage.get(r.file.id))), total: Number(total?.n ?? 0) };
  }

  async update(performer: UserRow, fileId: string, input: { caption?: string; folderId?: string | null }): Promise<VaultItem> {
    const file = await this.ownFile(performer, fileId);
    if (input.folderId) await this.ownFolder(performer, input.folderId).catch(() => { throw fieldError('folderId', 'Folder not found'); });
    const set = { ...(input.caption !== undefined ? { caption: input.caption } : {}), ...(input.folderId !== undefined ? { folderId: input.folderId } : {}), updatedAt: new Date() };
    const [entry] = await this.db
      .insert(vaultEntries)
      .values({ fileId: file.id, performerId: performer.id, caption: input.caption ?? '', folderId: input.folderId ?? null })
      .onConflictDoUpdate({ target: vaultEntries.fileId, set })
      .returning();
    const usage = await this.usage(performer.id, [file.id]);
    return this.view(file, entry!.caption, entry!.folderId, usage.get(file.id));
  }

  /** Deletes an own file nobody's post or message uses (409 naming the uses otherwise). */
  async remove(performer: UserRow, fileId: string): Promise<void> {
    const file = await this.ownFile(performer, fileId);
    const used = (await this.usage(performer.id, [file.id])).get(file.id);
    if (used && (used.feeds || used.messages || used.videos || used.photos)) {
      const parts = [used.feeds ? `${used.feeds} post${used.feeds > 1 ? 's' : ''}` : '', used.messages ? `${used.messages} message${used.messages > 1 ? 's' : ''}` : '', used.videos ? `${used.videos} video${used.videos > 1 ? 's' : ''}` : '', used.photos ? `${used.photos} gallery photo${used.photos > 1 ? 's' : ''}` : ''].filter(Boolean);
      throw conflict(`This file is used in ${parts.join(' and ')}: remove it from them first (buyers keep what they paid for)`);
    }
    await this.deps.media.remove(file);
  }

  /** Posts, messages (a mass message counts once) videos and gallery photos of the creator that use each file: four grouped queries. */
  private async usage(performerId: string, ids: string[]): Promise<Map<string, Usage>> {
    const out = new Map<string, Usage>();
    if (!ids.length) return out;
    const inIds = idList(ids);
    const [f, m, v, p] = await Promise.all([
      this.db.execute<{ fid: string; n: string | number }>(sql`
        select x.fid, count(distinct ${feeds.id}) as n from ${feeds}
        cross join lateral (select jsonb_array_elements_text(${feeds.fileIds}) as fid union all select ${feeds.teaserFileId}::text union all select ${feeds.thumbnailFileId}::text) x
        where ${feeds.performerId} = ${performerId} and x.fid in (${inIds})
        group by x.fid`),
      this.db.execute<{ fid: string; n: string | number }>(sql`
        select x.fid, count(*) as n from (
          select jsonb_array_elements_text(${messages.fileIds}) as fid from ${messages}
            where ${messages.senderId} = ${performerId} and ${messages.fileIds} <> '[]'::jsonb and ${messages.deletedAt} is null and ${messages.massMessageId} is null
          union all
          select jsonb_array_elements_text(${massMessages.fileIds}) as fid from ${massMessages}
            where ${massMessages.performerId} = ${performerId} and ${massMessages.fileIds} <> '[]'::jsonb
        ) x where x.fid in (${inIds}) group by x.fid`),
      this.db.execute<{ fid: string; n: string | number }>(sql`
        select x.fid, count(distinct ${videos.id}) as n from ${videos}
        cross join lateral (select ${videos.fileId}::text as fid union all select ${videos.teaserFileId}::text union all select ${videos.thumbnailFileId}::text) x
        where ${videos.performerId} = ${performerId} and x.fid in (${inIds})
        group by x.fid`),
      // photos_file_idx
      this.db.select({ fid: photos.fileId, n: count() }).from(photos).where(and(eq(photos.performerId, performerId), inArray(photos.fileId, ids))).groupBy(photos.fileId),
    ]);
    for (const id of ids) out.set(id, { feeds: 0, messages: 0, videos: 0, photos: 0 });
    for (const r of f.rows) out.get(String(r.fid))!.feeds = Number(r.n);
    for (const r of m.rows) out.get(String(r.fid))!.messages = Number(r.n);
    for (const r of v.rows) out.get(String(r.fid))!.videos = Number(r.n);
    for (const r of p) out.get(r.fid)!.photos = Number(r.n);
    return out;
  }

  private view(file: FileRow, caption: string | null, folderId: string | null, used?: Usage): VaultItem {
    return {
      _id: file.id,
      file: this.deps.media.ownerFileView(file),
      caption: caption ?? '',
      folderId: folderId ?? null,
      usedIn: used ?? { feeds: 0, messages: 0, videos: 0, photos: 0 },
      createdAt: file.createdAt.toISOString(),
    };
  }

  private async ownFile(performer: UserRow, id: string): Promise<FileRow> {
    const f = await this.deps.media.byId(id);
    if (!f || f.ownerId !== performer.id || !f.mediaType) throw notFound('File not found');
    return f;
  }

  // ------------------------------------------------------------------------ folders

  async folders(performer: UserRow): Promise<VaultFolder[]> {
    const rows = await this.db
      .select({ f: vaultFolders, n: sql<number>`(select count(*) from ${vaultEntries} where ${vaultEntries.folderId} = ${vaultFolders.id})`.mapWith(Number) })
      .from(vaultFolders)
      .where(eq(vaultFolders.performerId, performer.id))
      .orderBy(sql`lower(${vaultFolders.name})`);
    return rows.map((r) => this.folderView(r.f, r.n));
  }

  async createFolder(performer: UserRow, name: string): Promise<VaultFolder> {
    return this.uniqueName(async () => {
      const [row] = await this.db.insert(vaultFolders).values({ performerId: performer.id, name }).returning();
      return this.folderView(row!, 0);
    });
  }

  async renameFolder(performer: UserRow, id: string, name: string): Promise<VaultFolder> {
    await this.ownFolder(performer, id);
    return this.uniqueName(async () => {
      const [row] = await this.db.update(vaultFolders).set({ name }).where(eq(vaultFolders.id, id)).returning();
      const [n] = await this.db.select({ n: count() }).from(vaultEntries).where(eq(vaultEntries.folderId, id));
      return this.folderView(row!, Number(n?.n ?? 0));
    });
  }

  async removeFolder(performer: UserRow, id: string): Promise<void> {
    await this.ownFolder(performer, id);
    await this.db.delete(vaultFolders).where(eq(vaultFolders.id, id));
  }

  private async uniqueName<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (sqlState(err) === '23505') throw conflict('You already have a folder with this name', [{ field: 'name', message: 'Already used' }]);
      throw err;
    }
  }

  private async ownFolder(performer: UserRow, id: string): Promise<VaultFolderRow> {
    const [row] = await this.db.select().from(vaultFolders).where(and(eq(vaultFolders.id, id), eq(vaultFolders.performerId, performer.id)));
    if (!row) throw notFound('Folder not found');
    return row;
  }

  private folderView(f: VaultFolderRow, total: number): VaultFolder {
    return { _id: f.id, name: f.name, total, createdAt: f.createdAt.toISOString() };
  }
}
