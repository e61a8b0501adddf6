import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { videos } from '../modules/videos/videos.tables';
import { galleries } from '../modules/galleries/galleries.tables';
import { products } from '../modules/products/products.tables';
import { orders } from '../modules/orders/orders.tables';
import { addresses } from '../modules/addresses/addresses.tables';
import { reactions } from '../modules/reactions/reactions.tables';
import type { DemoMediaMaker } from './demo-media';

type Colors = [string, string];
const DAY = 864e5;

/**
 * The demo catalogue (issue 13), through the same services the API uses: Luna's videos (free,
 * for subscribers, for sale with a teaser), Iris's galleries (one of each kind), Luna's shop (a
 * T-shirt and a digital EP), and the fan's delivery address, a T-shirt order already shipping
 * with a tracking code, and a bookmarked video. Each step runs once: it is skipped when its
 * records exist.
 */
export async function seedCatalogue(ctx: Root, p: { fan: UserRow; luna: UserRow; iris: UserRow; lunaColors: Colors; irisColors: Colors; maker: () => Promise<DemoMediaMaker>; sandbox: boolean }) {
  const { fan, luna, iris } = p;
  const [hasVideo] = await ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.performerId, luna.id)).limit(1);
  if (!hasVideo) await seedVideos(ctx, luna, p.lunaColors, await p.maker());
  const [hasGallery] = await ctx.db.select({ id: galleries.id }).from(galleries).where(eq(galleries.performerId, iris.id)).limit(1);
  if (!hasGallery) await seedGalleries(ctx, iris, p.irisColors, await p.maker());
  const [hasProduct] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.performerId, luna.id)).limit(1);
  if (!hasProduct) await seedProducts(ctx, luna, p.lunaColors, await p.maker());
  await seedFanShopping(ctx, fan, luna, p.sandbox);
}

async function seedVideos(ctx: Root, luna: UserRow, colors: Colors, m: DemoMediaMaker) {
  const specs = [
    { title: 'Acoustic session — the full set', description: 'Three songs, one guitar, recorded live in the living room.', tags: ['acoustic', 'live'], access: 'free' as const, price: null, teaser: false, daysAgo: 9 },
    { title: 'Rehearsal: the new single', description: 'The band run-through two days before the studio, mistakes included.', tags: ['rehearsal', 'band'], access: 'subscribers' as const, price: null, teaser: false, daysAgo: 5 },
    { title: 'Live at the Blue Room', description: 'The whole Blue Room show, filmed from the front row. Watch the teaser, own the full concert.', tags: ['live', 'concert'], access: 'sale' as const, price: 7.99, teaser: true, daysAgo: 2 },
  ];
  for (const s of specs) {
    const [video, thumb, teaser] = await Promise.all([m.video(colors, s.title, 6), m.photo(colors, s.title, 'video'), s.teaser ? m.video(colors, `${s.title} (teaser)`, 2) : null]);
    const fileId = (await ctx.videos.upload(luna, 'video', video)).id;
    const thumbnailFileId = (await ctx.videos.upload(luna, 'thumbnail', thumb)).id;
    const teaserFileId = teaser ? (await ctx.videos.upload(luna, 'teaser', teaser)).id : null;
    const row = await ctx.videos.create(luna, { title: s.title, description: s.description, tags: s.tags, status: 'active', access: s.access, price: s.price, fileId, thumbnailFileId, teaserFileId });
    const at = new Date(Date.now() - s.daysAgo * DAY);
    await ctx.db.update(videos).set({ publishAt: at, createdAt: at }).where(eq(videos.id, row.id));
  }
}

