// A creator's labels (issue 31 §3; README beside this file): CRUD with its limits, the forbidden
// cases (another creator's labels and items, fans), labels on posts, videos and galleries, the
// profile's chips (only labels with items the visitor may see) and the lists filtered by a label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_MESSAGES, LABELS_MAX, labelSchema, type Label } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { createVideo } from '../../../test/videos';
import { createGallery } from '../../../test/galleries';
import { labels as labelsTable } from './labels.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const req = requester(() => t);
async function label(c: Made, name: string): Promise<Label> {
  const r = await req('POST', '/performer/labels', c, { name });
  expect(r.statusCode, r.body).toBe(200);
  return labelSchema.parse(r.json().data);
}
const setLabels = (c: Made, kind: string, id: string, labelIds: string[]) => req('PUT', `/performer/labels/items/${kind}/${id}`, c, { labelIds });

describe('managing labels', () => {
  it('creates (trimmed), renames and deletes; names are unique per creator without regard to case', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const tour = await label(c, '  Tour   2026 ');
    expect(tour.name).toBe('Tour 2026');
    const dup = await req('POST', '/performer/labels', c, { name: 'tour 2026' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0]).toEqual({ field: 'name', message: LABEL_MESSAGES.duplicate });
    // Another creator may use the same name.
    await label(other, 'Tour 2026');
    expect((await req('POST', '/performer/labels', c, { name: '' })).statusCode).toBe(400);
    const long = await req('POST', '/performer/labels', c, { name: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('name');

    const qa = await label(c, 'Q&A');
    expect((await req('PUT', `/performer/labels/${qa._id}`, c, { name: 'TOUR 2026' })).statusCode).toBe(409);
    const renamed = await req('PUT', `/performer/labels/${qa._id}`, c, { name: 'Questions' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Questions');
    const mine = (await req('GET', '/performer/labels', c)).json().data as Label[];
    expect(mine.map((l) => l.name)).toEqual(['Questions', 'Tour 2026']);
    expect((await req('DELETE', `/performer/labels/${qa._id}`, c)).statusCode).toBe(200);
    expect(((await req('GET', '/performer/labels', c)).json().data as Label[]).map((l) => l.name)).toEqual(['Tour 2026']);
  });

  it('another creator cannot rename, delete or read mine (404); a fan gets 403; a visitor 401', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const l = await label(c, 'Mine');
    expect((await req('PUT', `/performer/labels/${l._id}`, other, { name: 'Taken' })).statusCode).toBe(404);
    expect((await req('DELETE', `/performer/labels/${l._id}`, other)).statusCode).toBe(404);
    expect(((await req('GET', '/performer/labels', other)).json().data as Label[]).map((x) => x._id)).not.toContain(l._id);
    expect((await req('GET', '/performer/labels', fan)).statusCode).toBe(403);
    expect((await req('POST', '/performer/labels', fan, { name: 'x' })).statusCode).toBe(403);
    expect((await req('GET', '/performer/labels', null)).statusCode).toBe(401);
  });

  it(`at most ${LABELS_MAX} labels (422)`, async () => {
    const c = await createCreator(t);
    await t.ctx.db.insert(labelsTable).values(Array.from({ length: LABELS_MAX }, (_, i) => ({ performerId: c.user.id, name: `label ${i}` })));
    const over = await req('POST', '/performer/labels', c, { name: 'one more' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(LABEL_MESSAGES.limit);
  });
});

describe('labels on items and the profile filter', () => {
  it('labels a post, a video and a gallery; the chips and each list filter by it', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    const tour = await label(c, 'Tour');
    const bts = await label(c, 'Behind the scenes');
    await label(c, 'Unused');
    const p1 = await createFeed(t, c.user.id, { text: 'on tour' });
    const p2 = await createFeed(t, c.user.id, { text: 'backstage' });
    const scheduled = await createFeed(t, c.user.id, { text: 'later', publishAt: new Date(Date.now() + 3_600_000) });
    const v = await createVideo(t, c.user.id, { title: 'Tour video' });
    const g = await createGallery(t, c.user.id, { title: 'Tour photos' });
    expect((await setLabels(c, 'feed', p1.id, [tour._id, bts._id])).json().data.labels.map((l: { name: string }) => l.name)).toEqual(['Behind the scenes', 'Tour']);
    expect((await setLabels(c, 'feed', p2.id, [bts._id])).statusCode).toBe(200);
    expect((await setLabels(c, 'feed', scheduled.id, [tour._id])).statusCode).toBe(200);
    expect((await setLabels(c, 'video', v.id, [tour._id])).statusCode).toBe(200);
    expect((await setLabels(c, 'gallery', g.id, [tour._id])).statusCode).toBe(200);
    expect((await req('GET', `/performer/labels/items/feed/${p1.id}`, c)).json().data.labels).toHaveLength(2);

    // The owner's counts include the scheduled post.
    const mine = (await req('GET', '/performer/labels', c)).json().data as Label[];
    expect(mine.find((l) => l._id === tour._id)!.counts).toEqual({ feed: 2, video: 1, gallery: 1 });

    // A fan's chips: only labels with items they may see, those counted (the scheduled post is not).
    const chips = await req('GET', `/labels/creator/${c.user.username}`, fan);
    expect(chips.statusCode).toBe(200);
    expect(chips.json().data).toEqual([
      { _id: bts._id, name: 'Behind the scenes', counts: { feed: 2, video: 0, gallery: 0 } },
      { _id: tour._id, name: 'Tour', counts: { feed: 1, video: 1, gallery: 1 } },
    ]);
    expect((await req('GET', `/labels/creator/${c.user.id}`, null)).json().data).toHaveLength(2);

    const posts = await req('GET', `/user/feeds/search/${c.user.username}?label=${tour._id}`, fan);
    expect(posts.json().data.data.map((f: { _id: string }) => f._id)).toEqual([p1.id]);
    const bySomeone = await req('GET', `/user/feeds/search/${c.user.username}?label=${bts._id}`, null);
    expect(bySomeone.json().data.total).toBe(2);
    const vids = await req('GET', `/performer-assets/videos/search?performerId=${c.user.id}&label=${tour._id}`, fan);
    expect(vids.json().data.data.map((x: { _id: string }) => x._id)).toEqual([v.id]);
    expect((await req('GET', `/performer-assets/videos/search?performerId=${c.user.id}&label=${bts._id}`, fan)).json().data.total).toBe(0);
    const gals = await req('GET', `/performer-assets/galleries/search?performerId=${c.user.id}&label=${tour._id}`, fan);
    expect(gals.json().data.data.map((x: { _id: string }) => x._id)).toEqual([g.id]);
    expect((await req('GET', `/user/feeds/search/${c.user.username}?label=nope`, fan)).statusCode).toBe(400);

    // Taking labels off, and deleting a label, take items out of the filter.
    expect((await setLabels(c, 'feed', p1.id, [])).json().data.labels).toEqual([]);
    expect((await req('GET', `/user/feeds/search/${c.user.username}?label=${tour._id}`, fan)).json().data.total).toBe(0);
    expect((await req('DELETE', `/performer/labels/${bts._id}`, c)).statusCode).toBe(200);
    expect(((await req('GET', `/labels/creator/${c.user.username}`, fan)).json().data as Label[]).map((l) => l.name)).toEqual(['Tour']);
  });

  it("another creator's item or label → 404 / 400; fans cannot label; unknown creator 404", async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const mine = await label(c, 'Mine');
    const theirs = await label(other, 'Theirs');
    const post = await createFeed(t, c.user.id);
    const theirPost = await createFeed(t, other.user.id);
    expect((await setLabels(other, 'feed', post.id, [theirs._id])).statusCode).toBe(404);
    expect((await req('GET', `/performer/labels/items/feed/${post.id}`, other)).statusCode).toBe(404);
    const foreign = await setLabels(c, 'feed', post.id, [mine._id, theirs._id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('labelIds.1');
    expect((await setLabels(c, 'feed', theirPost.id, [mine._id])).statusCode).toBe(404);
    expect((await setLabels(c, 'video', post.id, [mine._id])).statusCode).toBe(404);
    expect((await setLabels(c, 'photo', post.id, [mine._id])).statusCode).toBe(400);
    expect((await setLabels(fan, 'feed', post.id, [mine._id])).statusCode).toBe(403);
    expect((await setLabels(c, 'feed', post.id, [mine._id, mine._id])).statusCode).toBe(400);
    expect((await req('GET', '/labels/creator/nobody-here', null)).statusCode).toBe(404);
    // A block either way: the chips answer 404 like the creator's lists; the creator still sees theirs.
    await setLabels(c, 'feed', post.id, [mine._id]);
    expect((await req('GET', `/labels/creator/${c.user.username}`, fan)).json().data).toHaveLength(1);
    expect((await req('POST', '/block/users', c, { targetId: fan.user.id })).statusCode).toBe(200);
    expect((await req('GET', `/labels/creator/${c.user.username}`, fan)).statusCode).toBe(404);
    expect((await req('GET', `/user/feeds/search/${c.user.username}?label=${mine._id}`, fan)).statusCode).toBe(404);
    expect((await req('GET', `/labels/creator/${c.user.username}`, c)).json().data).toHaveLength(1);
    expect((await req('GET', `/labels/creator/${fan.user.id}`, null)).statusCode).toBe(404);
  });
});
