import '../zod-config';
import { defineRoutes } from './define';

/**
 * The site's own backup (README "Backup and restore"), for `npm run backup` on the same machine:
 * not an operator-console route (no session), so it is left out of the API document.
 */
export const backup = defineRoutes('backup', {
  create: {
    method: 'POST',
    path: '/operator/backup',
    access: 'anyone',
    description:
      'A consistent .tar.gz of the embedded database and DATA_DIR/files, taken while the site runs. Only from the loopback address without proxy headers, with `x-backup-token` = DATA_DIR/backup.token (else 404). With DATABASE_URL → 422 with the pg_dump guidance.',
    schema: { hide: true },
  },
});
