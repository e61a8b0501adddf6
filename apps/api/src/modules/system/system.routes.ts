import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { MailFailures } from './mail-failures';
import type { SystemService } from './system.service';

/** What the System section's routes are given by the composition root (by closure). */
export interface SystemRoutesDeps {
  system: SystemService;
  mail: MailFailures;
}

/** Issue 33 §1, the console's System section. Contracts: packages/shared/src/routes/system.ts. */
export const systemRoutes = ({ system, mail }: SystemRoutesDeps) => async (app: ZodApp) => {
  const r = routes.system;
  handle(app, r.info, async () => ({ data: await system.info() }));
  handle(app, r.queues, async () => ({ data: await system.queues() }));
  handle(app, r.failedJobs, async (req) => ({ data: await system.failedJobs(req.query) }));
  handle(app, r.retryJob, async (req) => ({ data: await system.retryJob(auditActor(req), req.params.queue, req.params.id) }));
  handle(app, r.discardJob, async (req) => ({ data: await system.discardJob(auditActor(req), req.params.queue, req.params.id) }));
  handle(app, r.storage, async () => ({ data: await system.storageUse() }));
  handle(app, r.mailFailures, async (req) => ({ data: await mail.list(req.query) }));
  handle(app, r.retryMail, async (req) => ({ data: await mail.retry(auditActor(req), req.params.id) }));
  handle(app, r.discardMail, async (req) => ({ data: await mail.discard(auditActor(req), req.params.id) }));
  handle(app, r.backups, async () => ({ data: await system.backups() }));
  handle(app, r.runBackup, async (req) => ({ data: await system.runBackup(auditActor(req)) }));
  handle(app, r.downloadBackup, async (req, reply) => {
    const { file, stream } = await system.openBackup(auditActor(req), req.params.name);
    reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(file.bytes))
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store');
    return reply.send(stream);
  });
};
