import * as fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebhookJournal } from '../../src/server/webhookJournal.js';
import type { JournalFileSystem } from '../../src/server/webhookJournal.js';
import { scratchFolders } from '../support/scratch.js';

// The journal is compacted while the server runs, not only when it opens: a
// server that delivers without restarting keeps a file of about
// `compactBytes`. A compaction runs a piece at a time while deliveries go on
// being written; a process killed at any step of it loses nothing it
// acknowledged. "Killed" here: the directory is copied as it is just before
// each file call of the run (what the page cache holds survives a kill -9),
// and each copy is opened as the next process would.

const { folder } = scratchFolders('identity-signals-journal-compaction-');
const job = (n: number) => ({ url: 'https://hooks.example.org/x', resolution_id: `r-${n}`, customer_id: 'c', email: `jane${n}@acme-widgets.com`, secret: 's' });
const tick = () => new Promise<void>((done) => setImmediate(done));

describe('webhook journal: compaction while running', () => {
  it('a journal of finished deliveries stays near compactBytes, and what is pending survives it', async () => {
    const dir = folder();
    const journal = WebhookJournal.open(dir, { compactBytes: 8 * 1024 });
    const kept: string[] = [];
    try {
      for (let n = 0; n < 1000; n++) {
        const rec = journal.add(job(n), n);
        journal.setBody(rec.id, `{"n":${n}}`);
        if (n % 100 === 0) kept.push(rec.id);
        else journal.done(rec.id);
        await tick();
      }
      await journal.compact();
      const size = fs.statSync(join(dir, 'deliveries.ndjson')).size;
      console.log(`compaction while running: 1000 deliveries, ${journal.compactions} compactions, journal ${size} bytes (written in all: about ${1000 * 330} bytes)`);
      expect(journal.compactions).toBeGreaterThan(0);
      expect(size).toBeLessThan(4 * 8 * 1024);
      expect(journal.bytes).toBe(size);
    } finally {
      journal.close();
    }
    const again = WebhookJournal.open(dir, { readOnly: true });
    expect(again.pending().map((r) => r.id).sort()).toEqual(kept.sort());
    expect(again.pending().every((r) => r.body !== undefined)).toBe(true);
  });

  it('killed before any file call of a compaction, the next process finds what was acknowledged', async () => {
    const dir = folder();
    interface State {
      readonly pending: string[];
      readonly dead: string[];
    }
    /** Each copy, with the journal's state then and, when the kill fell inside a change, the state with that change made. */
    const copies: { dir: string; acknowledged: State; inFlight?: State }[] = [];
    const held: { journal?: WebhookJournal } = {};
    let copying = false;
    let changing: typeof copies = [];
    const state = (): State => ({ pending: held.journal!.pending().map((r) => r.id).sort(), dead: held.journal!.deadLetters().map((r) => r.id).sort() });
    const snapshot = () => {
      if (copying || held.journal === undefined) return;
      const to = folder();
      for (const name of fs.readdirSync(dir)) fs.copyFileSync(join(dir, name), join(to, name));
      const copy = { dir: to, acknowledged: state() };
      copies.push(copy);
      changing.push(copy);
    };
    /** Makes one change; the kills that fell inside it may keep it or not (it was not acknowledged yet). */
    const change = <T>(make: () => T): T => {
      changing = [];
      const out = make();
      const after = state();
      for (const copy of changing) copy.inFlight = after;
      changing = [];
      return out;
    };
    const before =
      <A extends unknown[], R>(call: (...args: A) => R) =>
      (...args: A): R => {
        snapshot();
        return call(...args);
      };
    const recording: JournalFileSystem = {
      ...fs,
      writeSync: before(fs.writeSync) as typeof fs.writeSync,
      fsyncSync: before(fs.fsyncSync),
      fsync: before(fs.fsync) as typeof fs.fsync,
      renameSync: before(fs.renameSync),
      openSync: before(fs.openSync) as typeof fs.openSync,
      closeSync: before(fs.closeSync),
      ftruncateSync: before(fs.ftruncateSync) as typeof fs.ftruncateSync,
      unlinkSync: before(fs.unlinkSync),
    };
    const journal = WebhookJournal.open(dir, { compactBytes: 2048, fs: recording });
    held.journal = journal;
    try {
      for (let n = 0; n < 60; n++) {
        const rec = change(() => journal.add(job(n), n));
        if (n % 3 === 0) change(() => journal.done(rec.id));
        if (n % 5 === 0) change(() => journal.attempted(rec.id, 1, n + 1000, 'HTTP 503'));
        if (n % 7 === 0) change(() => journal.dead(rec.id, 2, 'HTTP 410'));
        if (n % 14 === 0) change(() => journal.retry(rec.id, n + 2000));
        await tick();
      }
      changing = [];
      await journal.compact();
      expect(journal.compactions).toBeGreaterThan(2);
    } finally {
      copying = true;
      journal.close();
    }
    expect(copies.length).toBeGreaterThan(100);
    let tmpLeft = 0;
    let keptInFlight = 0;
    for (const copy of copies) {
      tmpLeft += fs.readdirSync(copy.dir).filter((f) => f.endsWith('.tmp')).length;
      // The copy holds this live process's lock: opened as the next server would, after this one was killed.
      for (const name of fs.readdirSync(copy.dir)) if (name.startsWith('lock')) fs.unlinkSync(join(copy.dir, name));
      const next = WebhookJournal.open(copy.dir);
      try {
        const found: State = { pending: next.pending().map((r) => r.id).sort(), dead: next.deadLetters().map((r) => r.id).sort() };
        if (copy.inFlight !== undefined && JSON.stringify(found) === JSON.stringify(copy.inFlight)) keptInFlight += 1;
        else expect(found, copy.dir).toEqual(copy.acknowledged);
        expect(fs.readdirSync(copy.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      } finally {
        next.close();
      }
    }
    console.log(`compaction kills: ${copies.length} points, ${tmpLeft} with a half-made compaction file, ${keptInFlight} kept the change being written; every other one reopened with exactly what was acknowledged`);
    expect(tmpLeft).toBeGreaterThan(0);
  });
});
