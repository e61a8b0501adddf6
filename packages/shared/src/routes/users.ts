import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameParamSchema, listEnvelope, uuidParamSchema } from '../api';
import { adminReasonSchema, adminRoleSchema, adminUserDetailSchema, adminUserQuerySchema, adminUserSchema } from '../admin-users';
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
    // ── The operator console's Users section (rules: apps/api/src/modules/users/README.md)
    adminList: {
      method: 'GET',
      path: '/admin/users',
      access: 'admin',
      description:
        'Operator: fans and creators, filtered (role, status, emailVerified, kyc, country, createdFrom/createdTo, q on username/e-mail/name) and paged; newest sign-up first by default.',
      schema: { querystring: adminUserQuerySchema, response: { 200: listEnvelope(adminUserSchema) } },
    },
    adminView: {
      method: 'GET',
      path: '/admin/users/:id',
      access: 'admin',
      description:
        "Operator: one account with its money summary — a fan's wallet balance, total spent, purchases and running subscriptions; a creator's gross, net, paid out, pending, available, subscribers and commission. Unknown → 404.",
      schema: { params: uuidParamSchema, response: { 200: envelope(adminUserDetailSchema) } },
    },
    adminSuspend: {
      method: 'POST',
      path: '/admin/users/:id/suspend',
      access: 'admin',
      description:
        'Operator: suspends an account (status suspended): it cannot log in, every session ends at once (its token answers 401) and its sockets are closed on every node; its content is hidden. Yourself → 422; already suspended → 409. Audited with the reason.',
      schema: { params: uuidParamSchema, body: adminReasonSchema, response: { 200: envelope(adminUserDetailSchema) } },
    },
    adminReactivate: {
      method: 'POST',
      path: '/admin/users/:id/reactivate',
      access: 'admin',
      description: 'Operator: a suspended account becomes active again (it logs in anew; old sessions stay ended). Not suspended → 409. Audited with the reason.',
      schema: { params: uuidParamSchema, body: adminReasonSchema, response: { 200: envelope(adminUserDetailSchema) } },
    },
    adminForcePasswordReset: {
      method: 'POST',
      path: '/admin/users/:id/password-reset',
      access: 'admin',
      description:
        "Operator: the account's password stops working, every session and socket ends, and the usual reset link (valid 1 hour) is mailed to its address. No e-mail address, a suspended account, or yourself → 422. Audited with the reason.",
      schema: { params: uuidParamSchema, body: adminReasonSchema, response: { 200: envelope(adminUserDetailSchema) } },
    },
    adminSetRole: {
      method: 'PUT',
      path: '/admin/users/:id/admin',
      access: 'admin',
      description:
        'Operator: grants (`admin: true`) or revokes the administrator role. Not on yourself (422); the last active administrator cannot be revoked (422); no change → 409. Audited with the reason.',
      schema: { params: uuidParamSchema, body: adminRoleSchema, response: { 200: envelope(adminUserDetailSchema) } },
    },
  }),
};
