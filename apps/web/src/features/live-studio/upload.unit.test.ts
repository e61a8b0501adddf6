import { describe, expect, it } from 'vitest';
import { bitrateText, GOOD_UPLOAD, isPoorUpload, lossText, nextVerdict, uploadFigures, uploadSample, type UploadVerdict } from './upload';

describe('uploadSample', () => {
  it('sums the outbound streams (audio + video) and takes Janus\'s worst reported loss', () => {
    const s = uploadSample(
      [
        { type: 'outbound-rtp', kind: 'video', bytesSent: 100_000, packetsSent: 120, qualityLimitationReason: 'bandwidth' },
        { type: 'outbound-rtp', kind: 'audio', bytesSent: 20_000, packetsSent: 100 },
        { type: 'remote-inbound-rtp', packetsLost: 3, fractionLost: 0.01 },
        { type: 'remote-inbound-rtp', packetsLost: 1, fractionLost: 0.04 },
        { type: 'candidate-pair', bytesSent: 999_999 },
      ],
      1000,
    );
    expect(s).toEqual({ at: 1000, bytesSent: 120_000, packetsSent: 220, packetsLost: 4, fractionLost: 0.04, limitedBy: 'bandwidth' });
  });
  it('is null while nothing is sent yet; the loss is unknown before Janus\'s first report', () => {
    expect(uploadSample([{ type: 'transport' }], 0)).toBeNull();
    expect(uploadSample([{ type: 'outbound-rtp', bytesSent: 1, packetsSent: 1 }], 0)).toMatchObject({ packetsLost: null, fractionLost: null, limitedBy: null });
  });
});

describe('uploadFigures', () => {
  const at = (t: number, bytesSent: number, packetsSent: number, packetsLost: number | null = null, fractionLost: number | null = null) => ({ at: t, bytesSent, packetsSent, packetsLost, fractionLost, limitedBy: null });
  it('reads kbit/s from the bytes sent over the interval', () => {
    // 250,000 bytes in 2 s = 2,000,000 bits / 2 s = 1,000 kbit/s.
    expect(uploadFigures(at(0, 0, 0), at(2000, 250_000, 200))).toEqual({ kbps: 1000, lossPercent: null, limitedBy: null });
  });
  it('takes Janus\'s fractionLost, else the lost packets against those sent meanwhile', () => {
    expect(uploadFigures(at(0, 0, 0, 0), at(2000, 1, 100, 10, 0.08))?.lossPercent).toBeCloseTo(8);
    expect(uploadFigures(at(0, 0, 100, 2), at(2000, 1, 290, 12))?.lossPercent).toBeCloseTo(5);
    expect(uploadFigures(at(0, 0, 100, 2), at(2000, 1, 100, 2))?.lossPercent).toBe(0);
  });
  it('cannot compare a sample with itself or an older one', () => {
    expect(uploadFigures(at(2000, 5, 5), at(2000, 9, 9))).toBeNull();
  });
});

describe('the poor-upload rule', () => {
  it('a sample is poor under 300 kbit/s or over 5 % lost', () => {
    expect(isPoorUpload({ kbps: 299, lossPercent: 0 })).toBe(true);
    expect(isPoorUpload({ kbps: 300, lossPercent: 5 })).toBe(false);
    expect(isPoorUpload({ kbps: 2500, lossPercent: 5.1 })).toBe(true);
    expect(isPoorUpload({ kbps: 800, lossPercent: null })).toBe(false);
  });
  it('a low bitrate the encoder is not held back on (a still scene) is not poor; held back by bandwidth, or not said, it is', () => {
    expect(isPoorUpload({ kbps: 180, lossPercent: 0, limitedBy: 'none' })).toBe(false);
    expect(isPoorUpload({ kbps: 180, lossPercent: 0, limitedBy: 'bandwidth' })).toBe(true);
    expect(isPoorUpload({ kbps: 180, lossPercent: 0, limitedBy: null })).toBe(true);
    expect(isPoorUpload({ kbps: 180, lossPercent: 9, limitedBy: 'none' })).toBe(true);
  });
  it('warns after 3 poor samples in a row (6 s), and clears after 3 good ones in a row', () => {
    const run = (samples: boolean[], from: UploadVerdict = GOOD_UPLOAD) => samples.reduce(nextVerdict, from);
    expect(run([true, true]).poor).toBe(false);
    expect(run([true, true, false, true, true]).poor).toBe(false);
    const warned = run([true, true, true]);
    expect(warned.poor).toBe(true);
    expect(run([false, false, true, false], warned).poor).toBe(true);
    expect(run([false, false, false], warned).poor).toBe(false);
  });
});

describe('texts', () => {
  it('rounds the figures for reading', () => {
    expect(bitrateText(1249.6)).toBe('1,250 kbit/s');
    expect(lossText(0)).toBe('0% loss');
    expect(lossText(0.44)).toBe('0.4% loss');
    expect(lossText(12.4)).toBe('12% loss');
  });
});
