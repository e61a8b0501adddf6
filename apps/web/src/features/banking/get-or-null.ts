import type { RouteData, RouteDef } from '@stagepass/shared/routes';
import { call, type ApiFailure } from '@/lib/api';

/** A GET that answers 404 before anything was saved: treat it as "nothing yet". */
const notSavedYet = (e: unknown) => (e as ApiFailure | undefined)?.statusCode === 404;
export async function getOrNull<D extends RouteDef>(def: D): Promise<RouteData<D> | null> {
  try {
    return await call(def);
  } catch (e) {
    if (notSavedYet(e)) return null;
    throw e;
  }
}
