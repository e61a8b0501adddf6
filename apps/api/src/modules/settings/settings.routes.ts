import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_SETTING_KEYS, settingKeysBodySchema, settingValueBodySchema } from '@stagepass/shared';
import { adminOnly } from '../../platform/auth';
import type { PaymentsService } from '../payments/payments.service';
import type { SettingsService } from './settings.service';

/**
 * The public answer lists exactly the public keys. Values are `unknown` on purpose: the service
 * already validated them on write, and a value stored before a rule tightened must not turn the
 * settings fetch every page depends on into a 500. The object schema also strips any key that is
 * not public, a second guard (after the service) that no secret leaves through these routes.
 */
const publicSettingsSchema = z.object(Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, z.unknown()])) as Record<string, z.ZodUnknown>);
const publicAnswerSchema = publicSettingsSchema.extend({ paymentsSandbox: z.boolean() });
const adminSettingSchema = z.object({ value: z.unknown(), public: z.boolean(), secret: z.boolean(), description: z.string() });

/** What the settings routes are given by the composition root (by closure). */
export interface SettingsRoutesDeps {
  payments: PaymentsService;
  settings: SettingsService;
}

export const settingsRoutes = (deps: SettingsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.settings;
  app.get(
    '/settings/public',
    { schema: { tags: ['settings'], description: 'Public settings only; secrets never appear here. paymentsSandbox (derived): payments go through the sandbox test gateway.', response: { 200: z.object({ data: publicAnswerSchema }) } } },
    async () => ({ data: { ...(await svc.public()), paymentsSandbox: (await deps.payments.gatewayName()) === 'sandbox' } }),
  );
  app.post(
    '/settings/keys',
    { schema: { tags: ['settings'], body: settingKeysBodySchema, description: 'Values of the listed public keys (others are left out).', response: { 200: z.object({ data: publicSettingsSchema.partial() }) } } },
    async (req) => ({ data: await svc.byKeys(req.body.keys) }),
  );
  app.get(
    '/admin/settings',
    { preHandler: adminOnly, schema: { tags: ['admin'], description: 'All settings with descriptions; secrets masked.', response: { 200: z.object({ data: z.record(z.string(), adminSettingSchema) }) } } },
    async () => ({ data: await svc.forAdmin() }),
  );
  app.put(
    '/admin/settings/:key',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'], params: z.object({ key: z.string().max(60) }), body: settingValueBodySchema,
        description: 'Validated per key (prices positive, minimum ≤ maximum…) → 400; unknown key → 404. A secret sent back as "********" keeps its stored value.',
        response: { 200: z.object({ data: z.object({ key: z.string(), value: z.unknown() }) }) },
      },
    },
    async (req) => {
      const value = await svc.set(req.params.key, req.body.value);
      req.log.info({ key: req.params.key, by: req.user?.id }, 'setting changed');
      return { data: { key: req.params.key, value: (await svc.forAdmin())[req.params.key]?.value ?? value } };
    },
  );
};
