import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME } from '../../src/batch/queue.js';
import { mixedCsv, writeLines } from '../support/batchData.js';
import { ndjson, runBin, startBin, until } from '../support/batchBin.js';
import type { Running } from '../support/batchBin.js';
import { freePort, startRedisServer } from '../support/redisServer.js';
import type { RunningRedis } from '../support/redisServer.js';

// `batch --queue` and `worker --queue` against a real redis-server on
// loopback, started here (Debian's package; CI installs it). No Redis is no
// reason to skip: the test fails and says so.

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-queue-'));
let redis: RunningRedis | undefined;
let url = '';
const workers: Running[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  url = redis.url;
});

afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.done));
  redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function startWorker(): Running {
  const worker = startBin(['worker', '--queue', url, '--workers', '1'], dir);
  worker.child.stdin!.end();
  workers.push(worker);
  return worker;
}

describe('batch --queue: chunks on BullMQ, workers in other processes', () => {
  it('two workers, one killed with SIGKILL mid-chunk: every row arrives exactly once, in input order', async () => {
    writeLines(join(dir, 'mixed.csv'), mixedCsv(400, 11));
    const doomed = startWorker();
    const survivor = startWorker();
    await until(() => doomed.stderr().includes('checking chunks') && survivor.stderr().includes('checking chunks'), 30_000, 'both workers to start');

    const queue = new Queue(QUEUE_NAME, { connection: { url } });
    try {
      const batch = startBin(['batch', '--input', 'mixed.csv', '--output', 'mixed.ndjson', '--queue', url, '--chunk', '50'], dir);
      batch.child.stdin!.end();
      // Kill the first worker while it holds a chunk: BullMQ shows whose it is.
      const mark = `:${doomed.child.pid}`;
      let held = '';
      await until(() => {
        void queue.getActive().then((jobs) => {
          held ||= jobs.find((job) => job.processedBy?.endsWith(mark))?.id ?? '';
        });
        return held !== '';
      }, 60_000, 'the first worker to take a chunk');
      doomed.child.kill('SIGKILL');
      expect((await doomed.done).signal).toBe('SIGKILL');

      const finished = await batch.done;
      expect(finished.stderr).toMatch(/batch: 400 rows read, 400 checked, 0 rejected/);
      expect(finished.code).toBe(0);
      const rows = ndjson<{ line: number; email: { value: string } }>(join(dir, 'mixed.ndjson'));
      expect(rows.map((r) => r.line)).toEqual(Array.from({ length: 400 }, (_, i) => i + 2));
      // Each line holds its own row: the chunk the killed worker held was checked again, by the other one.
      const source = readFileSync(join(dir, 'mixed.csv'), 'utf8').split('\n');
      expect(rows.every((r) => source[r.line - 1]!.split(',')[1] === r.email.value)).toBe(true);
    } finally {
      await queue.close();
    }
    // The stalled chunk waits out its lock (5 s) before it is handed out again; on a loaded machine the whole run takes longer.
  }, 120_000);

  it('each row\'s country travels with its chunk: a worker reads national numbers and names with it', async () => {
    const worker = startWorker();
    await until(() => worker.stderr().includes('checking chunks'), 30_000, 'the worker to start');
    const input = 'Phone,First,Last,Country\n07911 123456,Andrea,Smith,GB\n07911 123456,Andrea,Smith,\n333 123 4567,Andrea,Smith,IT\n';
    const { code, stdout, stderr } = await runBin(['batch', '--input', '-', '--queue', url, '--quiet'], dir, input);
    expect(stderr.split('\n')[0]).toBe('batch: checking phone ← "Phone", name ← "First" + "Last", country ← "Country" (CSV, delimiter ",")');
    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number; phone: { is_valid: boolean; country_code: string | null }; name: { gender: string | null } });
    expect(rows.map((r) => [r.line, r.phone.is_valid, r.phone.country_code])).toEqual([
      [2, true, '+44'],
      [3, false, null],
      [4, true, '+39'],
    ]);
    expect(rows[2]!.name.gender).toBe('M');
  }, 120_000);

  it('a Redis that does not answer is said at once, exit 1', async () => {
    const port = await freePort();
    const { code, stderr } = await runBin(['batch', '--input', '-', '--queue', `redis://127.0.0.1:${port}`], dir, 'Email\na@gmail.com\n');
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^cannot reach Redis at redis://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  });
});
