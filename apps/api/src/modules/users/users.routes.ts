import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, currentUserSchema, idOrUsernameParamSchema, imageSizesSchema, listEnvelope, publicUserSchema, updateUserSchema, userSearchQuerySchema, uuidParamSchema } from '@stagepass/shared';
import { adminOnly, authenticated, currentUser, isAdmin } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { receiveMultipart } from '../../platform/uploads';
import type { UserLimits } from '../../platform/user-limits';
import type { PerformersService } from '../performers/performers.service';
import type { UsersService } from './users.service';

/** What the users routes are given by the composition root (by closure). */
export interface UsersRoutesDeps {
  limits: UserLimits;
  performers: PerformersService;
  users: UsersService;
}

export const usersRoutes = (deps: UsersRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const { users } = deps;
  const me = z.object({ data: currentUserSchema });

  app.get('/users/me', { preHandler: authenticated, schema: { tags: ['users'], response: { 200: me } } }, async (req) => ({
    data: await users.current(currentUser(req)),
  }));

  const saved = me.extend({ message: z.literal(MESSAGES.changesSaved), pendingEmail: z.string().optional() });
  app.put(
    '/users',
    {
      preHandler: authenticated,
      schema: {
        tags: ['users'], body: updateUserSchema, response: { 200: saved },
        description: 'Edits the caller\'s own profile; answers the updated user in `data` and `message: "Changes saved"`. A different `email` needs `currentPassword` (attempts limited per user, then 429) and is not applied yet: a confirmation link goes to the new address (POST /auth/email-change/confirm applies it) and the answer carries `pendingEmail`.',
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (req.body.email !== undefined && req.body.email !== user.email) await deps.limits.password(req);
      const { row, pendingEmail } = await users.update(user, req.body, req.sessionId);
      return { data: await users.current(row), message: MESSAGES.changesSaved, ...(pendingEmail ? { pendingEmail } : {}) };
    },
  );

  const avatarReply = z.object({ data: z.object({ url: z.string(), avatars: imageSizesSchema.nullable() }) });
  const uploadAvatar = async (userId: string, req: Parameters<typeof receiveMultipart>[0]) => {
    const upload = await receiveMultipart(req, { files: { avatar: 'image', file: 'image' }, maxFiles: 1 });
    try {
      const file = upload.files[0];
      if (!file) throw badRequest('Attach an image in the `avatar` field', [{ field: 'avatar', message: 'Required' }]);
      const row = await users.setAvatar(userId, file);
      const avatars = users.avatarUrls(row);
      return { data: { url: avatars!.medium, avatars } };
    } finally {
      await upload.cleanup();
    }
  };
  app.post('/users/avatar/upload', { preHandler: authenticated, schema: { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: avatarReply } } }, async (req) =>
    uploadAvatar(currentUser(req).id, req),
  );
  app.post(
    '/users/:id/avatar/upload',
    { preHandler: authenticated, schema: { tags: ['users'], consumes: ['multipart/form-data'], params: uuidParamSchema, response: { 200: avatarReply }, description: 'The user themself, or an admin.' } },
    async (req) => {
      const viewer = currentUser(req);
      if (viewer.id !== req.params.id && !isAdmin(viewer)) throw notFound('User not found');
      await users.byId(req.params.id);
      return uploadAvatar(req.params.id, req);
    },
  );
  app.post('/users/cover/upload', { preHandler: authenticated, schema: { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: z.object({ data: z.object({ url: z.string() }) }) } } }, async (req) => {
    const upload = await receiveMultipart(req, { files: { cover: 'image', file: 'image' }, maxFiles: 1 });
    try {
      if (!upload.files[0]) throw badRequest('Attach an image in the `cover` field', [{ field: 'cover', message: 'Required' }]);
      return { data: { url: users.coverUrl(await users.setCover(currentUser(req).id, upload.files[0]))! } };
    } finally {
      await upload.cleanup();
    }
  });

  app.get('/users/view/:id', { schema: { tags: ['users'], params: idOrUsernameParamSchema, response: { 200: z.object({ data: publicUserSchema }) }, description: 'By id or username.' } }, async (req) => {
    const u = await users.findByIdOrUsername(req.params.id);
    if (!u) throw notFound('User not found');
    // A creator looks the same here as on GET /performers/{id} (bio, welcome video).
    return { data: u.isPerformer ? await deps.performers.publicProfile(u.id) : users.toPublicUser(u) };
  });

  app.get(
    '/users/search',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], querystring: userSearchQuerySchema, response: { 200: listEnvelope(currentUserSchema) } },
    },
    async (req) => ({ data: await users.search(req.query) }),
  );
};
