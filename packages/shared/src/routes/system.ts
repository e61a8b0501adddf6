import '../zod-config';
import { envelope, idParams, listEnvelope } from '../api';
import {
  backupNameParamsSchema, backupRunSchema, backupsSchema, failedJobSchema, failedJobsQuerySchema, jobParamsSchema, mailFailureSchema, mailFailuresQuerySchema,
  queueStatsSchema, storageUseSchema, systemInfoSchema,
} from '../system';
import { defineRoutes } from './define';

/** Issue 33 §1, the console's System section (apps/api/src/modules/system/README.md). Operators with 2FA only, like the whole console. */
export const system = defineRoutes('system', {
  info: {
    method: 'GET',
    path: '/admin/system',
    access: 'admin',
    description: 'Operator: the version (package, git commit), Node version, database and storage drivers, this node\'s uptime, the migrations applied (newest first) and any pending, and the nodes alive (API and worker processes with a heartbeat in the last three periods).',
    schema: { response: { 200: envelope(systemInfoSchema) } },
  },
  queues: {
    method: 'GET',
    path: '/admin/system/queues',
    access: 'admin',
    description: 'Operator: every job queue with its backlog (waiting and waiting for a retry), the age of the oldest waiting job, active and failed jobs.',
    schema: { response: { 200: envelope(queueStatsSchema) } },
  },
  failedJobs: {
    method: 'GET',
    path: '/admin/system/jobs/failed',
    access: 'admin',
    description: 'Operator: jobs that failed for good, newest first (optionally of one `queue`): a summary of their data (no secrets, no addresses), the error, attempts, when.',
    schema: { querystring: failedJobsQuerySchema, response: { 200: listEnvelope(failedJobSchema) } },
  },
  retryJob: {
    method: 'POST',
    path: '/admin/system/queues/:queue/jobs/:id/retry',
    access: 'admin',
    description: 'Operator: runs a failed job again (one more attempt). 404 when no failed job of that queue has that id. Audited (`system.job-retry`).',
    schema: { params: jobParamsSchema, response: { 200: envelope(failedJobSchema) } },
  },
  discardJob: {
    method: 'DELETE',
    path: '/admin/system/queues/:queue/jobs/:id',
    access: 'admin',
    description: 'Operator: deletes a failed job for good. 404 when no failed job of that queue has that id. Audited (`system.job-discard`).',
    schema: { params: jobParamsSchema, response: { 200: envelope(failedJobSchema) } },
  },
  storage: {
    method: 'GET',
    path: '/admin/system/storage',
    access: 'admin',
    description: 'Operator: stored files (count, bytes) by kind and processing status, and the free space of DATA_DIR\'s disk or the bucket\'s totals.',
    schema: { response: { 200: envelope(storageUseSchema) } },
  },
  mailFailures: {
    method: 'GET',
    path: '/admin/system/mail-failures',
    access: 'admin',
    description: 'Operator: e-mails the mailer could not send (`status` failed by default; sent: sent later; discarded), newest first: recipient, subject, error, attempts.',
    schema: { querystring: mailFailuresQuerySchema, response: { 200: listEnvelope(mailFailureSchema) } },
  },
  retryMail: {
    method: 'POST',
    path: '/admin/system/mail-failures/:id/retry',
    access: 'admin',
    description: 'Operator: sends a failed e-mail again and answers its row (`sent`, or still `failed` with the new error). 404 unknown; 409 when it is no longer failed. Audited (`system.mail-retry`).',
    schema: { params: idParams('id'), response: { 200: envelope(mailFailureSchema) } },
  },
  discardMail: {
    method: 'DELETE',
    path: '/admin/system/mail-failures/:id',
    access: 'admin',
    description: 'Operator: gives up on a failed e-mail (its content is deleted, the row kept as `discarded`). 404 unknown; 409 when it is no longer failed. Audited (`system.mail-discard`).',
    schema: { params: idParams('id'), response: { 200: envelope(mailFailureSchema) } },
  },
  backups: {
    method: 'GET',
    path: '/admin/system/backups',
    access: 'admin',
    description: 'Operator: the backups kept in DATA_DIR/backups (newest first) and the backup runs queued, running or failed. On PostgreSQL `supported` is false with the pg_dump guidance.',
    schema: { response: { 200: envelope(backupsSchema) } },
  },
  runBackup: {
    method: 'POST',
    path: '/admin/system/backups',
    access: 'admin',
    description: 'Operator: queues a backup of the running site (the same archive as `npm run backup`), written to DATA_DIR/backups; answers the run. 409 while one is queued or running; 422 on PostgreSQL with the pg_dump guidance. Audited (`backup.run`).',
    schema: { response: { 200: envelope(backupRunSchema) } },
  },
  downloadBackup: {
    method: 'GET',
    path: '/admin/system/backups/:name',
    access: 'admin',
    description: 'Operator: downloads one backup (`application/gzip`). It holds password hashes and the site\'s secrets: the download is audited (`backup.download`). 404 unknown name.',
    schema: { params: backupNameParamsSchema },
  },
});
