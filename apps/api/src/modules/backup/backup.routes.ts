import { routes } from '@stagepass/shared/routes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { BackupUnsupportedError, PG_GUIDANCE, backupToken, createBackup, tokenMatches } from '../../platform/backup';
import { notFound, unprocessable } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';

/** What the backup route is given by the composition root (by closure). */
export interface BackupRoutesDeps {
  config: Pick<Config, 'DATA_DIR'>;
  database: Database;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

/**
 * POST /operator/backup (README.md beside this file): the running site's backup for the local CLI.
 * Anything but a direct loopback call with the right token is a 404 (the route does not confirm it exists).
 */
export const backupRoutes = (deps: BackupRoutesDeps) => async (app: ZodApp) => {
  const token = deps.database.kind === 'pglite' ? await backupToken(deps.config.DATA_DIR) : null;
  handle(app, routes.backup.create, async (req, reply) => {
    const direct = LOOPBACK.has(req.socket.remoteAddress ?? '') && !PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
    const given = req.headers['x-backup-token'];
    if (!direct) throw notFound();
    if (!token) throw unprocessable(PG_GUIDANCE);
    if (!tokenMatches(typeof given === 'string' ? given : undefined, token)) throw notFound();
    try {
      const b = await createBackup(deps.database, deps.config.DATA_DIR);
      b.done.catch((err: unknown) => req.log.error({ err }, 'backup: tar failed'));
      const name = `stagepass-backup-${b.manifest.createdAt.replace(/[:.]/g, '-')}.tar.gz`;
      reply.header('content-type', 'application/gzip').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').header('x-backup-files', String(b.manifest.files));
      return reply.send(b.stream);
    } catch (err) {
      if (err instanceof BackupUnsupportedError) throw unprocessable(err.message);
      throw err;
    }
  });
};
