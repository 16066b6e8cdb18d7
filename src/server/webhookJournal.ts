import { randomUUID } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { join, resolve } from 'node:path';
import type { WebhookJob } from './webhookQueue.js';

/** One delivery as the journal knows it. */
export interface DeliveryRecord {
  /** The delivery id: sent as `x-delivery-id` and `delivery_id` on every attempt. */
  readonly id: string;
  readonly job: WebhookJob;
  /** When it was accepted (ms since the epoch): the retry window runs from here. */
  readonly created: number;
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the next attempt is due (ms since the epoch). */
  readonly due: number;
  /** The body, once enriched: every attempt sends the same bytes. */
  readonly body?: string;
  /** Why the last attempt failed. */
  readonly error?: string;
  /** Given up: a dead letter, kept until retried or purged. */
  readonly dead: boolean;
}

type Entry =
  | { op: 'add'; rec: DeliveryRecord }
  | { op: 'body'; id: string; body: string }
  | { op: 'try'; id: string; attempts: number; due: number; error: string }
  | { op: 'done'; id: string }
  | { op: 'dead'; id: string; attempts: number; error: string }
  | { op: 'retry'; id: string; due: number }
  | { op: 'purge'; id: string }
  // Written by a queue to find out whether the disk takes writes again; changes nothing.
  | { op: 'probe' };

/**
 * The file calls the journal makes. node:fs by default; a test hands in one
 * whose writes fail (a full disk) to see what the queue above does then.
 */
export type JournalFileSystem = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'closeSync'
  | 'readSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'fsync'
  | 'ftruncateSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'linkSync'
  | 'readdirSync'
  | 'readFileSync'
  | 'writeFileSync'
  | 'mkdirSync'
  | 'existsSync'
>;

/** Options of {@link WebhookJournal.open}. */
export interface WebhookJournalOptions {
  /** Read the state without taking the lock (`webhooks list` beside a running server). @default false */
  readonly readOnly?: boolean;
  /**
   * Compact while running once the file is this large and twice its size
   * after the last compaction: a server that delivers and never restarts
   * keeps a journal of about this size, and one whose receivers are down
   * rewrites each byte a bounded number of times. @default 67108864 (64 MiB)
   */
  readonly compactBytes?: number;
  /** Called when a compaction while running fails (appends go on; it is tried again later). */
  readonly onError?: (error: unknown) => void;
  /**
   * Group commit: a change is written at once (a `kill -9` does not lose
   * it: it is in the page cache) and fsynced with the others written
   * meanwhile, off the event loop; {@link WebhookJournal.flush} resolves once
   * what was written before it is on disk. Off, every change is fsynced
   * before its call returns. @default false
   */
  readonly groupCommit?: boolean;
  /** The file system. @default node:fs */
  readonly fs?: JournalFileSystem;
}

const FILE = 'deliveries.ndjson';
/** The lock of earlier releases: one file, taken over in three steps that two processes could both pass. */
const LEGACY_LOCK = 'lock';
const LOCK = /^lock\.(\d+)$/;
const TMP = /^deliveries\.ndjson\..+\.tmp$/;
const CLAIM = /^lock-(\d+)-.+\.tmp$/;
/** Read and written in pieces of this size: a journal may be larger than the longest string V8 makes. */
const CHUNK = 1 << 20;
/** Records per piece of a compaction while running; the event loop is given back between pieces. */
const COMPACT_BATCH = 2000;

/** The directories this process holds: a second open of one in the same process is refused, as another process's would be. */
const heldHere = new Set<string>();

class CompactionAborted extends Error {}

/**
 * The durable store of webhook deliveries on one machine: an append-only
 * journal (one JSON line per change, fsynced before the call returns, or
 * with group commit, fsynced with others and awaited by {@link flush}) in
 * `dir`, read as a stream and compacted when opened, and compacted while
 * running once it has grown (the live deliveries written to a new file in
 * pieces while appends go on, the appends made meanwhile copied after them,
 * then renamed over the old file). A line cut by a crash (the last one, half
 * written) is ignored: its change had not been acknowledged; a write that
 * fails (a full disk) is cut off again before the next. A lock file holds
 * the directory for one process; a lock whose process is gone (killed) is
 * taken over, by one process only.
 *
 * The journal holds each key's webhook secret (to sign retries after a
 * restart): the directory is created private (0700, files 0600).
 */
