import { routes } from '@stagepass/shared/routes';
import { auditActor, operatorRead } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import { notFound } from '../../platform/errors';
import { HLS_CONTENT_TYPES } from './streaming.hls';
import type { StreamingService } from './streaming.service';

/** What the streaming routes are given by the composition root (by closure). */
export interface StreamingRoutesDeps {
  streaming: StreamingService;
}

/**
 * Spec §7 Streaming, the Janus relay and private shows (the moderation entries of the same map
 * are in stream-chat.routes.ts). Thin: contract (packages/shared/src/routes/streaming.ts),
 * services. Rules: README.md beside this file.
 */
export const streamingRoutes = (deps: StreamingRoutesDeps) => async (app: ZodApp) => {
  const { streams, access, relay, settings, privateShows, operatorWatch } = deps.streaming;
  const r = routes.streaming;
  const limit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute', keyGenerator: perUser } } });

  handle(app, r.settings, async (req) => ({ data: await settings.get(currentUser(req).id) }));
  handle(app, r.available, async () => ({ data: await streams.availability() }));
  handle(app, r.privateOffer, async (req) => ({ data: await settings.offer(req.user, req.params.id) }));
  handle(app, r.updateSettings, async (req) => ({ data: await settings.update(currentUser(req).id, req.body) }));

  handle(app, r.goLive, async (req) => ({ data: await streams.goLive(currentUser(req), req.body) }), limit(20));
  handle(app, r.update, async (req) => ({ data: await streams.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.end, async (req) => ({ data: await streams.end(currentUser(req), req.params.id, auditActor(req)) }));
  handle(app, r.get, async (req) => ({ data: await streams.get(req.user, req.params.id) }));
  handle(app, r.search, async (req) => ({ data: await streams.search(req.user, req.query) }));

  handle(app, r.join, async (req) => ({ data: await access.join(currentUser(req), req.params.id) }), limit(120));
  handle(app, r.agoraToken, async (req) => ({ data: await access.agoraToken(currentUser(req), req.body.streamId) }), limit(120));
  handle(app, r.heartbeat, async (req) => ({ data: await deps.streaming.heartbeat(currentUser(req), req.body.streamId, req.body.path) }), limit(60));
  // HLS (README "HLS for large audiences"): the signed link is the credential — no session needed (players fetch without one).
  handle(app, r.hls, async (req, reply) => {
    const hls = deps.streaming.hls;
    if (!hls) throw notFound();
    const { id, file } = req.params;
    reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
    if (file === 'index.m3u8') return reply.header('Content-Type', HLS_CONTENT_TYPES.m3u8).send(await hls.playlist(id, req.query.t, req.user?.id));
    return reply.header('Content-Type', HLS_CONTENT_TYPES.ts).send(await hls.segment(id, file, req.query.t, req.user?.id));
  });

  handle(app, r.janusPublish, async (req) => ({ data: await relay.publish(currentUser(req), req.params.id, req.body) }), limit(30));
  handle(app, r.janusWatch, async (req) => ({ data: await relay.watch(currentUser(req), req.params.id, req.body) }), limit(60));
  handle(app, r.janusStart, async (req) => {
    await relay.start(currentUser(req), req.params.id, req.body);
    return { data: { success: true as const } };
  });
  handle(app, r.janusLeave, async (req) => {
    await relay.leave(currentUser(req), req.params.id, req.body);
    return { data: { success: true as const } };
  });

  // The operator console (README "Operators watching"): the live list, and the audited watch.
  handle(app, r.adminLive, async (req) => ({ data: await operatorWatch.live(currentUser(req), req.query) }));
  handle(app, r.adminWatch, async (req) => ({ data: await operatorWatch.watch(currentUser(req), operatorRead(req)!, req.params.id) }));

  handle(app, r.requestPrivate, async (req) => ({ data: await privateShows.request(currentUser(req), req.body.performerId) }), limit(20));
  handle(app, r.privateRequests, async (req) => ({ data: await privateShows.list(currentUser(req)) }));
  handle(app, r.acceptPrivate, async (req) => ({ data: await privateShows.accept(currentUser(req), req.params.id) }));
  handle(app, r.declinePrivate, async (req) => ({ data: await privateShows.decline(currentUser(req), req.params.id) }));
};
