import { createHash } from 'node:crypto';
import { Heap } from 'heap-js';
import type { DeliveryRecord } from './webhookJournal.js';
import type { WebhookJob } from './webhookQueue.js';

/** The limits of {@link DeliveryScheduler}. */
export interface SchedulerLimits {
  /** Attempts at once in all. */
  readonly concurrency: number;
  /** Attempts at once for one API key's deliveries. */
  readonly keyConcurrency: number;
  /** Attempts at once to one target host, whatever the key. */
  readonly hostConcurrency: number;
  /** The pause after the first failing answer of a key's host; doubles with each, capped. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * How an attempt's target answered, as the scheduler needs it: `answered`
 * (a 2xx, or a 4xx that ends the delivery: the host is up), `failing` (no
 * answer, a time-out, 5xx, 408, 425 or 429: the host is down, slow or asks
 * us to slow down) or `none` (refused before sending, or the enrichment
 * failed: says nothing about the host).
 */
export type TargetAnswer = 'answered' | 'failing' | 'none';

/** One key's deliveries to one host, earliest due first. */
interface Lane {
  readonly key: KeyState;
  readonly host: HostState;
  readonly id: string;
  readonly due: Heap<DeliveryRecord>;
  running: number;
  /** Failing answers in a row from this host for this key: while above 0, one attempt at a time. */
  failures: number;
  /** Nothing is attempted before this (ms since the epoch): the pause after a failing answer. */
  blockedUntil: number;
  where: 'idle' | 'ready' | 'sleeping' | 'waiting' | 'gone';
  /** When a sleeping lane wakes; `version` tells its current entry in the sleeping heap from stale ones. */
  wakeAt: number;
  version: number;
}

interface KeyState {
  readonly id: string;
  running: number;
  lanes: number;
  /** Lanes with a delivery due now, taken in turn. */
  readonly ready: Lane[];
  inRing: boolean;
}

interface HostState {
  readonly name: string;
  running: number;
  lanes: number;
  /** Lanes with a delivery due now that wait for a free slot of this host. */
  readonly waiting: Lane[];
}

interface Sleeper {
  readonly lane: Lane;
  readonly at: number;
  readonly version: number;
}

const byDue = (a: DeliveryRecord, b: DeliveryRecord) => a.due - b.due || a.created - b.created;

/**
 * Which pending deliveries to attempt next, fairly: the keys with something
 * due take turns (round robin, each below its own share of the slots), and
 * within a key its target hosts take turns; a host takes at most
 * `hostConcurrency` attempts at once, whatever the keys. A host that fails to
 * answer (time-out, refused connection, 5xx, 429) is paused for the key that
 * saw it, with back-off, and then probed with one attempt at a time until it
 * answers: its backlog waits without costing attempts, slots or journal
 * writes, and the other keys and hosts go on.
 *
 * Each operation costs O(log n) in the deliveries of one key and host (a
 * heap from heap-js per key and host, ordered by due time, and one of the
 * sleeping ones ordered by wake-up time), never O(pending).
 */
export class DeliveryScheduler {
  private readonly lanes = new Map<string, Lane>();
  private readonly keys = new Map<string, KeyState>();
  private readonly hosts = new Map<string, HostState>();
  /** The keys with a lane ready, in turn. */
  private readonly ring: KeyState[] = [];
  private readonly sleeping = new Heap<Sleeper>((a, b) => a.at - b.at);
  /** The lane of each delivery held here (waiting or being attempted). */
  private readonly laneOf = new Map<string, Lane>();
  private inFlight = 0;

  constructor(
    private readonly limits: SchedulerLimits,
    private readonly random: () => number,
  ) {}

  /** Attempts under way. */
  get running(): number {
    return this.inFlight;
  }

  /** Deliveries held: waiting or being attempted. */
  get size(): number {
    return this.laneOf.size;
  }

  /** Adds a delivery, due at `rec.due`; one already held is ignored. */
  add(rec: DeliveryRecord, now: number): void {
    if (this.laneOf.has(rec.id)) return;
    const lane = this.laneFor(rec);
    this.laneOf.set(rec.id, lane);
    lane.due.push(rec);
    if (lane.where === 'sleeping' && Math.max(rec.due, lane.blockedUntil) < lane.wakeAt) {
      lane.version += 1;
      lane.where = 'idle';
    }
    if (lane.where === 'idle') this.place(lane, now);
  }

  /** The next delivery to attempt now, counted as running until {@link finish}; undefined when none may start. */
  next(now: number): DeliveryRecord | undefined {
    this.wake(now);
    while (this.inFlight < this.limits.concurrency && this.ring.length > 0) {
      const key = this.ring.shift()!;
      key.inRing = false;
      if (key.running >= this.limits.keyConcurrency) continue; // back in turn when one of its attempts ends
      const lane = key.ready.shift();
      if (lane === undefined || lane.where !== 'ready') {
        this.enterRing(key);
        continue;
      }
      lane.where = 'idle';
      if (!this.startable(lane, now)) {
        this.place(lane, now);
        this.enterRing(key);
        continue;
      }
      const rec = lane.due.pop()!;
      lane.running += 1;
      key.running += 1;
      lane.host.running += 1;
      this.inFlight += 1;
      this.place(lane, now);
      this.enterRing(key);
      return rec;
    }
    return undefined;
  }

