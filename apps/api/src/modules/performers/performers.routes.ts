import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, idOrUsernameParamSchema, idParams, performerProfileSchema, publicUserSchema, updatePerformerSchema } from '@stagepass/shared';
import { authenticated, currentUser, isAdmin, performerOnly } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { receiveMultipart, type UploadKind } from '../../platform/uploads';
import { DOCUMENT_KINDS } from './performers.service';
import type { UserLimits } from '../../platform/user-limits';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { PerformersService } from './performers.service';

/** What the performers routes are given by the composition root (by closure). */
export interface PerformersRoutesDeps {
  limits: UserLimits;
  media: MediaService;
  performers: PerformersService;
  users: UsersService;
}

export const performersRoutes = (deps: PerformersRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const { performers, users, media } = deps;
  const profileReply = z.object({ data: performerProfileSchema });

  app.get('/performers/me', { preHandler: performerOnly, schema: { tags: ['performers'], response: { 200: profileReply } } }, async (req) => ({
    data: await performers.toProfile(currentUser(req)),
  }));

  app.put(
    '/performers/me',
    {
      preHandler: performerOnly,
      schema: {
        tags: ['performers'], body: updatePerformerSchema,
        response: { 200: profileReply.extend({ message: z.literal(MESSAGES.changesSaved), pendingEmail: z.string().optional() }) },
        description: 'Profile and creator fields; answers the profile in `data` and `message: "Changes saved"`. `password` is refused (400): use PUT /auth/users/me/password. A different `email` works as in PUT /users (needs `currentPassword`, confirmed by a mailed link; `pendingEmail` in the answer).',
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (req.body.email !== undefined && req.body.email !== user.email) await deps.limits.password(req);
      const { row, pendingEmail } = await performers.update(user, req.body, req.sessionId);
      return { data: await performers.toProfile(row), message: MESSAGES.changesSaved, ...(pendingEmail ? { pendingEmail } : {}) };
    },
  );

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
  const urlReply = z.object({ data: z.object({ url: z.string() }) });

  app.post('/performers/avatar/upload', { preHandler: performerOnly, schema: { tags: ['performers'], consumes: ['multipart/form-data'], response: { 200: urlReply } } }, async (req) => {
    const { file, cleanup } = await single(req, 'avatar', 'image');
    try {
      return { data: { url: users.avatarUrls(await users.setAvatar(currentUser(req).id, file))!.medium } };
    } finally {
      await cleanup();
    }
  });
  app.post('/performers/cover/upload', { preHandler: performerOnly, schema: { tags: ['performers'], consumes: ['multipart/form-data'], response: { 200: urlReply } } }, async (req) => {
    const { file, cleanup } = await single(req, 'cover', 'image');
    try {
      return { data: { url: users.coverUrl(await users.setCover(currentUser(req).id, file))! } };
    } finally {
      await cleanup();
    }
  });
  app.post('/performers/welcome-video/upload', { preHandler: performerOnly, schema: { tags: ['performers'], consumes: ['multipart/form-data'], response: { 200: urlReply } } }, async (req) => {
    const { file, cleanup } = await single(req, 'welcomeVideo', 'video');
    try {
      return { data: { url: await performers.setWelcomeVideo(currentUser(req).id, file) } };
    } finally {
      await cleanup();
    }
  });

  const documentSchema = z.object({ _id: z.string(), kind: z.string(), name: z.string(), url: z.string(), createdAt: z.string() });
  app.post(
    '/performers/documents/upload',
    { preHandler: performerOnly, schema: { tags: ['performers'], consumes: ['multipart/form-data'], response: { 200: z.object({ data: documentSchema }) }, description: 'Field `file` (image or PDF) and optional `kind` (idVerification | documentVerification | other; default other; anything else → 400). Private: only the owner and admins can read it.' } },
    async (req) => {
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
    },
  );
  app.get(
    '/performers/documents/:fileId',
    { preHandler: authenticated, schema: { tags: ['performers'], params: idParams('fileId'), response: { 200: z.object({ data: z.object({ url: z.string(), expiresIn: z.number() }) }) }, description: 'A short-lived signed URL to a private document; owner or admin only (404 otherwise).' } },
    async (req) => {
      const viewer = currentUser(req);
      const f = await performers.documentFor(req.params.fileId, viewer, isAdmin(viewer));
      return { data: { url: media.signedUrl(f.storageKey, 300), expiresIn: 300 } };
    },
  );

  app.get('/performers/:id', { schema: { tags: ['performers'], params: idOrUsernameParamSchema, response: { 200: z.object({ data: publicUserSchema }) }, description: 'A creator by id or username; 404 for fans and unknown ids.' } }, async (req) => ({
    data: await performers.publicProfile(req.params.id),
  }));
};
