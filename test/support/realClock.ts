/**
 * The environment for a program the tests start that is not the code under
 * test (redis-server, the CI script), without libfaketime.
 *
 * Under `faketime -f '+400d' npm test` every child inherits libfaketime's
 * LD_PRELOAD, and redis-server does not start with it: its allocator
 * (jemalloc) calls clock_gettime while libfaketime is still initialising,
 * and it hangs ("Unexpected recursive calls to clock_gettime()"). Such a
 * service keeps the machine's real clock, as it would in production, where
 * Redis is another machine; the library under test keeps the moved one.
 */
export function withoutFakeClock(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('FAKETIME')) continue;
    if (key === 'LD_PRELOAD' && value !== undefined) {
      const kept = value.split(/[:\s]+/u).filter((lib) => lib !== '' && !lib.includes('faketime'));
      if (kept.length > 0) out[key] = kept.join(':');
      continue;
    }
    out[key] = value;
  }
  return out;
}
