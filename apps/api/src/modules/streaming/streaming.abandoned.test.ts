import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STREAM_CAMERA_OFF_GRACE_SECONDS } from '@stagepass/shared';
import { createCreator, createTestApp, type TestApp } from '../../../test/harness';
import { insertLiveStream } from '../../../test/stream-rows';
import { streams } from './streaming.tables';

/** A stream whose creator left without ending it (tab closed, connection lost) does not stay "live" forever. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('streams whose camera stays off', () => {
  it(`end after ${STREAM_CAMERA_OFF_GRACE_SECONDS} s without a camera ('publisher_lost'); a camera on, a recent drop and Agora streams stay live`, async () => {
    const now = new Date();
    const mk = async (o: Parameters<typeof insertLiveStream>[2]) => insertLiveStream(t, (await createCreator(t)).user.id, o);
    const abandoned = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, STREAM_CAMERA_OFF_GRACE_SECONDS + 5) });
    const neverStarted = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, STREAM_CAMERA_OFF_GRACE_SECONDS * 3), startedAt: ago(now, STREAM_CAMERA_OFF_GRACE_SECONDS * 3) });
    const reloading = await mk({ provider: 'janus', publishing: false, cameraOffAt: ago(now, 20) });
    const onAir = await mk({ provider: 'janus', publishing: true, cameraOffAt: null });
    const agora = await mk({ provider: 'agora', publishing: false, cameraOffAt: ago(now, STREAM_CAMERA_OFF_GRACE_SECONDS * 3) });
    t.ctx.clock.now = () => now;
    try {
      await t.ctx.streaming.sweepPresence(now);
    } finally {
      t.ctx.clock.now = () => new Date();
    }
    const state = async (id: string) => (await t.ctx.db.select({ status: streams.status, endReason: streams.endReason }).from(streams).where(eq(streams.id, id)))[0];
    expect(await state(abandoned.id)).toEqual({ status: 'ended', endReason: 'publisher_lost' });
    expect(await state(neverStarted.id)).toEqual({ status: 'ended', endReason: 'publisher_lost' });
    for (const s of [reloading, onAir, agora]) expect(await state(s.id)).toEqual({ status: 'live', endReason: null });
  });

  it('the camera going off starts the grace; coming back clears it', async () => {
    const s = await insertLiveStream(t, (await createCreator(t)).user.id, { provider: 'janus', publishing: true, cameraOffAt: null });
    await t.ctx.streaming.streams.setPublishing(s.id, false);
    const [off] = await t.ctx.db.select({ at: streams.cameraOffAt }).from(streams).where(eq(streams.id, s.id));
    expect(off!.at).toBeInstanceOf(Date);
    await t.ctx.streaming.streams.setPublishing(s.id, true);
    const [on] = await t.ctx.db.select({ at: streams.cameraOffAt, publishing: streams.publishing }).from(streams).where(eq(streams.id, s.id));
    expect(on).toEqual({ at: null, publishing: true });
  });
});