async function seedGalleries(ctx: Root, iris: UserRow, colors: Colors, m: DemoMediaMaker) {
  const specs = [
    { title: 'Night market', description: 'Two rolls of film on a warm night: lanterns, steam and faces.', access: 'free' as const, price: null, photos: ['frame 4', 'frame 12', 'frame 27'], daysAgo: 8 },
    { title: 'Rooftops', description: 'The city from above, full resolution for subscribers.', access: 'subscribers' as const, price: null, photos: ['no. 1', 'no. 3', 'no. 7'], daysAgo: 4 },
    { title: 'Darkroom prints', description: 'Four hand-printed favourites of the year, scanned from the prints.', access: 'sale' as const, price: 5.99, photos: ['print I', 'print II', 'print III', 'print IV'], daysAgo: 1 },
  ];
  for (const s of specs) {
    const g = await ctx.galleries.create(iris, { title: s.title, description: s.description, tags: ['film'], status: 'active', access: s.access, price: s.price });
    const made = await Promise.all(s.photos.map((sub) => m.photo(colors, s.title, sub)));
    const rows = [];
    for (const [i, f] of made.entries()) rows.push(await ctx.photos.upload(iris, { galleryId: g.id, title: `${s.title}, ${s.photos[i]}` }, f));
    await ctx.photos.setCover(iris, rows[0]!.id);
    const at = new Date(Date.now() - s.daysAgo * DAY);
    await ctx.db.update(galleries).set({ publishAt: at, createdAt: at }).where(eq(galleries.id, g.id));
  }
}

async function seedProducts(ctx: Root, luna: UserRow, colors: Colors, m: DemoMediaMaker) {
  const [front, back, cover, ep] = await Promise.all([m.photo(colors, 'Tour T-shirt', 'front'), m.photo(colors, 'Tour T-shirt', 'back'), m.photo(colors, 'Acoustic EP', 'cover art'), m.audio(12, 262)]);
  await ctx.products.create(
    luna,
    { name: 'Tour T-shirt 2027', description: 'Organic cotton, screen-printed by hand. Ships in 3–5 days.', type: 'physical', status: 'active', price: 25, stock: 20, shippingFee: 5 },
    [{ ...front, field: 'image' }, { ...back, field: 'image' }],
  );
  await ctx.products.create(
    luna,
    { name: 'Acoustic EP (MP3)', description: 'Five acoustic songs as MP3 files, yours to keep. Download right after buying.', type: 'digital', status: 'active', price: 9.99 },
    [{ ...cover, field: 'image' }, { ...ep, field: 'digitalFile' }],
  );
}

/** The fan's address, a T-shirt order Luna has shipped (with a tracking code), and a bookmarked video. Once: skipped when the fan has orders. */
async function seedFanShopping(ctx: Root, fan: UserRow, luna: UserRow, sandbox: boolean) {
  const [hasAddress] = await ctx.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, fan.id)).limit(1);
  const address = hasAddress ?? { id: (await ctx.addresses.create(fan, { name: 'Home', recipientName: 'Frankie Fan', phone: '+1 555 0100', country: 'US', state: 'CA', city: 'Los Angeles', streetAddress: '1200 Sunset Blvd, Apt 4', zipCode: '90026', description: 'Leave at the door', isDefault: true }))._id };
  // Only what the fan can see: on a site in use, Luna may have drafts or withdrawn items of her own.
  const [sale] = await ctx.db.select({ id: videos.id }).from(videos).where(and(eq(videos.performerId, luna.id), eq(videos.access, 'sale'), eq(videos.status, 'active'), lte(videos.publishAt, new Date()))).orderBy(asc(videos.publishAt), asc(videos.id)).limit(1);
  if (sale) {
    const [bookmarked] = await ctx.db.select({ id: reactions.id }).from(reactions).where(and(eq(reactions.userId, fan.id), eq(reactions.objectId, sale.id))).limit(1);
    if (!bookmarked) await ctx.reactions.react(fan, { objectType: 'video', objectId: sale.id, action: 'bookmark' });
  }
  const [hasOrder] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, fan.id)).limit(1);
  const [shirt] = await ctx.db.select({ id: products.id }).from(products).where(and(eq(products.performerId, luna.id), eq(products.type, 'physical'), eq(products.status, 'active'), gt(products.stock, 0))).limit(1);
  if (hasOrder || !shirt || !sandbox) return;
  // $40 more through the sandbox gateway, then the T-shirt from the wallet, like any fan.
  await ctx.payments.topUp(fan, { amount: 40 }, 'demo-seed-shop');
  const body = { quantity: 1, deliveryAddressId: address.id, note: 'Size M, please!' };
  await ctx.wallet.charge(fan, 'product', shirt.id, body, 'demo-seed-order', JSON.stringify(body), { requestCountry: null });
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, fan.id)).limit(1);
  if (order) await ctx.orders.update(luna, order.id, { deliveryStatus: 'shipping', trackingCode: '1Z 999 AA1 01 2345 6784' });
}
