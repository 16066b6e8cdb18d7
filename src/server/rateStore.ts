/**
 * Token-bucket stores for @fastify/rate-limit. The plugin counts requests
 * in fixed windows; a key allowed `burst` requests refilled at `perSecond`
 * is a token bucket, which these stores implement with GCRA (the generic
 * cell rate algorithm: one "theoretical arrival time" per key, no timers).
 * The plugin passes `max` (the burst) and `timeWindow` (the time the whole
 * burst takes to refill, in ms); a request is let through while the key's
 * arrival time stays within that window of now.
 *
 * What the plugin reads back: `current` (≤ max lets the request through)
 * and `ttl` (ms until the next request would pass, for `Retry-After`).
 */
import type { Redis } from 'ioredis';
import { systemTime } from '../common/clock.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One step of GCRA: the new arrival time, and what the plugin reads back. */
function gcra(tat: number, now: number, timeWindow: number, max: number): { tat: number; current: number; ttl: number } {
  const interval = timeWindow / max;
  const next = Math.max(tat, now) + interval;
  if (next - now > timeWindow) {
    // Refused: the arrival time is not moved, so a refused request costs nothing.
    return { tat, current: max + 1, ttl: next - now - timeWindow };
  }
  return { tat: next, current: Math.ceil((next - now) / interval - 1e-9), ttl: next - now };
}

/** In-process buckets, one per key; the clock is injectable for tests. */
export class MemoryRateStore {
  private readonly tats = new Map<string, number>();

  constructor(private readonly now: () => number = systemTime) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const now = this.now();
    const step = gcra(this.tats.get(key) ?? now, now, timeWindow, max);
    this.tats.set(key, step.tat);
    // Keys whose bucket is full again carry no information: forget them so the map stays bounded by active keys.
    if (this.tats.size > 10_000) for (const [k, t] of this.tats) if (t <= now) this.tats.delete(k);
    callback(null, { current: step.current, ttl: step.ttl });
  }

  child(): MemoryRateStore {
    return this;
  }
}

// The same step in Lua, atomic in Redis, on Redis's own clock so several
// servers with skewed clocks still share one bucket.
const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local interval = window / max
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nextTat = tat + interval
if nextTat - now > window then
  return { max + 1, math.ceil(nextTat - now - window) }
end
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.max(1, math.ceil(nextTat - now)))
return { math.ceil((nextTat - now) / interval - 1e-9), math.ceil(nextTat - now) }
`;

/** Buckets in Redis, shared by every server pointed at the same Redis. */
export class RedisRateStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'identity-signals:rate:',
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const lookup = () => this.redis.eval(GCRA_LUA, 1, this.prefix + key, String(timeWindow), String(max));
    // Connected (every lookup but the first few): no extra promise on the way.
    const firstConnect = this.firstConnect();
    (firstConnect === undefined ? lookup() : firstConnect.then(lookup)).then(
      (reply) => {
        const [current, ttl] = reply as [number, number];
        callback(null, { current, ttl });
      },
      (error: Error) => callback(error),
    );
  }

  child(): RedisRateStore {
    return this;
  }

  /**
   * While the client's first connection is being made, a promise that
   * resolves once it is made; otherwise undefined. The server's client has no
   * offline queue (a Redis that is down fails a request's lookup at once,
   * and the plugin lets it through: `skipOnError`), so without this wait the
   * requests that arrive while the first connection is still being made
   * would all pass unlimited. Only that first connection is waited for, and
   * at most {@link FIRST_CONNECT_WAIT_MS} or until that attempt fails; a
   * client that is reconnecting fails at once, as a Redis that is down should.
   */
  private firstConnect(): Promise<void> | undefined {
    if (this.firstSettled) return undefined;
    const status = this.redis.status;
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect') {
      this.firstSettled = true;
      return undefined;
    }
    // One wait for every lookup that arrives meanwhile (not a promise, timer and two listeners each); once it has
    // settled, never again: a reconnect also passes through 'connecting', and a reconnecting client fails at once.
    return (this.first ??= new Promise((resolve) => {
      const done = () => {
        this.firstSettled = true;
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('close', done);
        resolve();
      };
      // On a failed first attempt ('close') or the timeout the eval runs anyway and fails as a Redis that is down does.
      const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
      timer.unref();
      this.redis.once('ready', done);
      this.redis.once('close', done);
    }));
  }

  /** The wait for the first connection, shared by the lookups made during it. */
  private first: Promise<void> | undefined;
  /** The first connection was made or given up on: lookups no longer wait. */
  private firstSettled = false;
}

/** How long a rate lookup waits for the client's first connection before it is treated as a Redis that is down. */
const FIRST_CONNECT_WAIT_MS = 2_000;
