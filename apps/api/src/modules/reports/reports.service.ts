import { and, eq } from 'drizzle-orm';
import { type CreateReportInput, type Report, type ReportStatus, type ReportTarget } from '@stagepass/shared';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../users/users.tables';
import type { ContentItem, ContentKinds } from '../../platform/content-kinds';
import type { DbOrTx } from '../../db/client';
import { reports, type ReportRow } from './reports.tables';
import type { Db } from '../../db/client';
import type { UsersService } from '../users/users.service';

/** Any active account (reports about a user). */
async function activeUser(db: DbOrTx, id: string): Promise<ContentItem | null> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.status, 'active'))).limit(1);
  return u ? { id: u.id, ownerId: u.id, canView: true } : null;
}

/** What ReportsService is built with (by the composition root, root.ts). */
export interface ReportsDeps {
  contentKinds: ContentKinds;
  db: Db;
  users: UsersService;
}

/** Users' reports (the operator's queue: report-queue.service.ts). Rules: README.md beside this file. */
export class ReportsService {
  constructor(private deps: ReportsDeps) {}

  async create(reporter: UserRow, input: CreateReportInput): Promise<Report> {
    // Accounts and the content kinds registered (platform/content-kinds.ts) are checked (must
    // exist and be visible to the reporter: 404 otherwise); other kinds (videos, galleries, …
    // until their modules exist) are stored as given.
    const kind = input.target === 'user' ? null : this.deps.contentKinds.get(input.target);
    if (input.target === 'user' || kind) {
      const found = kind ? await kind.load(this.deps.db, reporter, input.targetId) : await activeUser(this.deps.db, input.targetId);
      if (!found) throw notFound('Nothing to report here');
      if ((input.target === 'performer' || input.target === 'user') && found.id === reporter.id) throw unprocessable('You cannot report yourself');
    }
    try {
      const [row] = await this.deps.db
        .insert(reports)
        .values({ reporterId: reporter.id, target: input.target, targetId: input.targetId, reason: input.reason, description: input.description ?? '' })
        .returning();
      return this.toReport(row!, reporter);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('You have already reported this; the team is looking into it');
      throw err;
    }
  }

  toReport(r: ReportRow, reporter: UserRow | null): Report {
    return {
      _id: r.id, target: r.target as ReportTarget, targetId: r.targetId, reason: r.reason as Report['reason'], description: r.description,
      status: r.status as ReportStatus, reporterId: r.reporterId, reporter: reporter ? this.deps.users.card(reporter) : null,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    };
  }
}
