import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, sharedRangeTables } from '../../src/batch/pool.js';
import { useSharedFile } from '../../src/common/sharedFiles.js';
import { readListedFile } from '../../src/data/bundle.js';
import { openData } from '../../src/data/context.js';
import { batchCheckerOptions } from '../../src/batch/checkChunk.js';
import { createIpCheck } from '../../src/ip/index.js';
import { tablesOf } from '../../src/ip/checkIp.js';
import { bundledCityPathIfInstalled } from '../../src/ip/mmdb.js';
import { mixedCsv, writeLines } from '../support/batchData.js';
import { chunkTask } from '../support/chunkTask.js';
import { startBin } from '../support/batchBin.js';
import { peakMb } from '../support/peakMemory.js';
import { prng } from '../support/prng.js';

// Peak resident memory of a real batch process, worker threads included
// (one process: /proc's VmHWM counts every thread), on rows of all five
// products, the heaviest mix (under 500 MB for any file size).

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-batch-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(existsSync('/proc/self/status'))('batch: peak memory', () => {
  it('2 worker threads on 6,000 rows of all five products stay under 500 MB resident', async () => {
    writeLines(join(dir, 'mixed.csv'), mixedCsv(6000, 21));
    const running = startBin(['batch', '--input', 'mixed.csv', '--output', 'out.ndjson', '--workers', '2', '--quiet'], dir);
    running.child.stdin!.end();
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, peakMb(running.child.pid!))), 50);
    const finished = await running.done;
    clearInterval(timer);
    expect(finished.stderr).toContain('6,000 rows read, 6,000 checked, 0 rejected');
    expect(finished.code).toBe(0);
    // Measured 389 MB here with the output buffers reused, the city cache capped and the range tables shared (411 MB without; 517 MB for 4,000 rows before the threads' young generation was capped).
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(500);
  }, 240_000);
});

// What grew with the file's length (2 threads of all five products
// peaked at 459–467 MB on 20,000 rows, 507–558 MB on 200,000), caught here
// by the mechanism rather than by a long run.

describe('batch: memory that grew with the length of the file', () => {
  it("the reading thread hands a written chunk's output memory back to the next chunk, which comes back in it", async () => {
    // Each chunk's output (≈1 MB for 200 rows of all five products) arrives as
    // an ArrayBuffer moved from a worker thread. Dropped after the write, those
    // buffers waited for a full collection of the reading thread's small heap:
    // 10–38 MB of dead output over a 200,000-row run of the built bin.
    const pool = createPool(1);
    try {
      const rows = (n: number, from: number) => Array.from({ length: n }, (_, i) => `user${from + i}@example.com,+4915112345${String(from + i).padStart(3, '0')}`);
      const chunk = (seq: number, records: string[]) => chunkTask(records, { seq, columns: ['Email', 'Phone'], mapping: { email: ['Email'], phone: ['Phone'] } });
      const first = await pool.run(chunk(0, rows(40, 0)));
      const bytes = first.text as Uint8Array;
      const room = bytes.buffer.byteLength;
      expect(room).toBeGreaterThanOrEqual(bytes.byteLength);
      // Written (here: read), it goes back to the pool and out with the next chunk, a shorter one.
      expect(Buffer.from(bytes).toString('utf8').split('\n')).toHaveLength(41);
      pool.release!(first);
      const second = await pool.run(chunk(1, rows(10, 40)));
      // Moved, not copied: the first result's memory is no longer in this thread...
      expect(bytes.buffer.byteLength).toBe(0);
      // ...and the second chunk's output came back in it (a new buffer would be sized to its own, shorter text).
      const again = second.text as Uint8Array;
      expect(again.buffer.byteLength).toBe(room);
      expect(again.byteLength).toBeLessThan(room / 2);
      expect(Buffer.from(again).toString('utf8').split('\n').map((l) => (l === '' ? null : (JSON.parse(l) as { line: number }).line))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, null]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it.runIf(bundledCityPathIfInstalled(4) !== null)("a batch checker keeps at most 8,192 city records per IP version, whatever the number of distinct addresses", () => {
    // The batch's checker options give its IP check a smaller city cache than the library's.
    const cityCacheSize = batchCheckerOptions({}).ip?.cityCacheSize;
    expect(cityCacheSize).toBe(8192);
    const check = createIpCheck({ cityCacheSize });
    const random = prng(0x16);
    // Random addresses land on tens of thousands of distinct city records (25,000 in 170,000 rows of the bench).
    for (let i = 0; i < 60_000; i++) check(`${1 + Math.floor(random() * 223)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`);
    // A full library cache (65,536 records a version, ≈400 bytes each) held ≈50 MB in every thread.
    expect(tablesOf(check).city(4)!.cached).toBe(8192);
  }, 120_000);

  it('the IP range tables are read once into shared memory for all the threads, and still verified in each', () => {
    // 14.5 MB of them were counted in each thread's own ArrayBuffers (heap snapshot of a batch thread).
    const { bundle } = openData(undefined);
    const tables = bundle.manifest.datasets.filter((d) => d.file.endsWith('.bin'));
    expect(tables.map((d) => d.name)).toContain('country');
    const shared = new Map(sharedRangeTables(undefined, false));
    expect([...shared.keys()].sort()).toEqual(tables.map((d) => join(bundle.root, d.file)).sort());
    // With the city files the country table is never read: not shared either.
    expect(sharedRangeTables(undefined, true).map(([path]) => path).sort()).toEqual(tables.filter((d) => d.name !== 'country').map((d) => join(bundle.root, d.file)).sort());
    for (const entry of tables) {
      const bytes = shared.get(join(bundle.root, entry.file))!;
      expect(bytes instanceof SharedArrayBuffer && bytes.byteLength === entry.bytes, entry.file).toBe(true);
      // A thread handed the bytes reads them, not the file: the same memory.
      useSharedFile(join(bundle.root, entry.file), Buffer.from(bytes));
      expect(readListedFile(bundle.root, entry).buffer === bytes, entry.file).toBe(true);
    }
    // Shared bytes are checked as a read file is: the wrong ones are refused.
    const [entry] = tables;
    const wrong = new SharedArrayBuffer(entry!.bytes);
    useSharedFile(join(dir, entry!.file), Buffer.from(wrong));
    expect(() => readListedFile(dir, entry!)).toThrow(expect.objectContaining({ code: 'DATA_CORRUPT' }));
  });
});
