/**
 * How the API process is run by `npm start` — and by the benchmarks, so they measure what users run.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena; sharp (libvips)
 *   and PGlite's thread then hold hundreds of MB of freed memory as RSS. Two arenas measured −120 MB
 *   on the API after the demo seed, at the same throughput (bench/README.md, embedded).
 * - On the embedded database (no DATABASE_URL), V8's young generation is kept small
 *   (--max-semi-space-size=4, MB): the process holds PostgreSQL too, and the default young
 *   generation alone adds ~40 MB of RSS for no measurable throughput (bench/README.md, embedded).
 *   A server on PostgreSQL keeps V8's defaults.
 */
export function apiRuntime(env) {
  return {
    nodeArgs: env.DATABASE_URL ? [] : ['--max-semi-space-size=4'],
    env: { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2' },
  };
}
