import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The age assurance state of the request being served (modules/legal README "Age assurance"):
 * `restricted` is true when adult profiles and their content must be withheld from the caller (a
 * fan or visitor in a listed place who is not verified). Set once per request, after the session
 * lookup, by the legal module's hook (age.gate.ts); read by THE content rule (users/moderation.policy.ts)
 * and the creator lists, so every query built while serving the request applies it without each
 * call site passing it along. Outside a request (jobs, sweeps) nothing is restricted.
 */
export interface AgeContext {
  restricted: boolean;
}

const storage = new AsyncLocalStorage<AgeContext>();

/** Runs `fn` (and everything it starts) with `ctx` as the request's age state. */
export function runWithAgeContext<T>(ctx: AgeContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** True when adult content is withheld from the caller of the request being served. */
export function ageRestrictedNow(): boolean {
  return storage.getStore()?.restricted ?? false;
}
