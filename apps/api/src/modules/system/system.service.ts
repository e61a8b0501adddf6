import type { FastifyBaseLogger } from 'fastify';
import type { BackupRun, Backups, FailedJob, FailedJobsQuery, QueueStats, StorageUse, SystemInfo } from '@stagepass/shared';
import { migrationState, type Database, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { JobRecord, Queue } from '../../platform/queue';
import type { Storage } from '../../platform/storage';
import type { BackupArchives } from '../backup/backup.archives';
import type { MediaService } from '../media/media.service';
import { summariseJobData } from './job-summary';
import type { NodeRegistry } from './system.nodes';

/** The queue of backups asked for in the console (run on a node that works jobs: the API itself on the embedded database). */
export const BACKUP_JOB = 'system.backup';
/** Backup runs listed beside the kept backups. */
const RUNS_LISTED = 10;

export interface SystemServiceDeps {
  db: Db;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  queue: Queue;
  storage: Storage;
  media: Pick<MediaService, 'storageUse'>;
  backups: BackupArchives;
  nodes: NodeRegistry;
  version: string;
  commit: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function failedJobView(j: JobRecord): FailedJob {
  return { _id: j.id, queue: j.name, summary: summariseJobData(j.data), error: j.error ?? 'Failed', attempts: j.attempts, createdAt: j.createdAt.toISOString(), failedAt: iso(j.completedAt) };
}

/**
 * The console's System section (README.md beside this file): reads the queue platform, the media
 * service, storage, the node registry and the kept backups; every write an operator makes here is
 * audited.
 */
export class SystemService {
  constructor(private deps: SystemServiceDeps) {}

  /** Backups asked for in the console run as a job (one attempt: the operator runs another or retries it). */
  defineJobs(): void {
    this.deps.queue.define<{ requestedBy: string }>({
      name: BACKUP_JOB,
      retryLimit: 0,
      retryDelaySeconds: 60,
      expireInSeconds: 3600,
      handler: async () => {
        const file = await this.deps.backups.write();
        this.deps.log.info({ backup: file.name, bytes: file.bytes, files: file.files }, 'backup written');
      },
    });
  }

  async info(): Promise<SystemInfo> {
    const now = this.deps.clock.now();
    const [migrations, nodes] = await Promise.all([migrationState(this.deps.db), this.deps.nodes.alive()]);
    return {
      version: this.deps.version,
      commit: this.deps.commit,
      node: process.version,
      database: this.deps.database.kind,
      storage: this.deps.storage.driver,
      startedAt: this.deps.nodes.started.toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - this.deps.nodes.started.getTime()) / 1000)),
      migrations: { applied: migrations.applied.length, pending: migrations.pending, newest: migrations.applied.at(-1) ?? null, list: [...migrations.applied].reverse() },
      nodes: nodes.map((n) => ({
        _id: n.id, role: n.role, host: n.host, pid: n.pid, version: n.version, commit: n.commit, sockets: n.id === this.deps.nodes.id ? this.deps.nodes.sockets() : n.sockets,
        startedAt: n.startedAt.toISOString(), lastSeenAt: n.lastSeenAt.toISOString(), current: n.id === this.deps.nodes.id,
      })),
      heartbeatSeconds: Math.round(this.deps.nodes.everyMs / 1000),
    };
  }

  async queues(): Promise<QueueStats> {
    const now = this.deps.clock.now().getTime();
    const counts = await this.deps.queue.counts();
    return {
      queues: counts.map((c) => ({
        name: c.name, backlog: c.backlog, retrying: c.retrying, active: c.active, failed: c.failed,
        oldestQueuedAt: iso(c.oldestQueuedAt),
        oldestAgeSeconds: c.oldestQueuedAt ? Math.max(0, Math.floor((now - c.oldestQueuedAt.getTime()) / 1000)) : null,
      })),
    };
  }

  async failedJobs(q: FailedJobsQuery): Promise<{ data: FailedJob[]; total: number }> {
    const page = await this.deps.queue.failedJobs({ name: q.queue, offset: q.offset, limit: q.limit });
    return { data: page.data.map(failedJobView), total: page.total };
  }

  /** One more attempt for a failed job; audited (`system.job-retry`). */
  async retryJob(actor: AuditActor, queue: string, id: string): Promise<FailedJob> {
    const job = await this.deps.queue.retryFailed(queue, id);
    if (!job) throw notFound('No failed job of that queue has this id');
    await this.deps.db.transaction((tx) => recordAudit(tx, actor, { action: 'system.job-retry', targetType: 'job', targetId: id, before: { queue, state: 'failed', error: job.error, attempts: job.attempts }, after: { state: 'retry' } }));
    return failedJobView(job);
  }

  /** Deletes a failed job; audited (`system.job-discard`). */
  async discardJob(actor: AuditActor, queue: string, id: string): Promise<FailedJob> {
    const job = await this.deps.queue.discardFailed(queue, id);
    if (!job) throw notFound('No failed job of that queue has this id');
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, actor, { action: 'system.job-discard', targetType: 'job', targetId: id, before: { queue, state: 'failed', error: job.error, data: summariseJobData(job.data) }, after: null }),
    );
    return failedJobView(job);
  }

  async storageUse(): Promise<StorageUse> {
    const [files, backend] = await Promise.all([this.deps.media.storageUse(), this.deps.storage.usage()]);
    return {
      files,
      totals: { count: files.reduce((n, f) => n + f.count, 0), bytes: files.reduce((n, f) => n + f.bytes, 0) },
      backend,
    };
  }

  async backups(): Promise<Backups> {
    const [backups, runs] = await Promise.all([
      this.deps.backups.list(),
      this.deps.queue.recentJobs(BACKUP_JOB, ['created', 'retry', 'active', 'failed'], RUNS_LISTED),
    ]);
    return { supported: this.deps.backups.supported, guidance: this.deps.backups.guidance, backups, runs: runs.map(runView) };
  }

  /** Queues a backup; 409 while one waits or runs, 422 on PostgreSQL. Audited (`backup.run`). */
  async runBackup(actor: AuditActor): Promise<BackupRun> {
    if (!this.deps.backups.supported) throw unprocessable(this.deps.backups.guidance!);
    const busy = await this.deps.queue.recentJobs(BACKUP_JOB, ['created', 'retry', 'active'], 1);
    if (busy.length) throw conflict('A backup is already queued or running');
    const id = await this.deps.queue.send(BACKUP_JOB, { requestedBy: actor.actorId });
    if (!id) throw conflict('A backup is already queued or running');
    await this.deps.db.transaction((tx) => recordAudit(tx, actor, { action: 'backup.run', targetType: 'backup', targetId: id, after: { state: 'created' } }));
    const job = await this.deps.queue.job(BACKUP_JOB, id);
    return job ? runView(job) : { _id: id, state: 'created', createdAt: this.deps.clock.now().toISOString(), error: null };
  }

  /** A kept backup to stream; the download is audited (`backup.download`) before a byte leaves. */
  async openBackup(actor: AuditActor, name: string) {
    const opened = await this.deps.backups.open(name);
    if (!opened) throw notFound('No backup by that name');
    await this.deps.db.transaction((tx) => recordAudit(tx, actor, { action: 'backup.download', targetType: 'backup', targetId: name, after: { bytes: opened.file.bytes } }));
    return opened;
  }
}

function runView(j: JobRecord): BackupRun {
  return { _id: j.id, state: j.state, createdAt: j.createdAt.toISOString(), error: j.error };
}
