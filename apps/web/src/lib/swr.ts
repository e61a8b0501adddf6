'use client';
import type { SWRConfiguration } from 'swr';
import { request } from './api';

function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const c = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return Boolean(c && (c.saveData || ['slow-2g', '2g', '3g'].includes(c.effectiveType || '')));
}

/** Data-fetching settings of spec §7. The key is an API path (or [path, query]). */
export function swrConfig(): SWRConfiguration {
  return {
    fetcher: (key: string | [string, Record<string, string | number | undefined>]) =>
      Array.isArray(key) ? request(key[0], { query: key[1] }) : request(key),
    shouldRetryOnError: false,
    errorRetryInterval: isSlowConnection() ? 10000 : 5000,
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
  };
}