export class WebhookJournal {
  private readonly records = new Map<string, DeliveryRecord>();
  private readonly fs: JournalFileSystem;
  private readonly path: string;
  private readonly compactBytes: number;
  private readonly watchers: ((rec: DeliveryRecord) => void)[] = [];
  private fd = -1;
  private closed = false;
  private deadCount = 0;
  /** Bytes of the file that hold whole entries; anything past them is a write that failed, cut off before the next. */
  private size = 0;
  /** A failed write may have left part of a line past `size`. */
  private torn = false;
  /** The file's size when it was last compacted. */
  private compactedSize = 0;
  /** The size at which the next compaction starts. */
  private compactAt = 0;
  private compacting: Promise<void> | null = null;
  private lock: string | null = null;
  private compactionCount = 0;
  /** Group commit: changes written, changes known to be on disk, an fsync under way, and who waits for which. */
  private writes = 0;
  private syncedWrites = 0;
  private fsyncing = false;
  private readonly flushes: { readonly upTo: number; readonly ok: () => void; readonly fail: (error: unknown) => void }[] = [];

  private constructor(
    readonly dir: string,
    private readonly readOnly: boolean,
    private readonly options: WebhookJournalOptions,
  ) {
    this.fs = options.fs ?? nodeFs;
    this.path = join(dir, FILE);
    this.compactBytes = options.compactBytes ?? 64 * 1024 * 1024;
  }

  /**
   * Opens (creating) the journal in `dir` for this process.
   * @throws Error when another live process (or this one) holds the directory
   */
  static open(dir: string, options: WebhookJournalOptions = {}): WebhookJournal {
    const fs = options.fs ?? nodeFs;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const journal = new WebhookJournal(dir, options.readOnly === true, options);
    if (journal.readOnly) {
      journal.replay();
      return journal;
    }
    const key = resolve(dir);
    if (heldHere.has(key)) throw new Error(`the webhook directory ${dir} is in use by this process (${process.pid})`);
    journal.lock = takeLock(fs, dir);
    heldHere.add(key);
    try {
      // Left by a process killed while it compacted, or while it claimed the lock.
      for (const name of fs.readdirSync(dir)) {
        const claim = CLAIM.exec(name);
        if (TMP.test(name) || (claim !== null && !alive(Number(claim[1])))) unlinkQuietly(fs, join(dir, name));
      }
      journal.replay();
      journal.compactOnOpen();
    } catch (error) {
      journal.close();
      throw error;
    }
    return journal;
  }

  /** Replays the file a piece at a time: no string longer than one line is made. */
  private replay(): void {
    if (!this.fs.existsSync(this.path)) return;
    const fd = this.fs.openSync(this.path, 'r');
    try {
      forEachLine(this.fs, fd, 0, (line) => {
        let entry: Entry;
        try {
          entry = JSON.parse(line) as Entry;
        } catch {
          return; // the torn last line of a crash
        }
        this.apply(entry, false);
      });
    } finally {
      this.fs.closeSync(fd);
    }
  }

  /** The live deliveries in a fresh file, fsynced, renamed over the old one. */
  private compactOnOpen(): void {
    const tmp = join(this.dir, `${FILE}.${process.pid}.open.tmp`);
    const fd = this.fs.openSync(tmp, 'w', 0o600);
    let written = 0;
    try {
      const live = [...this.records.values()];
      for (let i = 0; i < live.length; i += COMPACT_BATCH) written += writeAll(this.fs, fd, addLines(live, i));
      this.fs.fsyncSync(fd);
    } finally {
      this.fs.closeSync(fd);
    }
    this.fs.renameSync(tmp, this.path);
    fsyncDir(this.fs, this.dir);
    this.fd = this.fs.openSync(this.path, 'a', 0o600);
    this.size = written;
    this.compacted(written);
  }

  private compacted(size: number): void {
    this.compactedSize = size;
    this.compactAt = Math.max(this.compactBytes, 2 * size);
  }

  private apply(entry: Entry, live: boolean): void {
    if (entry.op === 'add') {
      this.set(entry.rec);
      if (live) this.notify(entry.rec);
      return;
    }
    if (entry.op === 'probe') return;
    const rec = this.records.get(entry.id);
    if (rec === undefined) return;
    switch (entry.op) {
      case 'body':
        this.set({ ...rec, body: entry.body });
        break;
      case 'try':
        this.set({ ...rec, attempts: entry.attempts, due: entry.due, error: entry.error });
        break;
      case 'dead':
        this.set({ ...rec, attempts: entry.attempts, error: entry.error, dead: true });
        break;
      case 'retry': {
        const back = { ...rec, dead: false, due: entry.due, created: entry.due };
        this.set(back);
        if (live) this.notify(back);
        break;
      }
      case 'done':
      case 'purge':
        this.remove(rec.id);
        break;
    }
  }

