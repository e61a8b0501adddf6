import path from 'node:path';
import fs from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../platform/context';
import { users } from '../modules/users/users.tables';
import { performerProfiles } from '../modules/performers/performers.tables';
import type { ReceivedFile } from '../platform/uploads';

export const DEMO_PASSWORD = 'stagepass-demo';

/**
 * Demo accounts (README lists them): fan (a sandbox test card and $50 in the wallet), creator
 * (avatar, cover, bio; $9.95/month with a 7-day free trial) and admin, all with the password
 * `stagepass-demo`. Idempotent: existing accounts are left as they are.
 */
export async function seedDemo(ctx: AppContext, log?: FastifyBaseLogger) {
  if (ctx.config.NODE_ENV === 'production') throw new Error('Demo data is never seeded in production');
  const ensure = async (username: string, email: string, firstName: string, lastName: string, isPerformer: boolean) => {
    const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.username}) = ${username}`).limit(1);
    if (existing) return { user: existing, created: false };
    const user = await ctx.auth.createAccount(
      { username, email, firstName, lastName, password: DEMO_PASSWORD, gender: isPerformer ? 'female' : 'male', country: 'US', ...(isPerformer ? { orientation: 'straight' as const, dateOfBirth: '1995-04-12' } : {}) },
      { isPerformer },
    );
    await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, user.id));
    return { user, created: true };
  };
  const fan = await ensure('fan', 'fan@example.com', 'Frankie', 'Fan', false);
  const admin = await ensure('admin', 'admin@example.com', 'Ada', 'Admin', false);
  if (admin.created) await ctx.db.update(users).set({ roles: ['user', 'admin'] }).where(eq(users.id, admin.user.id));
  const creator = await ensure('creator', 'creator@example.com', 'Cleo', 'Creator', true);
  if (creator.created) {
    await ctx.db.update(performerProfiles).set({ bio: 'Singer-songwriter sharing acoustic sessions, studio diaries and the odd cover. Subscribe for weekly new songs.', languages: ['en'] }).where(eq(performerProfiles.userId, creator.user.id));
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-seed-'));
    try {
      const avatar = path.join(tmp, 'avatar.png');
      const cover = path.join(tmp, 'cover.png');
      await sharp(Buffer.from(gradientSvg(512, 512, '#7c4dff', '#ff6f91', 'C'))).png().toFile(avatar);
      await sharp(Buffer.from(gradientSvg(1920, 640, '#2b1055', '#7597de', ''))).png().toFile(cover);
      const file = async (p: string): Promise<ReceivedFile> => ({ field: 'file', tmpPath: p, mime: 'image/png', ext: 'png', size: (await fs.stat(p)).size, originalName: path.basename(p) });
      await ctx.users.setAvatar(creator.user.id, await file(avatar));
      await ctx.users.setCover(creator.user.id, await file(cover));
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }
  if (creator.created) {
    await ctx.subscriptions.updatePricing(creator.user, { monthlyPrice: 9.95, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 });
  }
  // The demo fan gets a test card and $50 in the wallet — through the sandbox gateway, like anyone.
  if (fan.created && (await ctx.payments.gatewayName()) === 'sandbox') {
    await ctx.payments.addCard(fan.user, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: 'Frankie Fan' });
    await ctx.payments.topUp(fan.user, { amount: 50 }, 'demo-seed');
  }
  log?.info('demo accounts ready: fan, creator, admin (password stagepass-demo)');
}

function gradientSvg(w: number, h: number, a: string, b: string, letter: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${
    letter ? `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(h * 0.5)}" fill="#fff">${letter}</text>` : `<circle cx="${w * 0.8}" cy="${h * 0.3}" r="${h * 0.5}" fill="#fff" opacity=".08"/><circle cx="${w * 0.2}" cy="${h}" r="${h * 0.6}" fill="#fff" opacity=".06"/>`
  }</svg>`;
}
