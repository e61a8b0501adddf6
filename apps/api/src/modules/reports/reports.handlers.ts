import { and, asc, eq, sql } from 'drizzle-orm';
import type { Events } from '../../platform/events';
import { users } from '../users/users.tables';
import { reports } from './reports.tables';

/**
 * Upload screening opens a report (media/README.md "Upload screening"): a quarantined upload puts
 * its uploader's account in the Reports queue (target `user`, reason `illegal`), filed in the name
 * of the operator who added the matching blocklist entry — or the first admin account when that
 * one is gone or the external classifier blocked it. One open report per account is enough: a
 * second quarantine while one is open adds nothing (the quarantine screen lists every upload).
 */
export function registerScreeningReports({ events }: { events: Events }): void {
  events.on('media.quarantined', 'reports.screening', async ({ payload: e }, tx) => {
    if (!e.ownerId) return;
    const byAdded = e.reporterId
      ? await tx.select({ id: users.id }).from(users).where(and(eq(users.id, e.reporterId), sql`${users.roles} @> '["admin"]'::jsonb`)).limit(1)
      : [];
    const reporter = byAdded[0] ?? (await tx.select({ id: users.id }).from(users).where(sql`${users.roles} @> '["admin"]'::jsonb`).orderBy(asc(users.createdAt)).limit(1))[0];
    if (!reporter) return;
    const how = e.distance === null ? 'the external classifier' : `blocklist entry “${e.entryLabel || 'unlabelled'}” (${e.distance} bits apart)`;
    await tx
      .insert(reports)
      .values({
        reporterId: reporter.id, target: 'user', targetId: e.ownerId, reason: 'illegal',
        description: `Upload screening quarantined an upload (${e.fileKind}, file ${e.fileId}): it matched ${how}. Decide in Screening.`.slice(0, 1000),
      })
      .onConflictDoNothing();
  });
}