  private set(rec: DeliveryRecord): void {
    const before = this.records.get(rec.id);
    if (before?.dead === true) this.deadCount -= 1;
    if (rec.dead) this.deadCount += 1;
    this.records.set(rec.id, rec);
  }

  private remove(id: string): void {
    if (this.records.get(id)?.dead === true) this.deadCount -= 1;
    this.records.delete(id);
  }

  private notify(rec: DeliveryRecord): void {
    for (const watcher of this.watchers) watcher(rec);
  }

  /**
   * Writes one change and fsyncs it before returning: once this returns, a
   * crash does not lose it. When it throws (a full disk, an I/O error),
   * nothing changed: the part of the line that reached the file is cut off
   * before the next write.
   */
  private write(entry: Entry): void {
    if (this.readOnly || this.closed) throw new Error('the webhook journal is not open for writing');
    if (this.torn) {
      this.fs.ftruncateSync(this.fd, this.size);
      this.torn = false;
    }
    const data = Buffer.from(`${JSON.stringify(entry)}\n`);
    try {
      writeAll(this.fs, this.fd, data);
      if (this.options.groupCommit !== true) this.fs.fsyncSync(this.fd);
    } catch (error) {
      this.torn = true;
      try {
        this.fs.ftruncateSync(this.fd, this.size);
        this.torn = false;
      } catch {
        // cut off before the next write
      }
      throw error;
    }
    this.size += data.length;
    this.writes += 1;
    if (this.options.groupCommit === true) this.syncSoon();
    else this.syncedWrites = this.writes;
    this.apply(entry, true);
    if (this.compacting === null && this.size >= this.compactAt) {
      this.compact().catch((error: unknown) => {
        if (!(error instanceof CompactionAborted)) this.options.onError?.(error);
      });
    }
  }

