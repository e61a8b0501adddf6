import { releaseFieldsSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import type { Clock } from '../../platform/clock';
import { currentUser } from '../../platform/auth';
import { accessReason, auditActor } from '../../platform/audit';
import { badRequest, forbidden, zodDetails } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { CoPerformersService } from './coperformers.service';
import { exportZip } from './releases.export';
import { verifyLink } from './releases.links';
import type { ReleasesService } from './releases.service';

export interface ReleasesRoutesDeps {
  releases: ReleasesService;
  coPerformers: CoPerformersService;
  clock: Clock;
  db: Parameters<typeof exportZip>[0]['db'];
  appSecret: string;
}

/** Issue 28 §2 co-performer consent records. Contracts: packages/shared/src/routes/releases.ts; rules: README.md. */
export const releasesRoutes = (deps: ReleasesRoutesDeps) => async (app: ZodApp) => {
  const { releases, coPerformers } = deps;
  const r = routes.releases;

  // ---- the creator's records
  handle(app, r.list, async (req) => ({ data: await releases.list(currentUser(req), req.query) }));
  handle(app, r.create, async (req, reply) => {
    releases.cipher(); // 503 before reading any upload when records are off
    const upload = await receiveMultipart(req, { files: { idFront: 'image', idBack: 'image', consent: 'document' }, maxFiles: 3 });
    try {
      const fields = releaseFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        const details = zodDetails(fields.error);
        throw badRequest(details[0]?.message ?? 'Invalid input', details);
      }
      return reply.status(201).send({ data: await releases.create(currentUser(req), fields.data, upload.files) });
    } finally {
      await upload.cleanup();
    }
  }, { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } });
  handle(app, r.get, async (req) => ({ data: await releases.get(currentUser(req), req.params.id) }));
  handle(app, r.remove, async (req) => {
    await releases.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });
  handle(app, r.file, async (req) => ({ data: await releases.ownFileLink(currentUser(req), req.params.id, req.params.file) }));

  // ---- signed links (the token is the permission; made by the routes above and below)
  handle(app, r.download, async (req, reply) => {
    const target = verifyLink(deps.appSecret, req.query.t, deps.clock.now().getTime());
    if (!target) throw forbidden('This link has expired: open the file again');
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    if (target.k === 'file') {
      const { body, mime } = await releases.fileBytes(target.r, target.f);
      return reply.type(mime).header('content-disposition', mime === 'application/pdf' ? `attachment; filename="${target.f}.pdf"` : 'inline').send(body);
    }
    const cipher = releases.cipher();
    const stamp = new Date(target.u).toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="consent-records-${stamp}.zip"`)
      .send(exportZip({ db: deps.db, releases, cipher }, { status: target.s, until: new Date(target.u) }));
  });

  // ---- who is in an item, and tags
  handle(app, r.itemGet, async (req) => ({ data: await coPerformers.itemGet(currentUser(req), req.params.kind, req.params.id) }));
  handle(app, r.itemSet, async (req) => ({ data: await coPerformers.itemSet(currentUser(req), req.params.kind, req.params.id, req.body) }));
  handle(app, r.tags, async (req) => ({ data: await coPerformers.tags(currentUser(req), req.query) }));
  handle(app, r.tagAccept, async (req) => ({ data: await coPerformers.answer(currentUser(req), req.params.id, 'accepted') }));
  handle(app, r.tagDecline, async (req) => ({ data: await coPerformers.answer(currentUser(req), req.params.id, 'declined') }));

  // ---- operators (access 'admin'); every view of personal fields or files needs a reason and is audited
  handle(app, r.releaseList, async (req) => ({ data: await releases.queue(req.query) }));
  handle(app, r.releaseDetail, async (req) => ({ data: await releases.detail(auditActor(req), accessReason(req), req.params.id) }));
  handle(app, r.releaseFile, async (req) => ({ data: await releases.adminFileLink(auditActor(req), accessReason(req), req.params.id, req.params.file) }));
  handle(app, r.releaseApprove, async (req) => ({ data: await releases.approve(auditActor(req), req.params.id) }));
  handle(app, r.releaseReject, async (req) => ({ data: await releases.reject(auditActor(req), req.params.id, req.body.reason) }));
  handle(app, r.releaseExport, async (req) => ({ data: await releases.exportLink(auditActor(req), accessReason(req), req.body.status) }));
};
