'use client';
import useSWR, { mutate as globalMutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { RouteArgs, RouteData, RouteDef } from '@stagepass/shared/routes';
import { request, routeKey } from './api';

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

/**
 * SWR over a route map entry: `useRoute(routes.wallet.search, { query })` — the key is
 * `routeKey(def, args)`, the data typed from the entry's answer; `null` args skip the fetch.
 */
export function useRoute<D extends RouteDef>(def: D, args: Pick<RouteArgs<D>, 'params' | 'query'> | null = {} as RouteArgs<D>, config?: SWRConfiguration<RouteData<D>>): SWRResponse<RouteData<D>> {
  return useSWR<RouteData<D>>(args ? routeKey(def, args) : null, config);
}

/** The row type of a list entry (`{ data: Row[], total }`). */
export type ListRow<D extends RouteDef> = RouteData<D> extends { data: (infer T)[] } ? T : never;

const keyPath = (key: unknown) => (Array.isArray(key) ? key[0] : key);
const pathPattern = (def: RouteDef) => new RegExp(`^${def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/?]+')}$`);

/**
 * Revalidates every cached answer of the given entries (any params, any query): e.g. after a
 * charge, `revalidateRoutes(routes.wallet.search, routes.payments.transactions)`.
 */
export function revalidateRoutes(...defs: RouteDef[]) {
  const patterns = defs.map(pathPattern);
  // One argument only: with a data argument SWR would first replace the cached data.
  return globalMutate((key) => {
    const path = keyPath(key);
    return typeof path === 'string' && patterns.some((p) => p.test(path));
  });
}
