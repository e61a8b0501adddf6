import { MESSAGES, type PublicUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser, isAdmin } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { badRequest, notFound } from '../../platform/errors';
import { receiveMultipart } from '../../platform/uploads';
import type { UserLimits } from '../../platform/user-limits';
import type { UsersService } from './users.service';
import type { UserRow } from './users.tables';
import type { AdminUsersService } from './admin-users.service';
import { auditActor, type AuditActor } from '../../platform/audit';
import type { GeoService } from '../geo/geo.service';

/** What the users routes are given by the composition root (by closure). */
export interface UsersRoutesDeps {
  /** The operator console's Users section (admin-users.service.ts). */
  admin: AdminUsersService;
  /**
   * The request address → country, for the countries a creator hides from (blocks README). Until
   * app.ts passes it, hidden countries are not applied to creator profiles here.
   */
  geo: Pick<GeoService, 'countryOfRequest'>;
  limits: UserLimits;
  /**
   * A creator's public page (PerformersService.publicProfile), which GET /users/view/{id} answers for
   * a creator: the performers module depends on users, so users names the function, not the service (no cycle).
   */
  performers: { publicProfile(idOrUsername: string, viewer: UserRow | null, visit: { country?: string | null }): Promise<PublicUser> };
  users: UsersService;
}

/** Spec §7 Users. Contracts: packages/shared/src/routes/users.ts. */
export const usersRoutes = (deps: UsersRoutesDeps) => async (app: ZodApp) => {
  const { users } = deps;
  const r = routes.users;

  handle(app, r.me, async (req) => ({ data: await users.current(currentUser(req)) }));

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    if (req.body.email !== undefined && req.body.email !== user.email) await deps.limits.password(req);
    const { row, pendingEmail } = await users.update(user, req.body, req.sessionId);
    // The confirmation link is made by the user.email-change-requested handler, just after this
    // answer: the change this request started is pending already.
    const current = await users.current(row);
    return { data: pendingEmail ? { ...current, pendingEmail } : current, message: MESSAGES.changesSaved, ...(pendingEmail ? { pendingEmail } : {}) };
  });

  const uploadAvatar = async (userId: string, req: Parameters<typeof receiveMultipart>[0], audit?: AuditActor) => {
    const upload = await receiveMultipart(req, { files: { avatar: 'image', file: 'image' }, maxFiles: 1 });
    try {
      const file = upload.files[0];
      if (!file) throw badRequest('Attach an image in the `avatar` field', [{ field: 'avatar', message: 'Required' }]);
      const row = await users.setAvatar(userId, file, audit);
      const avatars = users.avatarUrls(row);
      return { data: { url: avatars!.medium, avatars } };
    } finally {
      await upload.cleanup();
    }
  };
  handle(app, r.uploadAvatar, async (req) => uploadAvatar(currentUser(req).id, req));
  handle(app, r.uploadAvatarFor, async (req) => {
    const viewer = currentUser(req);
    if (viewer.id !== req.params.id && !isAdmin(viewer)) throw notFound('User not found');
    await users.byId(req.params.id);
    // An operator setting someone else's avatar is audited (users.service setAvatar).
    return uploadAvatar(req.params.id, req, viewer.id !== req.params.id ? auditActor(req) : undefined);
  });
  handle(app, r.uploadCover, async (req) => {
    const upload = await receiveMultipart(req, { files: { cover: 'image', file: 'image' }, maxFiles: 1 });
    try {
      if (!upload.files[0]) throw badRequest('Attach an image in the `cover` field', [{ field: 'cover', message: 'Required' }]);
      return { data: { url: users.coverUrl(await users.setCover(currentUser(req).id, upload.files[0]))! } };
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, r.view, async (req) => {
    const u = await users.findByIdOrUsername(req.params.id);
    if (!u) throw notFound('User not found');
    // A creator looks the same here as on GET /performers/{id} (bio, welcome video; blocks and
    // hidden countries → 404).
    if (u.isPerformer) {
      const country = await deps.geo.countryOfRequest(req);
      return { data: await deps.performers.publicProfile(u.id, req.user, { country }) };
    }
    // Anyone else: a block either way hides them too (blocks.policy.ts; admins see everyone).
    if (await users.blockedFor(req.user, u.id)) throw notFound('User not found');
    return { data: users.toPublicUser(u) };
  });

  handle(app, r.search, async (req) => ({ data: await users.search(req.query) }));

  // ── The operator console (access 'admin': guarded by the route map)
  const admin = deps.admin;
  handle(app, r.adminList, async (req) => ({ data: await admin.list(req.query) }));
  handle(app, r.adminView, async (req) => ({ data: await admin.detail(req.params.id) }));
  handle(app, r.adminSuspend, async (req) => ({ data: await admin.suspend(auditActor(req), req.params.id, req.body) }));
  handle(app, r.adminReactivate, async (req) => ({ data: await admin.reactivate(auditActor(req), req.params.id, req.body) }));
  handle(app, r.adminForcePasswordReset, async (req) => ({ data: await admin.forcePasswordReset(auditActor(req), req.params.id, req.body) }));
  handle(app, r.adminSetRole, async (req) => ({ data: await admin.setAdmin(auditActor(req), req.params.id, req.body) }));
};
