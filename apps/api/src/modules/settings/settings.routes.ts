import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingKeysBodySchema, settingValueBodySchema } from '@stagepass/shared';
import { adminOnly } from '../../platform/auth';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.ctx.settings;
  app.get('/settings/public', { schema: { tags: ['settings'], description: 'Public settings only; secrets never appear here.' } }, async () => ({ data: await svc.public() }));
  app.post('/settings/keys', { schema: { tags: ['settings'], body: settingKeysBodySchema, description: 'Values of the listed public keys (others are left out).' } }, async (req) => ({
    data: await svc.byKeys(req.body.keys),
  }));
  app.get('/admin/settings', { preHandler: adminOnly, schema: { tags: ['admin'], description: 'All settings with descriptions; secrets masked.' } }, async () => ({ data: await svc.forAdmin() }));
  app.put(
    '/admin/settings/:key',
    { preHandler: adminOnly, schema: { tags: ['admin'], params: z.object({ key: z.string().max(60) }), body: settingValueBodySchema, description: 'Validated per key (prices positive, minimum ≤ maximum…) → 400.' } },
    async (req) => {
      const value = await svc.set(req.params.key, req.body.value);
      req.log.info({ key: req.params.key, by: req.user?.id }, 'setting changed');
      return { data: { key: req.params.key, value: (await svc.forAdmin())[req.params.key]?.value ?? value } };
    },
  );
};
