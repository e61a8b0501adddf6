import { eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { users } from '../modules/users/users.tables';
import type { DemoMediaMaker } from './demo-media';

/** The demo fan in a listed place whose age verification waits in the console's queue. */
export const DEMO_AGE_FAN = { username: 'gwen', email: 'gwen@example.com', firstName: 'Gwen', lastName: 'Hart', country: 'GB' } as const;

/**
 * Age assurance on a demo site (modules/legal README "Age assurance"): the UK is listed, Iris's
 * profile is adult (so a fan in the UK must verify before seeing her), and Gwen, a fan in the UK,
 * has sent her ID photo and selfie — one pending request in /admin/age-verifications. Runs once per
 * piece: a listed place, an adult flag or Gwen's account already there are left alone.
 */
export async function seedAge(ctx: Root, p: { iris: UserRow | null; password: string; maker: () => Promise<DemoMediaMaker> }) {
  const places = await ctx.settings.get('ageVerificationPlaces');
  if (!places.length) await ctx.settings.set('ageVerificationPlaces', ['GB']);
  if (p.iris && !p.iris.adultContent) await ctx.age.setAdultProfile({ user: p.iris, requestCountry: async () => null }, true);

  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${DEMO_AGE_FAN.email}`).limit(1);
  if (existing) return;
  const { country, ...names } = DEMO_AGE_FAN;
  const gwen = await ctx.auth.createAccount({ ...names, password: p.password, country, gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
  const [row] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, gwen.id)).returning();
  const m = await p.maker();
  const [idPhoto, selfie] = await Promise.all([
    m.photo(['#d9e4f5', '#9fb3d9'], 'UNITED KINGDOM · ID CARD', 'HART, GWEN · born 02 MAR 1998'),
    m.photo(['#f4d7c5', '#c98f6f'], 'Selfie', 'Gwen Hart'),
  ]);
  await ctx.age.submitManual({ user: row!, requestCountry: async () => null }, { ...idPhoto, field: 'idPhoto' }, { ...selfie, field: 'selfie' });
}
