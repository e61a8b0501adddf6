import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser, isAdmin } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import type { StreamChatService } from './stream-chat.service';
import type { StreamModerationService } from './stream-moderation.service';

/** What the stream chat routes are given by the composition root (by closure). */
export interface StreamChatRoutesDeps {
  chat: StreamChatService;
  moderation: StreamModerationService;
}

/**
 * Spec §7 Stream chat, and the moderation entries of the streaming map (bans, moderators). Thin:
 * contract (packages/shared/src/routes/streaming.ts), services. Rules: README.md beside this file.
 */
export const streamChatRoutes = (deps: StreamChatRoutesDeps) => async (app: ZodApp) => {
  const { chat, moderation } = deps;
  const r = routes.streamChat;
  const m = routes.streaming;
  const writeLimit = { config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } } };
  /** The operator's actor: moderating another creator's stream is audited (the services decide when). */
  const operator = (req: Parameters<typeof auditActor>[0]) => (isAdmin(req.user) ? auditActor(req) : undefined);

  handle(app, r.conversation, async (req) => ({ data: await chat.conversation(currentUser(req), req.params.streamId) }));
  handle(app, r.performerConversation, async (req) => ({ data: await chat.performerConversation(currentUser(req), req.params.id) }));
  handle(app, r.updateConversation, async (req) => ({ data: await chat.updateConversation(currentUser(req), req.params.id, req.body, operator(req)) }));

  handle(app, r.listPublic, async (req) => ({ data: await chat.list(currentUser(req), { conversationId: req.params.id }, req.query) }));
  handle(app, r.list, async (req) => ({ data: await chat.list(currentUser(req), { streamId: req.params.id }, req.query) }));
  handle(app, r.sendPublic, async (req) => ({ data: await chat.send(currentUser(req), { conversationId: req.params.id }, req.body) }), writeLimit);
  handle(app, r.send, async (req) => ({ data: await chat.send(currentUser(req), { streamId: req.params.id }, req.body) }), writeLimit);
  handle(app, r.remove, async (req) => ({ data: await chat.remove(currentUser(req), req.params.id, operator(req)) }));
  handle(app, r.clear, async (req) => {
    await chat.clear(currentUser(req), req.params.id, operator(req));
    return { data: { success: true as const } };
  });

  // ----------------------------------------------------------- moderation
  handle(app, m.bans, async (req) => ({ data: await moderation.bans(currentUser(req), req.query.performerId) }));
  handle(app, m.ban, async (req) => ({ data: await moderation.ban(currentUser(req), req.body, operator(req)) }), writeLimit);
  handle(app, m.unban, async (req) => {
    await moderation.unban(currentUser(req), req.params.userId, req.query.performerId, operator(req));
    return { data: { success: true as const } };
  });
  handle(app, m.moderators, async (req) => ({ data: await moderation.moderators(currentUser(req)) }));
  handle(app, m.addModerator, async (req) => ({ data: await moderation.addModerator(currentUser(req), req.body.userId) }));
  handle(app, m.removeModerator, async (req) => {
    await moderation.removeModerator(currentUser(req), req.params.userId);
    return { data: { success: true as const } };
  });
};
