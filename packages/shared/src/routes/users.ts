import '../zod-config';
import { z } from 'zod';
import { idOrUsernameParamSchema, listEnvelope, uuidParamSchema } from '../api';
import { MESSAGES } from '../messages';
import { currentUserSchema, imageSizesSchema, publicUserSchema, updateUserSchema, userSearchQuerySchema } from '../users';
import { defineRoutes } from './define';

const me = z.object({ data: currentUserSchema });
const avatarReply = z.object({ data: z.object({ url: z.string(), avatars: imageSizesSchema.nullable() }) });

/** Spec §7 Users: the caller's own account, avatars and covers, public profiles, the admin user list. */
export const users = {
  ...defineRoutes('users', {
    me: {
      method: 'GET',
      path: '/users/me',
      access: 'user',
      description: 'The signed-in user.',
      schema: { response: { 200: me } },
    },
    update: {
      method: 'PUT',
      path: '/users',
      access: 'user',
      description:
        'Edits the caller\'s own profile; answers the updated user in `data` and `message: "Changes saved"`. A different `email` needs `currentPassword` (attempts limited per user, then 429) and is not applied yet: a confirmation link goes to the new address (POST /auth/email-change/confirm applies it) and the answer carries `pendingEmail`.',
      schema: { body: updateUserSchema, response: { 200: me.extend({ message: z.literal(MESSAGES.changesSaved), pendingEmail: z.string().optional() }) } },
    },
    uploadAvatar: {
      method: 'POST',
      path: '/users/avatar/upload',
      access: 'user',
      description: "The caller's avatar: one image in the `avatar` (or `file`) field.",
      schema: { consumes: ['multipart/form-data'], response: { 200: avatarReply } },
    },
    uploadAvatarFor: {
      method: 'POST',
      path: '/users/:id/avatar/upload',
      access: 'user',
      description: 'The user themself, or an admin.',
      schema: { consumes: ['multipart/form-data'], params: uuidParamSchema, response: { 200: avatarReply } },
    },
    uploadCover: {
      method: 'POST',
      path: '/users/cover/upload',
      access: 'user',
      description: "The caller's cover image: one image in the `cover` (or `file`) field.",
      schema: { consumes: ['multipart/form-data'], response: { 200: z.object({ data: z.object({ url: z.string() }) }) } },
    },
    view: {
      method: 'GET',
      path: '/users/view/:id',
      access: 'anyone',
      description: 'By id or username.',
      schema: { params: idOrUsernameParamSchema, response: { 200: z.object({ data: publicUserSchema }) } },
    },
  }),
  // The operator's routes keep the OpenAPI tag `admin`.
  ...defineRoutes('admin', {
    search: {
      method: 'GET',
      path: '/users/search',
      access: 'admin',
      description: 'Admin: every account, filtered and paged.',
      schema: { querystring: userSearchQuerySchema, response: { 200: listEnvelope(currentUserSchema) } },
    },
  }),
};
