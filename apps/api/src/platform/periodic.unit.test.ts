import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { periodicSweep } from './periodic';

const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('periodicSweep', () => {
  it('runs at start and on each tick, never two passes at once; stop waits for the running pass', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((r) => (release = r)));
    const sweep = periodicSweep({ name: 'x', everyMs: 1000, log: log(), enabled: () => true, run });
    sweep.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000); // still running: ticks are no-ops
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    const stopped = sweep.stop();
    release();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('does not start when disabled; a failing pass is logged and the next tick runs again', async () => {
    vi.useFakeTimers();
    const off = vi.fn(async () => {});
    periodicSweep({ name: 'off', everyMs: 1000, log: log(), enabled: () => false, run: off }).start();
    expect(off).not.toHaveBeenCalled();
    const l = log();
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const sweep = periodicSweep({ name: 'flaky sweep', everyMs: 1000, log: l, enabled: () => true, run });
    sweep.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(l.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'flaky sweep failed');
    expect(run).toHaveBeenCalledTimes(2);
    await sweep.stop();
    vi.useRealTimers();
  });
});