  /**
   * Resolves once every change written before this call is on disk (at once
   * without group commit, where each is fsynced as it is written); rejects
   * when the fsync fails.
   */
  flush(): Promise<void> {
    if (this.syncedWrites >= this.writes) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('the webhook journal is closed'));
    return new Promise((ok, fail) => {
      this.flushes.push({ upTo: this.writes, ok, fail });
      this.syncSoon();
    });
  }

  /** One fsync at a time, off the event loop, each covering every change written before it started. */
  private syncSoon(): void {
    if (this.fsyncing || this.closed || this.syncedWrites >= this.writes) return;
    this.fsyncing = true;
    const fd = this.fd;
    const upTo = this.writes;
    this.fs.fsync(fd, (error) => {
      this.fsyncing = false;
      // Replaced by a compaction (whose new file was fsynced whole) or closed meanwhile: this descriptor is done with.
      if (fd !== this.fd || this.closed) {
        this.fs.closeSync(fd);
        this.syncSoon();
        return;
      }
      if (error) {
        for (const waiting of this.flushes.splice(0)) waiting.fail(error);
        return;
      }
      this.syncedWrites = Math.max(this.syncedWrites, upTo);
      this.settleFlushes();
      this.syncSoon();
    });
  }

  private settleFlushes(): void {
    for (let i = 0; i < this.flushes.length; ) {
      const waiting = this.flushes[i]!;
      if (waiting.upTo <= this.syncedWrites) {
        this.flushes.splice(i, 1);
        waiting.ok();
      } else {
        i += 1;
      }
    }
  }

  /** Records a new delivery, due now, durably; returns it. */
  add(job: WebhookJob, now: number): DeliveryRecord {
    const rec: DeliveryRecord = { id: randomUUID(), job, created: now, attempts: 0, due: now, dead: false };
    this.write({ op: 'add', rec });
    return rec;
  }

  setBody(id: string, body: string): void {
    this.write({ op: 'body', id, body });
  }

  attempted(id: string, attempts: number, due: number, error: string): void {
    this.write({ op: 'try', id, attempts, due, error });
  }

  done(id: string): void {
    this.write({ op: 'done', id });
  }

  dead(id: string, attempts: number, error: string): void {
    this.write({ op: 'dead', id, attempts, error });
  }

  /** Writes a line that changes nothing: throws when the file takes no writes (a full disk). */
  probe(): void {
    this.write({ op: 'probe' });
  }

  /** Puts a dead letter back in the queue, due `now`, with a fresh window. Returns false when there is no such dead letter. */
  retry(id: string, now: number): boolean {
    const rec = this.records.get(id);
    if (rec === undefined || !rec.dead) return false;
    this.write({ op: 'retry', id, due: now });
    return true;
  }

  /** Drops a dead letter for good. Returns false when there is no such dead letter. */
  purge(id: string): boolean {
    const rec = this.records.get(id);
    if (rec === undefined || !rec.dead) return false;
    this.write({ op: 'purge', id });
    return true;
  }

  get(id: string): DeliveryRecord | undefined {
    return this.records.get(id);
  }

  /** Deliveries still to send, earliest due first (a copy, sorted: O(n log n)). */
  pending(): DeliveryRecord[] {
    return [...this.records.values()].filter((r) => !r.dead).sort((a, b) => a.due - b.due);
  }

  /** How many deliveries are still to send (O(1)). */
  get pendingCount(): number {
    return this.records.size - this.deadCount;
  }

  /** Every delivery still to send, in no order, without a copy. */
  *eachPending(): IterableIterator<DeliveryRecord> {
    for (const rec of this.records.values()) if (!rec.dead) yield rec;
  }

  /** Deliveries given up, oldest first. */
  deadLetters(): DeliveryRecord[] {
    return [...this.records.values()].filter((r) => r.dead).sort((a, b) => a.created - b.created);
  }

  /** Calls `watcher` with each delivery that becomes pending from now on: added, or a dead letter retried. */
  watch(watcher: (rec: DeliveryRecord) => void): void {
    this.watchers.push(watcher);
  }

  /** Bytes of the journal file. */
  get bytes(): number {
    return this.size;
  }

  /** Compactions done while running. */
  get compactions(): number {
    return this.compactionCount;
  }

  /**
   * Compacts the file now (it runs by itself once the file has grown): the
   * deliveries live at this moment go to a new file a piece at a time, the
   * event loop given back between pieces, while changes go on being
   * appended to the old file; once that is fsynced, the changes appended
   * meanwhile are copied after them, and the new file is renamed over the
   * old. A kill at any point leaves either file whole.
   */
  compact(): Promise<void> {
    if (this.readOnly || this.closed) return Promise.resolve();
    this.compacting ??= this.compactRunning().finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  private async compactRunning(): Promise<void> {
    const from = this.size;
    const live = [...this.records.values()];
    const tmp = join(this.dir, `${FILE}.${process.pid}.${randomUUID()}.tmp`);
    const fs = this.fs;
    let fd = -1;
    let renamed = false;
    try {
      fd = fs.openSync(tmp, 'w', 0o600);
      let written = 0;
      for (let i = 0; i < live.length; i += COMPACT_BATCH) {
        written += writeAll(fs, fd, addLines(live, i));
        await new Promise<void>((done) => setImmediate(done));
        if (this.closed) throw new CompactionAborted();
      }
      await new Promise<void>((done, fail) => fs.fsync(fd, (error) => (error ? fail(error) : done())));
      if (this.closed) throw new CompactionAborted();
      // From here to the rename nothing yields: no change can be appended in between.
      if (this.torn) {
        fs.ftruncateSync(this.fd, this.size);
        this.torn = false;
      }
      const old = fs.openSync(this.path, 'r');
      try {
        const buffer = Buffer.allocUnsafe(CHUNK);
        for (let at = from; at < this.size; ) {
          const n = fs.readSync(old, buffer, 0, Math.min(CHUNK, this.size - at), at);
          if (n === 0) throw new Error(`the webhook journal ${this.path} is shorter than written`);
          written += writeAll(fs, fd, buffer.subarray(0, n));
          at += n;
        }
      } finally {
        fs.closeSync(old);
      }
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fd = -1;
      fs.renameSync(tmp, this.path);
      renamed = true;
      fsyncDir(fs, this.dir);
      const appendTo = fs.openSync(this.path, 'a', 0o600);
      // An fsync under way on the old descriptor closes it when it ends.
      if (!this.fsyncing) fs.closeSync(this.fd);
      this.fd = appendTo;
      // The new file holds every change written so far, fsynced above.
      this.syncedWrites = this.writes;
      this.settleFlushes();
      this.size = written;
      this.compacted(written);
      this.compactionCount += 1;
    } catch (error) {
      // Not tried again until the file has grown by another compactBytes.
      if (!renamed) this.compactAt = this.size + this.compactBytes;
      throw error;
    } finally {
      if (fd !== -1) fs.closeSync(fd);
      if (!renamed) unlinkQuietly(fs, tmp);
    }
  }

  close(): void {
    if (this.closed) return;
    if (!this.readOnly && this.fd !== -1 && this.syncedWrites < this.writes) {
      try {
        this.fs.fsyncSync(this.fd);
        this.syncedWrites = this.writes;
        this.settleFlushes();
      } catch {
        // what the page cache holds survives the process; a power loss may cost the last changes
      }
    }
    this.closed = true;
    for (const waiting of this.flushes.splice(0)) waiting.fail(new Error('the webhook journal is closed'));
    if (this.readOnly) return;
    // An fsync under way closes the descriptor when it ends.
    if (this.fd !== -1 && !this.fsyncing) this.fs.closeSync(this.fd);
    if (this.lock !== null) {
      unlinkQuietly(this.fs, this.lock);
      heldHere.delete(resolve(this.dir));
    }
  }
}

