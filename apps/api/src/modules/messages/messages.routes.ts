import { routes } from '@stagepass/shared/routes';
import { auditActor, operatorRead } from '../../platform/audit';
import { currentUser, isAdmin } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import { mediaTypeOf, receiveMultipart, type UploadKind } from '../../platform/uploads';
import type { FastifyRequest } from 'fastify';
import type { MessagesService } from './messages.service';
import type { MassMessagesService } from './messages.mass';
import type { FanListsService } from './messages.lists';
import type { MessagingSettingsService } from './messages.settings';

/** What the messages routes are given by the composition root (by closure). */
export interface MessagesRoutesDeps {
  messages: MessagesService;
  mass: MassMessagesService;
  lists: FanListsService;
  settings: MessagingSettingsService;
}

/** Spec §7 Conversations and messages. Thin: contract (packages/shared/src/routes/messages.ts), service. Rules: README.md beside this file. */
export const messagesRoutes = (deps: MessagesRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.messages;
  const r = routes.messages;

  /** One media file from the multipart field(s) allowed, stored through the pipeline. */
  const upload = async (req: FastifyRequest, fields: Record<string, UploadKind>, visibility: 'private' | 'public') => {
    const received = await receiveMultipart(req, { files: fields, maxFiles: 1 });
    try {
      const file = received.files[0];
      const field = Object.keys(fields)[0]!;
      if (!file) throw badRequest(`Attach a file in the \`${field}\` field`, [{ field, message: 'Required' }]);
      return { data: svc.fileView(await svc.upload(currentUser(req), mediaTypeOf(file.mime), file, visibility)) };
    } finally {
      await received.cleanup();
    }
  };

  handle(app, r.list, async (req) => ({ data: await svc.list(currentUser(req), req.query) }));
  handle(app, r.search, async (req) => ({ data: await svc.list(currentUser(req), req.query) }));
  handle(app, r.open, async (req) => ({ data: await svc.open(currentUser(req), req.body) }), {
    config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
  });
  handle(app, r.get, async (req) => ({ data: await svc.get(currentUser(req), req.params.id) }));

  handle(app, r.messages, async (req) => ({ data: await svc.messages(currentUser(req), req.params.id, req.query) }));
  handle(app, r.send, async (req) => ({ data: await svc.send(currentUser(req), req.params.id, req.body) }), {
    config: { rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: perUser } },
  });
  handle(app, r.remove, async (req) => {
    const user = currentUser(req);
    return { data: await svc.remove(user, req.params.id, isAdmin(user) ? auditActor(req) : undefined) };
  });
  handle(app, r.totalUnread, async (req) => ({ data: { total: await svc.totalUnread(currentUser(req).id) } }));
  handle(app, r.readAll, async (req) => ({ data: await svc.readAll(currentUser(req), req.params.id) }));
  handle(app, r.fileStatus, async (req) => ({ data: await svc.fileStatus(currentUser(req), req.params.id, req.params.fileId) }));

  // Operator console (access 'admin'): audited reads of private conversations (issue 28 §6).
  handle(app, r.adminConversations, async (req) => ({ data: await svc.operatorConversations(operatorRead(req)!, req.params.id, req.query) }));
  handle(app, r.adminMessages, async (req) => ({ data: await svc.operatorMessages(operatorRead(req)!, currentUser(req), req.params.id, req.query) }));

  handle(app, r.uploadFile, (req) => upload(req, { file: 'media' }, 'private'));
  handle(app, r.uploadPhoto, (req) => upload(req, { 'message-photo': 'image' }, 'private'));
  handle(app, r.uploadVideo, (req) => upload(req, { file: 'video' }, 'private'));
  handle(app, r.uploadPublic, (req) => {
    const slot = req.params.slot;
    const kind: UploadKind = slot === 'video' ? 'video' : slot === 'audio' ? 'audio' : 'image';
    return upload(req, { file: kind }, 'public');
  });

  handle(app, r.settings, async (req) => ({ data: await deps.settings.settingsOf(currentUser(req).id) }));
  handle(app, r.updateSettings, async (req) => ({ data: await deps.settings.saveSettings(currentUser(req), req.body) }));

  const { mass, lists } = deps;
  handle(app, r.broadcast, async (req) => ({ data: await mass.create(currentUser(req), req.body) }), {
    config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: perUser } },
  });
  handle(app, r.broadcasts, async (req) => ({ data: await mass.list(currentUser(req), req.query) }));
  handle(app, r.broadcastOne, async (req) => ({ data: await mass.one(currentUser(req), req.params.id) }));
  handle(app, r.unsend, async (req) => ({ data: await mass.unsend(currentUser(req), req.params.id) }));

  handle(app, r.lists, async (req) => ({ data: await lists.all(currentUser(req)) }));
  handle(app, r.createList, async (req) => ({ data: await lists.create(currentUser(req), req.body.name) }));
  handle(app, r.renameList, async (req) => ({ data: await lists.rename(currentUser(req), req.params.id, req.body.name) }));
  handle(app, r.removeList, async (req) => {
    await lists.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });
  handle(app, r.listMembers, async (req) => ({ data: await lists.members(currentUser(req), req.params.id, req.query) }));
  handle(app, r.addListMembers, async (req) => ({ data: await lists.addMembers(currentUser(req), req.params.id, req.body.userIds) }));
  handle(app, r.removeListMember, async (req) => ({ data: await lists.removeMember(currentUser(req), req.params.id, req.params.userId) }));
};
