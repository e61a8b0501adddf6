import '../zod-config';
import { z } from 'zod';
import { PUBLIC_SETTING_KEYS, settingKeysBodySchema, settingValueBodySchema } from '../settings';
import { defineRoutes } from './define';

/**
 * The public answer lists exactly the public keys. Values are `unknown` on purpose: the service
 * already validated them on write, and a value stored before a rule tightened must not turn the
 * settings fetch every page depends on into a 500. The object schema also strips any key that is
 * not public, a second guard (after the service) that no secret leaves through these routes.
 */
const publicSettingsSchema = z.object(Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, z.unknown()])) as Record<string, z.ZodUnknown>);
const publicAnswerSchema = publicSettingsSchema.extend({ paymentsSandbox: z.boolean() });
const adminSettingSchema = z.object({ value: z.unknown(), public: z.boolean(), secret: z.boolean(), description: z.string() });

/** Spec §7 Settings: public settings for every page; the operator's settings screen. */
export const settings = {
  ...defineRoutes('settings', {
    public: {
      method: 'GET',
      path: '/settings/public',
      access: 'anyone',
      description: 'Public settings only; secrets never appear here. paymentsSandbox (derived): payments go through the sandbox test gateway.',
      schema: { response: { 200: z.object({ data: publicAnswerSchema }) } },
    },
    byKeys: {
      method: 'POST',
      path: '/settings/keys',
      access: 'anyone',
      description: 'Values of the listed public keys (others are left out).',
      schema: { body: settingKeysBodySchema, response: { 200: z.object({ data: publicSettingsSchema.partial() }) } },
    },
  }),
  // The operator's routes keep the OpenAPI tag `admin`.
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/settings',
      access: 'admin',
      description: 'All settings with descriptions; secrets masked.',
      schema: { response: { 200: z.object({ data: z.record(z.string(), adminSettingSchema) }) } },
    },
    adminUpdate: {
      method: 'PUT',
      path: '/admin/settings/:key',
      access: 'admin',
      description: 'Validated per key (prices positive, minimum ≤ maximum…) → 400; unknown key → 404. A secret sent back as "********" keeps its stored value.',
      schema: {
        params: z.object({ key: z.string().max(60) }),
        body: settingValueBodySchema,
        response: { 200: z.object({ data: z.object({ key: z.string(), value: z.unknown() }) }) },
      },
    },
  }),
};
