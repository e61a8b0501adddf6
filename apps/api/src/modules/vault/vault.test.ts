import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vaultItemSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeedFile, follow } from '../../../test/factories';
import { files } from '../media/media.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: Made, method: Method, path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('vault', () => {
  it("lists the creator's own media only, filters by type, caption and folder", async () => {
    const creator = await createCreator(t);
    const other = await createCreator(t);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const video = await createFeedFile(t, creator.user.id, 'feed-video');
    await createFeedFile(t, other.user.id, 'feed-photo');
    const all = (await req(creator, 'GET', '/vault')).json().data;
    expect(all.total).toBe(2);
    expect(all.data.map((i: { _id: string }) => i._id)).toEqual([video.id, photo.id]);
    vaultItemSchema.parse(all.data[0]);
    expect(all.data[0].file.url).toBeTruthy();
    expect((await req(creator, 'GET', '/vault?type=image')).json().data.data.map((i: { _id: string }) => i._id)).toEqual([photo.id]);
    const folder = (await req(creator, 'POST', '/vault/folders', { name: 'Beach' })).json().data;
    expect((await req(creator, 'POST', '/vault/folders', { name: 'beach' })).statusCode).toBe(409);
    const upd = await req(creator, 'PUT', `/vault/${photo.id}`, { caption: 'Sunset at the pier', folderId: folder._id });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ caption: 'Sunset at the pier', folderId: folder._id });
    expect((await req(creator, 'GET', '/vault?q=pier')).json().data.data.map((i: { _id: string }) => i._id)).toEqual([photo.id]);
    expect((await req(creator, 'GET', '/vault?q=%25')).json().data.total).toBe(0);
    expect((await req(creator, 'GET', `/vault?folderId=${folder._id}`)).json().data.total).toBe(1);
    expect((await req(creator, 'GET', '/vault?folderId=none')).json().data.data.map((i: { _id: string }) => i._id)).toEqual([video.id]);
    expect((await req(creator, 'GET', '/vault/folders')).json().data).toEqual([expect.objectContaining({ name: 'Beach', total: 1 })]);
    // Others' files and folders
    expect((await req(other, 'PUT', `/vault/${photo.id}`, { caption: 'mine' })).statusCode).toBe(404);
    expect((await req(other, 'DELETE', `/vault/${photo.id}`)).statusCode).toBe(404);
    expect((await req(other, 'PUT', `/vault/${(await createFeedFile(t, other.user.id)).id}`, { folderId: folder._id })).statusCode).toBe(400);
    expect((await req(other, 'DELETE', `/vault/folders/${folder._id}`)).statusCode).toBe(404);
    // Deleting a folder keeps its files.
    expect((await req(creator, 'DELETE', `/vault/folders/${folder._id}`)).statusCode).toBe(200);
    expect((await req(creator, 'GET', '/vault?folderId=none')).json().data.total).toBe(2);
    const fan = await createFan(t);
    expect((await req(fan, 'GET', '/vault')).statusCode).toBe(403);
  });

  it('reused in a post and a message without a new upload; a used file cannot be deleted, an unused one can', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const spare = await createFeedFile(t, creator.user.id, 'feed-photo');
    const post = await req(creator, 'POST', '/performer/feeds', { text: 'From the vault', visibility: 'free', fileIds: [photo.id] });
    expect(post.statusCode, post.body).toBe(200);
    const conv = (await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })).json().data._id;
    const msg = await req(creator, 'POST', `/messages/conversations/${conv}`, { text: 'Also for you', fileIds: [photo.id], price: 2 });
    expect(msg.statusCode, msg.body).toBe(200);
    const item = (await req(creator, 'GET', '/vault')).json().data.data.find((i: { _id: string }) => i._id === photo.id);
    expect(item.usedIn).toMatchObject({ feeds: 1, messages: 1, photos: 0 });
    const refused = await req(creator, 'DELETE', `/vault/${photo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/1 post and 1 message/);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, photo.id))).toHaveLength(1);
    // A message upload from the vault goes into a post as it is; a public preview does not.
    const fromChat = await createFeedFile(t, creator.user.id, 'feed-photo');
    await t.ctx.db.update(files).set({ kind: 'message' }).where(eq(files.id, fromChat.id));
    expect((await req(creator, 'POST', '/performer/feeds', { text: 'From a chat', visibility: 'subscribers', fileIds: [fromChat.id] })).statusCode).toBe(200);
    const teaser = await createFeedFile(t, creator.user.id, 'feed-teaser');
    expect((await req(creator, 'POST', '/performer/feeds', { text: 'Preview', visibility: 'free', fileIds: [teaser.id] })).statusCode).toBe(400);
    expect((await req(creator, 'DELETE', `/vault/${spare.id}`)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, spare.id))).toHaveLength(0);
  });
});
