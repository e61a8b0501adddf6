/** Types of scripts/lib/api-runtime.mjs, for the bench (TypeScript). */
export function apiRuntime(env: Record<string, string | undefined>): { nodeArgs: string[]; env: { MALLOC_ARENA_MAX: string } };
