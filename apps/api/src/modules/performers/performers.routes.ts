import { MESSAGES } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { badRequest } from '../../platform/errors';
import { receiveMultipart, type UploadKind } from '../../platform/uploads';
import { DOCUMENT_KINDS } from './performers.service';
import type { UserLimits } from '../../platform/user-limits';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { PerformersService } from './performers.service';
import type { GeoService } from '../geo/geo.service';
import type { VerificationService } from './verification.service';
import { auditActor, operatorRead } from '../../platform/audit';

/** What the performers routes are given by the composition root (by closure). */
export interface PerformersRoutesDeps {
  /**
   * The request address → country, for the countries a creator hides from (blocks README). Until
   * app.ts passes it, hidden countries are not applied to creator profiles.
   */
  geo: Pick<GeoService, 'countryOfRequest'>;
  limits: UserLimits;
  media: MediaService;
  performers: PerformersService;
  users: UsersService;
  verification: VerificationService;
}

/** Spec §7 Performers. Contracts: packages/shared/src/routes/performers.ts. */
export const performersRoutes = (deps: PerformersRoutesDeps) => async (app: ZodApp) => {
  const { performers, users, media } = deps;
  const r = routes.performers;

  handle(app, r.me, async (req) => ({ data: await performers.toProfile(currentUser(req)) }));

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    if (req.body.email !== undefined && req.body.email !== user.email) await deps.limits.password(req);
    const { row, pendingEmail } = await performers.update(user, req.body, req.sessionId);
    return { data: await performers.toProfile(row), message: MESSAGES.changesSaved, ...(pendingEmail ? { pendingEmail } : {}) };
  });

  /** One upload handler: the named field (or `file`), of one kind. */
  const single = async (req: Parameters<typeof receiveMultipart>[0], field: string, kind: UploadKind) => {
    const upload = await receiveMultipart(req, { files: { [field]: kind, file: kind }, maxFiles: 1 });
    const file = upload.files[0];
    if (!file) {
      await upload.cleanup();
      throw badRequest(`Attach a file in the \`${field}\` field`, [{ field, message: 'Required' }]);
    }
    return { file, fields: upload.fields, cleanup: upload.cleanup };
  };
  handle(app, r.uploadAvatar, async (req) => {
    const { file, cleanup } = await single(req, 'avatar', 'image');
    try {
      return { data: { url: users.avatarUrls(await users.setAvatar(currentUser(req).id, file))!.medium } };
    } finally {
      await cleanup();
    }
  });
  handle(app, r.uploadCover, async (req) => {
    const { file, cleanup } = await single(req, 'cover', 'image');
    try {
      return { data: { url: users.coverUrl(await users.setCover(currentUser(req).id, file))! } };
    } finally {
      await cleanup();
    }
  });
  handle(app, r.uploadWelcomeVideo, async (req) => {
    const { file, cleanup } = await single(req, 'welcomeVideo', 'video');
    try {
      return { data: { url: await performers.setWelcomeVideo(currentUser(req).id, file) } };
    } finally {
      await cleanup();
    }
  });

  handle(app, r.uploadDocument, async (req) => {
    const { file, fields, cleanup } = await single(req, 'document', 'document');
    try {
      // No kind → `other`; a kind that is not one of DOCUMENT_KINDS is refused, not filed as `other`.
      const kind = (fields.kind ?? 'other') as (typeof DOCUMENT_KINDS)[number];
      if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
        throw badRequest('Unknown document type', [{ field: 'kind', message: `Choose one of: ${DOCUMENT_KINDS.join(', ')}` }]);
      }
      const f = await performers.addDocument(currentUser(req).id, kind, file);
      return { data: { _id: f.id, kind: f.kind, name: f.originalName, url: media.signedUrl(f.storageKey), createdAt: f.createdAt.toISOString() } };
    } finally {
      await cleanup();
    }
  });
  handle(app, r.document, async (req) => {
    const viewer = currentUser(req);
    const f = await performers.documentFor(req.params.fileId, viewer, operatorRead(req));
    return { data: { url: media.signedUrl(f.storageKey, 300), expiresIn: 300 } };
  });

  handle(app, r.profile, async (req) => {
    const country = await deps.geo.countryOfRequest(req);
    return { data: await performers.publicProfile(req.params.id, req.user, { country }) };
  });

  // ── Operators: the verification (KYC) queue (README "Verification")
  handle(app, r.verifications, async (req) => ({ data: await deps.verification.queue(req.query, operatorRead(req)) }));
  handle(app, r.approveVerification, async (req) => ({ data: await deps.verification.approve(req.params.id, auditActor(req), req.body ?? {}) }));
  handle(app, r.rejectVerification, async (req) => ({ data: await deps.verification.reject(req.params.id, auditActor(req), req.body) }));
};
