'use client';
/**
 * The creator's upload while publishing through Janus: samples the publisher's `getStats()` every
 * 2 s and keeps the latest bitrate and loss, and whether the studio warns (the rule: upload.ts).
 * Off (null) while not on air or when the provider gives no statistics (Agora).
 */
import { useEffect, useRef, useState } from 'react';
import { GOOD_UPLOAD, isPoorUpload, nextVerdict, UPLOAD_SAMPLE_MS, uploadFigures, uploadSample, type StatEntry, type UploadFigures, type UploadSample } from './upload';

export interface UploadState {
  figures: UploadFigures | null;
  poor: boolean;
}

export function useUploadStats(getStats: () => Promise<RTCStatsReport | null>, active: boolean): UploadState | null {
  const [state, setState] = useState<UploadState | null>(null);
  const getRef = useRef(getStats);
  useEffect(() => {
    getRef.current = getStats;
  }, [getStats]);

  useEffect(() => {
    if (!active) {
      setState(null);
      return;
    }
    let cancelled = false;
    let prev: UploadSample | null = null;
    let verdict = GOOD_UPLOAD;
    const tick = async () => {
      const report = await getRef.current();
      if (cancelled) return;
      if (!report) {
        setState(null);
        return;
      }
      const sample = uploadSample(report.values() as Iterable<StatEntry>, Date.now());
      const figures = prev && sample ? uploadFigures(prev, sample) : null;
      prev = sample;
      if (!figures) {
        setState((s) => s ?? { figures: null, poor: false });
        return;
      }
      verdict = nextVerdict(verdict, isPoorUpload(figures));
      setState({ figures, poor: verdict.poor });
    };
    void tick();
    const t = setInterval(() => void tick(), UPLOAD_SAMPLE_MS);
    return () => {
      cancelled = true;
      clearInterval(t);
    };
  }, [active]);

  return state;
}
