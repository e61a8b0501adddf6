import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { connectClient, eventually, got, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { follow } from '../../../test/factories';
import { insertLiveStream } from '../../../test/stream-rows';
import { streams } from './streaming.tables';

/**
 * A stream whose creator is gone (page closed, browser killed, network cut) does not stay "live":
 * viewers hear at once that the connection dropped, the stream waits the operator's grace
 * (`liveReconnectGraceSeconds`, 60 s by default) for the creator to come back, then ends
 * ('publisher_lost') — issue 27 §1. Janus's own signal (media stopped) is tested on a real Janus in
 * streaming.janus.test.ts; the billing pause in streaming.money.test.ts.
 */
let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);
const state = async (id: string) => (await t.ctx.db.select({ status: streams.status, endReason: streams.endReason }).from(streams).where(eq(streams.id, id)))[0];
const setGrace = async (seconds: number) => {
  const admin = await createAdmin(t);
  const res = await t.app.inject({ method: 'PUT', url: '/admin/settings/liveReconnectGraceSeconds', headers: admin.auth, payload: { value: seconds } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('streams whose camera stays off', () => {
  it("end after the operator's grace without a camera ('publisher_lost'); a camera on, a recent drop and Agora streams stay live", async () => {
    expect(await t.ctx.settings.get('liveReconnectGraceSeconds')).toBe(60);
    const now = new Date();
    const mk = async (o: Parameters<typeof insertLiveStream>[2]) => insertLiveStream(t, (await createCreator(t)).user.id, o);
    const abandoned = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, 65), firstOnAirAt: ago(now, 600) });
    const neverStarted = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, 180), startedAt: ago(now, 180) });
    const reloading = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, 20), firstOnAirAt: ago(now, 600) });
    const onAir = await mk({ provider: 'janus', publishing: true, cameraOffAt: null });
    const agora = await mk({ provider: 'agora', publishing: false, cameraOffAt: ago(now, 180) });
    expect(await t.ctx.streaming.streams.endAbandoned(now)).toBe(2);
    expect(await state(abandoned.id)).toEqual({ status: 'ended', endReason: 'publisher_lost' });
    expect(await state(neverStarted.id)).toEqual({ status: 'ended', endReason: 'publisher_lost' });
    for (const s of [reloading, onAir, agora]) expect(await state(s.id)).toEqual({ status: 'live', endReason: null });

    // The operator's setting is the grace: at 30 s the reloading one (20 s) still waits, at 15 s it ends.
    await setGrace(30);
    expect(await t.ctx.streaming.streams.endAbandoned(now)).toBe(0);
    await setGrace(15);
    expect(await t.ctx.streaming.streams.endAbandoned(now)).toBe(1);
    expect(await state(reloading.id)).toEqual({ status: 'ended', endReason: 'publisher_lost' });
    await setGrace(60);
  });

  it("the camera going off tells the room at once (droppedAt, reconnectBy = off + grace); coming back clears it and resumes the same stream", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const s = await insertLiveStream(t, creator.user.id, { provider: 'janus', publishing: false });
    const viewer = await connectClient(url, fan.token, open);
    expect(await joinRoom(viewer, 'stream/join', { streamId: s.id })).toBe(true);
    const view = async () => (await t.app.inject({ method: 'GET', url: `/streaming/live/${s.id}`, headers: fan.auth })).json().data;

    // Not on air yet: waiting for the camera, not a dropped connection — but the grace runs.
    expect(await view()).toMatchObject({ publishing: false, droppedAt: null, reconnectBy: expect.any(String) });

    // The n-th 'stream/updated' this viewer received.
    const nth = async (n: number) => (await waitFor(viewer, 'stream/updated', n))[n - 1]!.stream;
    await t.ctx.streaming.streams.setPublishing(s.id, true);
    expect(await nth(1)).toMatchObject({ publishing: true, droppedAt: null, reconnectBy: null });

    await t.ctx.streaming.streams.setPublishing(s.id, false);
    const dropped = await nth(2);
    expect(dropped).toMatchObject({ publishing: false, droppedAt: expect.any(String), status: 'live' });
    expect(new Date(dropped.reconnectBy!).getTime() - new Date(dropped.droppedAt!).getTime()).toBe(60_000);
    // A second signal of the same drop (Janus and the page both tell) changes nothing and says nothing.
    await t.ctx.streaming.streams.setPublishing(s.id, false);

    await t.ctx.streaming.streams.setPublishing(s.id, true);
    expect(await nth(3)).toMatchObject({ _id: s.id, publishing: true, droppedAt: null, reconnectBy: null, status: 'live' });
    expect(got(viewer, 'stream/updated')).toHaveLength(3);
  });

  it("the creator's studio socket going away turns the camera off, unless another page of theirs is still in the room", async () => {
    const creator: Made = await createCreator(t);
    const s = await insertLiveStream(t, creator.user.id, { provider: 'janus', publishing: true, cameraOffAt: null, firstOnAirAt: new Date() });
    const studio = await connectClient(url, creator.token, open);
    const second = await connectClient(url, creator.token, open);
    expect(await joinRoom(studio, 'stream/join', { streamId: s.id })).toBe(true);
    expect(await joinRoom(second, 'stream/join', { streamId: s.id })).toBe(true);
    const publishing = async () => (await t.ctx.db.select({ p: streams.publishing }).from(streams).where(eq(streams.id, s.id)))[0]!.p;

    studio.close();
    // The other page still holds the room: nothing changes (checked once the server saw the close).
    await eventually('the server saw the studio close', async () => (await t.ctx.realtime.io.in(`stream:${s.id}`).fetchSockets()).length === 1);
    expect(await publishing()).toBe(true);

    second.close();
    await eventually('the camera is off', async () => !(await publishing()));
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.id, s.id));
    expect(row!.cameraOffAt).toBeInstanceOf(Date);
    expect(row!.status).toBe('live');
  });
});
