import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';

/**
 * Personal data (modules/privacy): the demo fan has a ready copy of their data on their account
 * page ("Your data"), prepared by the same code as the export job. Once: not again on a restart.
 */
export async function seedPrivacy(ctx: Root, p: { fan: UserRow }) {
  if (await ctx.privacy.latest(p.fan.id)) return;
  const e = await ctx.privacy.request(p.fan.id);
  // The job would run it on a worker; the seed prepares it at once so the demo shows it ready.
  await ctx.privacy.runExport(e._id);
}
