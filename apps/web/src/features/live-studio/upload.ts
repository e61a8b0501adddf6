/**
 * The creator's upload, as the studio shows it (pure, unit-tested): every 2 s the publisher peer
 * connection's `getStats()` is sampled; the bitrate is the growth of every outbound-rtp's
 * `bytesSent` (audio + video) over the interval; the packet loss is what Janus reports back in its
 * RTCP receiver reports (remote-inbound-rtp): its `fractionLost` (the loss since its previous
 * report), else the growth of `packetsLost` against the packets sent meanwhile.
 *
 * The rule of the warning: the upload is poor while it sends under 300 kbit/s or loses over 5 % of
 * its packets — except a low bitrate the browser says is not limited (`qualityLimitationReason`
 * 'none', Chromium: a still scene simply needs few bits). The warning shows after 3 poor samples in
 * a row (6 s) and goes after 3 good ones in a row — a single slow sample (the encoder's ramp-up, a
 * hiccup) neither raises nor clears it.
 */

/** How often the studio samples the publisher's statistics. */
export const UPLOAD_SAMPLE_MS = 2000;
/** Under this bitrate the picture viewers get is poor. */
export const POOR_KBPS = 300;
/** Over this share of lost packets the picture freezes and breaks up. */
export const POOR_LOSS_PERCENT = 5;
/** Samples in a row (of 2 s) it takes to raise or clear the warning. */
export const VERDICT_SAMPLES = 3;

/** One reading of the publisher's cumulative counters. */
export interface UploadSample {
  /** ms (the time of the reading). */
  at: number;
  bytesSent: number;
  packetsSent: number;
  /** Cumulative packets Janus reported lost; null before its first receiver report. */
  packetsLost: number | null;
  /** The worst `fractionLost` (0–1) of Janus's latest receiver reports; null before the first one. */
  fractionLost: number | null;
  /** Why the video encoder holds back ('bandwidth', 'cpu', 'other', 'none'); null where the browser does not say. */
  limitedBy: string | null;
}

export interface UploadFigures {
  kbps: number;
  /** null until Janus reports losses. */
  lossPercent: number | null;
  limitedBy: string | null;
}

/** What `getStats()` entries look like here (RTCOutboundRtpStreamStats, RTCRemoteInboundRtpStreamStats). */
export interface StatEntry {
  type: string;
  bytesSent?: number;
  packetsSent?: number;
  packetsLost?: number;
  fractionLost?: number;
  kind?: string;
  qualityLimitationReason?: string;
}

/** Sums a stats report's outbound streams and Janus's reports about them; null without an outbound stream (not sending yet). */
export function uploadSample(entries: Iterable<StatEntry>, at: number): UploadSample | null {
  let sending = false;
  let bytesSent = 0;
  let packetsSent = 0;
  let packetsLost: number | null = null;
  let fractionLost: number | null = null;
  let limitedBy: string | null = null;
  for (const s of entries) {
    if (s.type === 'outbound-rtp') {
      sending = true;
      bytesSent += s.bytesSent ?? 0;
      packetsSent += s.packetsSent ?? 0;
      // Several video layers: any limited one counts.
      if (s.qualityLimitationReason && (limitedBy === null || limitedBy === 'none')) limitedBy = s.qualityLimitationReason;
    } else if (s.type === 'remote-inbound-rtp') {
      if (typeof s.packetsLost === 'number') packetsLost = (packetsLost ?? 0) + Math.max(0, s.packetsLost);
      if (typeof s.fractionLost === 'number') fractionLost = Math.max(fractionLost ?? 0, s.fractionLost);
    }
  }
  return sending ? { at, bytesSent, packetsSent, packetsLost, fractionLost, limitedBy } : null;
}

/** Bitrate (kbit/s) and loss (%) between two samples; null when they cannot be compared. */
export function uploadFigures(prev: UploadSample, next: UploadSample): UploadFigures | null {
  const ms = next.at - prev.at;
  if (ms <= 0) return null;
  // bytes × 8 = bits; bits per millisecond = kbit/s.
  const kbps = (Math.max(0, next.bytesSent - prev.bytesSent) * 8) / ms;
  let lossPercent: number | null = null;
  if (next.fractionLost !== null) lossPercent = next.fractionLost * 100;
  else if (prev.packetsLost !== null && next.packetsLost !== null) {
    const lost = Math.max(0, next.packetsLost - prev.packetsLost);
    const sent = Math.max(0, next.packetsSent - prev.packetsSent);
    lossPercent = lost + sent > 0 ? (lost / (lost + sent)) * 100 : 0;
  }
  return { kbps, lossPercent, limitedBy: next.limitedBy };
}

/** One sample's verdict: under 300 kbit/s (unless the encoder says nothing holds it back) or over 5 % lost. */
export function isPoorUpload(f: Pick<UploadFigures, 'kbps' | 'lossPercent'> & { limitedBy?: string | null }): boolean {
  return (f.kbps < POOR_KBPS && f.limitedBy !== 'none') || (f.lossPercent ?? 0) > POOR_LOSS_PERCENT;
}

/** Whether the warning shows, and how many samples in a row have disagreed with that so far. */
export interface UploadVerdict {
  poor: boolean;
  run: number;
}
export const GOOD_UPLOAD: UploadVerdict = { poor: false, run: 0 };

/** The warning after one more sample: it flips after `VERDICT_SAMPLES` samples in a row that disagree with it. */
export function nextVerdict(v: UploadVerdict, samplePoor: boolean): UploadVerdict {
  if (samplePoor === v.poor) return { poor: v.poor, run: 0 };
  const run = v.run + 1;
  return run >= VERDICT_SAMPLES ? { poor: samplePoor, run: 0 } : { poor: v.poor, run };
}

/** "1,250 kbit/s" */
export function bitrateText(kbps: number): string {
  return `${Math.round(kbps).toLocaleString('en-US')} kbit/s`;
}

/** "0% loss", "0.4% loss", "12% loss" */
export function lossText(pct: number): string {
  const n = pct < 10 ? Math.round(pct * 10) / 10 : Math.round(pct);
  return `${n.toLocaleString('en-US')}% loss`;
}
