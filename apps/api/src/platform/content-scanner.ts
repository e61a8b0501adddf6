import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/**
 * An external classifier for upload screening (modules/media README "Upload screening"). The media
 * job asks it after the blocklist when one is configured (CONTENT_SCANNER_URL); none is needed to
 * run. `scan` answers null when the service could not answer (down, slow, nonsense): the upload is
 * not held up by an outage (logged).
 */
export interface ContentScanner {
  scan(picture: { path: string; contentType: string }): Promise<ScanVerdict | null>;
}
export interface ScanVerdict {
  /** 'block' quarantines the upload; anything else lets it go on. */
  verdict: string;
  score: number | null;
}

/**
 * The HTTP scanner: POSTs the picture's bytes as they are (Content-Type of the picture) to `url`
 * and reads `{verdict: string, score?: number}`.
 */
export function httpContentScanner(url: string, timeoutSeconds: number, log: Pick<FastifyBaseLogger, 'warn'>): ContentScanner {
  return {
    async scan(picture) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': picture.contentType },
          body: await fsp.readFile(picture.path),
          signal: AbortSignal.timeout(timeoutSeconds * 1000),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { verdict?: unknown; score?: unknown };
        if (typeof body.verdict !== 'string' || !body.verdict) throw new Error('no verdict in the answer');
        return { verdict: body.verdict.slice(0, 40), score: typeof body.score === 'number' && Number.isFinite(body.score) ? body.score : null };
      } catch (err) {
        log.warn({ err }, 'content scanner did not answer: the upload goes on unscanned');
        return null;
      }
    },
  };
}
