import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import type { ReceivedFile } from '../platform/uploads';
import type { UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { coperformerReleases } from '../modules/releases/releases.tables';

/** The post of Luna's that names her (made-up, adult) co-performer: the soundcheck was a duet. */
export const RELEASE_DEMO_POST = 'A little soundcheck from last night.';

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A made-up ID card or signed consent page, drawn with sharp from SVG (no real document). */
async function picture(dir: string, name: string, lines: string[], o: { width: number; height: number; background: string }): Promise<ReceivedFile> {
  const text = lines.map((l, i) => `<text x="32" y="${56 + i * 34}" font-family="sans-serif" font-size="${i === 0 ? 26 : 20}" fill="#1d1d29">${esc(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}"><rect width="100%" height="100%" rx="18" fill="${o.background}"/><rect x="12" y="12" width="${o.width - 24}" height="${o.height - 24}" rx="12" fill="none" stroke="#1d1d29" stroke-opacity="0.25" stroke-width="3"/>${text}</svg>`;
  const tmpPath = path.join(dir, `${name}.png`);
  await sharp(Buffer.from(svg)).png().toFile(tmpPath);
  const size = (await fsp.stat(tmpPath)).size;
  return { field: name, tmpPath, mime: 'image/png', ext: 'png', size, originalName: `${name}.png` };
}

/**
 * Co-performer records on a demo site (modules/releases): Luna has one APPROVED release on record
 * (a made-up adult co-performer, a generated ID picture and consent page) named on her soundcheck
 * post, and one PENDING release waiting in the console's queue. Once: skipped when Luna has any.
 * Skipped too when the records feature is off (no RECORDS_KEY in production — never seeded there).
 */
export async function seedReleases(ctx: Root, p: { admin: UserRow; luna: UserRow }) {
  if (!ctx.releases.enabled()) return;
  const [existing] = await ctx.db.select({ id: coperformerReleases.id }).from(coperformerReleases).where(eq(coperformerReleases.ownerId, p.luna.id)).limit(1);
  if (existing) return;
  const daysAgo = (n: number) => new Date(ctx.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-demo-releases-'));
  try {
    const card = { width: 640, height: 400, background: '#dfe7f5' };
    const page = { width: 620, height: 800, background: '#fbfaf6' };
    const approved = await ctx.releases.create(
      p.luna,
      { legalName: 'Maya Ortega Lind', dateOfBirth: '1996-04-12', stageName: 'Maya Lind', signedAt: daysAgo(40) },
      [
        await picture(dir, 'idFront', ['DEMO IDENTITY CARD', 'Name: Maya Ortega Lind', 'Born: 12 April 1996', 'No. DEMO-0001 (not a real ID)'], card),
        await picture(dir, 'consent', ['Co-performer consent and release', 'I, Maya Ortega Lind (stage name Maya Lind),', 'am 18 or older and agree to appear in', 'content published by Luna Rivers.', `Signed: Maya O. Lind, ${daysAgo(40)}`, '(demo document)'], page),
      ],
    );
    const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
    await ctx.releases.approve(actor, approved._id);
    const [post] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, p.luna.id), eq(feeds.text, RELEASE_DEMO_POST))).limit(1);
    if (post) await ctx.coPerformers.itemSet(p.luna, 'feed', post.id, { creators: [], releases: [approved._id] });
    await ctx.releases.create(
      p.luna,
      { legalName: 'Theo Brandt', dateOfBirth: '1992-09-30', stageName: 'Theo B', signedAt: daysAgo(3) },
      [
        await picture(dir, 'idFront', ['DEMO DRIVING LICENCE', 'Name: Theo Brandt', 'Born: 30 September 1992', 'No. DEMO-0002 (not a real ID)'], { ...card, background: '#f3e4d8' }),
        await picture(dir, 'consent', ['Co-performer consent and release', 'I, Theo Brandt (stage name Theo B),', 'am 18 or older and agree to appear in', 'content published by Luna Rivers.', `Signed: T. Brandt, ${daysAgo(3)}`, '(demo document)'], page),
      ],
    );
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