  /**
   * An attempt of `rec` ended: its slots are free, and its host's answer
   * pauses the key's deliveries to that host (`failing`) or lifts the pause
   * (`answered`). The delivery is no longer held: {@link add} it again to retry.
   */
  finish(rec: DeliveryRecord, now: number, answer: TargetAnswer): void {
    const lane = this.laneOf.get(rec.id);
    if (lane === undefined) return;
    this.laneOf.delete(rec.id);
    lane.running -= 1;
    lane.key.running -= 1;
    lane.host.running -= 1;
    this.inFlight -= 1;
    if (answer === 'answered') {
      lane.failures = 0;
      lane.blockedUntil = 0;
    } else if (answer === 'failing') {
      lane.failures += 1;
      lane.blockedUntil = now + pause(lane.failures, this.limits, this.random);
    }
    if (lane.where === 'idle') this.place(lane, now);
    const host = lane.host;
    while (host.waiting.length > 0 && host.running < this.limits.hostConcurrency) {
      const waiting = host.waiting.shift()!;
      if (waiting.where !== 'waiting') continue;
      waiting.where = 'idle';
      this.place(waiting, now);
      break;
    }
    const key = lane.key;
    this.enterRing(key);
    if (key.lanes === 0 && key.running === 0 && !key.inRing) this.keys.delete(key.id);
    if (host.lanes === 0 && host.running === 0) this.hosts.delete(host.name);
  }

  /** When the earliest sleeping delivery becomes due (ms since the epoch), or undefined. */
  nextWake(): number | undefined {
    for (let top = this.sleeping.peek(); top !== undefined; top = this.sleeping.peek()) {
      if (top.version === top.lane.version && top.lane.where === 'sleeping') return top.at;
      this.sleeping.pop();
    }
    return undefined;
  }

  private laneFor(rec: DeliveryRecord): Lane {
    const keyId = keyOf(rec.job);
    const hostName = hostOf(rec.job.url);
    const id = `${keyId}\n${hostName}`;
    let lane = this.lanes.get(id);
    if (lane !== undefined) return lane;
    let key = this.keys.get(keyId);
    if (key === undefined) this.keys.set(keyId, (key = { id: keyId, running: 0, lanes: 0, ready: [], inRing: false }));
    let host = this.hosts.get(hostName);
    if (host === undefined) this.hosts.set(hostName, (host = { name: hostName, running: 0, lanes: 0, waiting: [] }));
    key.lanes += 1;
    host.lanes += 1;
    lane = { key, host, id, due: new Heap(byDue), running: 0, failures: 0, blockedUntil: 0, where: 'idle', wakeAt: 0, version: 0 };
    this.lanes.set(id, lane);
    return lane;
  }

  private startable(lane: Lane, now: number): boolean {
    const top = lane.due.peek();
    return (
      top !== undefined &&
      top.due <= now &&
      lane.blockedUntil <= now &&
      !(lane.failures > 0 && lane.running > 0) &&
      lane.host.running < this.limits.hostConcurrency
    );
  }

  /** Puts an idle lane where it belongs now: ready, sleeping till its next due time, waiting for its host, or nowhere. */
  private place(lane: Lane, now: number): void {
    if (lane.where !== 'idle') return;
    const top = lane.due.peek();
    if (top === undefined) {
      if (lane.running === 0) this.drop(lane);
      return;
    }
    // A host that fails gets one attempt at a time: the lane is placed again when its attempt ends.
    if (lane.failures > 0 && lane.running > 0) return;
    const at = Math.max(top.due, lane.blockedUntil);
    if (at > now) {
      lane.where = 'sleeping';
      lane.wakeAt = at;
      lane.version += 1;
      this.sleeping.push({ lane, at, version: lane.version });
      return;
    }
    if (lane.host.running >= this.limits.hostConcurrency) {
      lane.where = 'waiting';
      lane.host.waiting.push(lane);
      return;
    }
    lane.where = 'ready';
    lane.key.ready.push(lane);
    this.enterRing(lane.key);
  }

  private enterRing(key: KeyState): void {
    if (!key.inRing && key.ready.length > 0 && key.running < this.limits.keyConcurrency) {
      key.inRing = true;
      this.ring.push(key);
    }
  }

  private wake(now: number): void {
    for (let top = this.sleeping.peek(); top !== undefined && top.at <= now; top = this.sleeping.peek()) {
      this.sleeping.pop();
      if (top.version !== top.lane.version || top.lane.where !== 'sleeping') continue;
      top.lane.where = 'idle';
      this.place(top.lane, now);
    }
  }

  /** Forgets a lane with nothing left (a key may name a new host per delivery: lanes must not pile up). */
  private drop(lane: Lane): void {
    lane.where = 'gone';
    this.lanes.delete(lane.id);
    lane.key.lanes -= 1;
    lane.host.lanes -= 1;
    if (lane.key.lanes === 0 && lane.key.running === 0 && !lane.key.inRing) this.keys.delete(lane.key.id);
    if (lane.host.lanes === 0 && lane.host.running === 0) this.hosts.delete(lane.host.name);
  }
}

/** The API key a delivery is counted against: its id, or (a delivery accepted by an earlier release) a hash of its secret. */
export function keyOf(job: WebhookJob): string {
  return job.key ?? `secret:${createHash('sha256').update(job.secret).digest('hex').slice(0, 16)}`;
}

/** The host a delivery goes to (lower case, no port: one machine, whatever port each key uses). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** The pause after `failures` failing answers in a row: equal jitter, doubling, capped. */
function pause(failures: number, limits: SchedulerLimits, random: () => number): number {
  const delay = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.round(delay / 2 + random() * (delay / 2));
}