function addLines(records: readonly DeliveryRecord[], from: number): string {
  let text = '';
  const end = Math.min(records.length, from + COMPACT_BATCH);
  for (let i = from; i < end; i++) text += `${JSON.stringify({ op: 'add', rec: records[i] })}\n`;
  return text;
}

/** Writes all of `data` (a write may take part of it); returns the bytes written. */
function writeAll(fs: JournalFileSystem, fd: number, data: string | Buffer): number {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  for (let at = 0; at < buffer.length; ) at += fs.writeSync(fd, buffer, at, buffer.length - at);
  return buffer.length;
}

/** Calls `each` with every line of the file from `position` (the last, if it has no newline, too). */
function forEachLine(fs: JournalFileSystem, fd: number, position: number, each: (line: string) => void): void {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let carry: Buffer | null = null;
  for (let at = position; ; ) {
    const n = fs.readSync(fd, buffer, 0, CHUNK, at);
    if (n === 0) break;
    at += n;
    let start = 0;
    for (let nl = buffer.indexOf(10, 0); nl !== -1 && nl < n; nl = buffer.indexOf(10, start)) {
      if (carry === null) {
        each(buffer.toString('utf8', start, nl));
      } else {
        each(Buffer.concat([carry, buffer.subarray(start, nl)]).toString('utf8'));
        carry = null;
      }
      start = nl + 1;
    }
    if (start < n) carry = carry === null ? Buffer.from(buffer.subarray(start, n)) : Buffer.concat([carry, buffer.subarray(start, n)]);
  }
  if (carry !== null) each(carry.toString('utf8'));
}

/**
 * Takes `dir`'s lock for this process; returns the lock file's path.
 *
 * The lock is the highest-numbered `lock.<n>` file, holding its process's
 * pid. Taking it creates `lock.<n+1>` as a hard link of a file already
 * holding this pid: a link is made whole or not at all, and only one process
 * can make a given name, so of two processes that find the same dead holder
 * exactly one gets the next number; the other finds it taken and its holder
 * alive. A name below the highest (made by a process that read the directory
 * before a newer holder took over) is given up again: the highest is the
 * holder. Lower numbers and the lock of earlier releases are removed.
 */
function takeLock(fs: JournalFileSystem, dir: string): string {
  const mine = join(dir, `lock-${process.pid}-${randomUUID()}.tmp`);
  fs.writeFileSync(mine, String(process.pid), { mode: 0o600 });
  try {
    for (let round = 0; round < 100; round++) {
      const numbers = lockNumbers(fs, dir);
      const top = numbers.at(-1) ?? 0;
      if (top > 0) refuseLiveHolder(fs, dir, `lock.${top}`);
      refuseLiveHolder(fs, dir, LEGACY_LOCK);
      const next = join(dir, `lock.${top + 1}`);
      try {
        fs.linkSync(mine, next);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      if ((lockNumbers(fs, dir).at(-1) ?? 0) > top + 1) {
        unlinkQuietly(fs, next);
        continue;
      }
      for (const n of lockNumbers(fs, dir)) if (n <= top) unlinkQuietly(fs, join(dir, `lock.${n}`));
      unlinkQuietly(fs, join(dir, LEGACY_LOCK));
      return next;
    }
    throw new Error(`cannot lock the webhook directory ${dir}`);
  } finally {
    unlinkQuietly(fs, mine);
  }
}

function lockNumbers(fs: JournalFileSystem, dir: string): number[] {
  const numbers: number[] = [];
  for (const name of fs.readdirSync(dir)) {
    const match = LOCK.exec(name);
    if (match !== null) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

/** Throws when the lock file `name` names a live process other than this one. */
function refuseLiveHolder(fs: JournalFileSystem, dir: string, name: string): void {
  let text: string;
  try {
    text = fs.readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const holder = Number(text);
  // A lock holding this very pid was left by an earlier process that had it (a container restarted as pid 1).
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
    throw new Error(`the webhook directory ${dir} is in use by process ${holder}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(fs: JournalFileSystem, path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Makes a rename durable (the directory entry), where the platform allows opening a directory. */
function fsyncDir(fs: JournalFileSystem, dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // Windows cannot open a directory; NTFS journals its metadata.
  }
}
