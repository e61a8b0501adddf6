import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';

/**
 * The operator console's System section (issue 33 §1; apps/api/src/modules/system/README.md):
 * job queues and failed jobs, storage use, mail failures, version and migrations, the nodes that
 * run, and the site's backups.
 */

/** A queue's name as pg-boss knows it (`media.process`, `events.handle`, `…__dead`). */
export const queueNameSchema = z.string().trim().min(1, 'Required').max(120).regex(/^[a-z0-9][a-z0-9._-]*$/i, 'Not a queue name');

export const queueStatSchema = z.object({
  name: z.string(),
  /** Jobs waiting: created, or failed once and waiting for their retry. */
  backlog: z.number().int(),
  /** Of those, how many wait for a retry. */
  retrying: z.number().int(),
  /** When the oldest waiting job was queued (null: none waits), and its age in seconds. */
  oldestQueuedAt: z.string().nullable(),
  oldestAgeSeconds: z.number().int().nullable(),
  active: z.number().int(),
  /** Failed for good and still kept (pg-boss archives failed jobs after a week). */
  failed: z.number().int(),
});
export type QueueStat = z.infer<typeof queueStatSchema>;
export const queueStatsSchema = z.object({ queues: z.array(queueStatSchema) });
export type QueueStats = z.infer<typeof queueStatsSchema>;

export const failedJobSchema = z.object({
  _id: z.string(),
  queue: z.string(),
  /** The job's data with secrets and addresses replaced by "[hidden]", long values cut. */
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  error: z.string(),
  /** Attempts made (the first one and its retries). */
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const failedJobsQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({ queue: queueNameSchema.optional() });
export type FailedJobsQuery = z.infer<typeof failedJobsQuerySchema>;
export const jobParamsSchema = z.object({ queue: queueNameSchema, id: idSchema });

export const storageUseSchema = z.object({
  /** Stored files by kind and processing status (the media service's rows). */
  files: z.array(z.object({ kind: z.string(), status: z.string(), count: z.number().int(), bytes: z.number().int() })),
  totals: z.object({ count: z.number().int(), bytes: z.number().int() }),
  /** Where the bytes are: DATA_DIR's disk (local) or the bucket (S3). */
  backend: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local'), path: z.string(), freeBytes: z.number().int(), totalBytes: z.number().int() }),
    z.object({ driver: z.literal('s3'), bucket: z.string(), objects: z.number().int(), bytes: z.number().int(), truncated: z.boolean() }),
  ]),
});
export type StorageUse = z.infer<typeof storageUseSchema>;

export const MAIL_FAILURE_STATUSES = ['failed', 'sent', 'discarded'] as const;
export const mailFailureSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  status: z.enum(MAIL_FAILURE_STATUSES),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;
export const mailFailuresQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({ status: z.enum(MAIL_FAILURE_STATUSES).default('failed') });
export type MailFailuresQuery = z.infer<typeof mailFailuresQuerySchema>;

export const systemNodeSchema = z.object({
  _id: z.string(),
  role: z.enum(['api', 'worker']),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  commit: z.string().nullable(),
  sockets: z.number().int(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The node answering this request. */
  current: z.boolean(),
});
export type SystemNode = z.infer<typeof systemNodeSchema>;

export const systemInfoSchema = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  node: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  migrations: z.object({
    applied: z.number().int(),
    /** Known to this code but not applied (a node running newer code than the database). */
    pending: z.array(z.string()),
    newest: z.string().nullable(),
    /** Every applied migration by tag, newest first. */
    list: z.array(z.string()),
  }),
  nodes: z.array(systemNodeSchema),
  /** Seconds between heartbeats; a node missing three is no longer listed. */
  heartbeatSeconds: z.number().int(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/** `stagepass-backup-<ISO time with - for : and .>.tar.gz`: the names the console writes and serves. */
export const BACKUP_NAME_RE = /^stagepass-backup-[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9-]+Z\.tar\.gz$/;
export const backupNameParamsSchema = z.object({ name: z.string().regex(BACKUP_NAME_RE, 'Not a backup name') });
export const backupFileSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
  /** Files of DATA_DIR/files in the archive (its manifest). */
  files: z.number().int().nullable(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;
export const backupRunSchema = z.object({
  _id: z.string(),
  state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
  createdAt: z.string(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;
export const backupsSchema = z.object({
  /** false on PostgreSQL (DATABASE_URL): back up with pg_dump; `guidance` says how. */
  supported: z.boolean(),
  guidance: z.string().nullable(),
  backups: z.array(backupFileSchema),
  /** Backups queued, running or failed (the queue's jobs, newest first). */
  runs: z.array(backupRunSchema),
});
export type Backups = z.infer<typeof backupsSchema>;
