import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
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
  | { op: 'purge'; id: string };

const FILE = 'deliveries.ndjson';
const LOCK = 'lock';

/**
 * The durable store of webhook deliveries on one machine: an append-only
 * journal (one JSON line per change, fsynced before the call returns) in
 * `dir`, replayed on open and compacted then (only live deliveries are
 * rewritten, to a new file renamed over the old). A line cut by a crash
 * (the last one, half written) is ignored: its change had not been
 * acknowledged. A lock file holds the directory for one process; a lock
 * whose process is gone (killed) is taken over.
 *
 * The journal holds each key's webhook secret (to sign retries after a
 * restart): the directory is created private (0700, files 0600).
 */
export class WebhookJournal {
  private readonly records = new Map<string, DeliveryRecord>();
  private fd: number;
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly readOnly: boolean,
  ) {
    const path = join(dir, FILE);
    if (existsSync(path)) this.replay(readFileSync(path, 'utf8'));
    if (readOnly) {
      this.fd = -1;
      return;
    }
    // Compaction: the live deliveries in a fresh file, fsynced, then renamed over the old one.
    const tmp = join(dir, `${FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, [...this.records.values()].map((rec) => `${JSON.stringify({ op: 'add', rec })}\n`).join(''), { mode: 0o600 });
    const tfd = openSync(tmp, 'r+');
    fsyncSync(tfd);
    closeSync(tfd);
    renameSync(tmp, path);
    this.fd = openSync(path, 'a', 0o600);
    fsyncDir(dir);
  }

  /**
   * Opens (creating) the journal in `dir` for this process.
   * @param readOnly read the state without taking the lock (`webhooks list` beside a running server)
   * @throws Error when another live process holds the directory
   */
  static open(dir: string, options: { readonly readOnly?: boolean } = {}): WebhookJournal {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.readOnly !== true) takeLock(dir);
    return new WebhookJournal(dir, options.readOnly === true);
  }

  private replay(text: string): void {
    for (const line of text.split('\n')) {
      if (line === '') continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue; // the torn last line of a crash
      }
      this.apply(entry);
    }
  }

  private apply(entry: Entry): void {
    if (entry.op === 'add') {
      this.records.set(entry.rec.id, entry.rec);
      return;
    }
    const rec = this.records.get(entry.id);
    if (rec === undefined) return;
    switch (entry.op) {
      case 'body':
        this.records.set(rec.id, { ...rec, body: entry.body });
        break;
      case 'try':
        this.records.set(rec.id, { ...rec, attempts: entry.attempts, due: entry.due, error: entry.error });
        break;
      case 'dead':
        this.records.set(rec.id, { ...rec, attempts: entry.attempts, error: entry.error, dead: true });
        break;
      case 'retry':
        this.records.set(rec.id, { ...rec, dead: false, due: entry.due, created: entry.due });
        break;
      case 'done':
      case 'purge':
        this.records.delete(rec.id);
        break;
    }
  }

  /** Writes one change and fsyncs it before returning: once this returns, a crash does not lose it. */
  private write(entry: Entry): void {
    if (this.readOnly || this.closed) throw new Error('the webhook journal is not open for writing');
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.fd);
    this.apply(entry);
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

  /** Deliveries still to send, earliest due first. */
  pending(): DeliveryRecord[] {
    return [...this.records.values()].filter((r) => !r.dead).sort((a, b) => a.due - b.due);
  }

  /** Deliveries given up, oldest first. */
  deadLetters(): DeliveryRecord[] {
    return [...this.records.values()].filter((r) => r.dead).sort((a, b) => a.created - b.created);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.readOnly) return;
    closeSync(this.fd);
    try {
      unlinkSync(join(this.dir, LOCK));
    } catch {
      // already gone
    }
  }
}

/** Takes `dir`'s lock for this process; takes over a lock whose process is gone. */
function takeLock(dir: string): void {
  const path = join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      fsyncSync(fd);
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(`the webhook directory ${dir} is in use by process ${holder}`);
      }
      unlinkSync(path);
    }
  }
  throw new Error(`cannot lock the webhook directory ${dir}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes a rename durable (the directory entry), where the platform allows opening a directory. */
function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    fsyncSync(fd);
    closeSync(fd);
  } catch {
    // Windows cannot open a directory; NTFS journals its metadata.
  }
}
