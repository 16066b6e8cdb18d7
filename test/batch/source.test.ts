import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { workerEntry } from '../../src/batch/pool.js';
import { runCli } from '../../src/cli/run.js';

// From source (vitest, tsx), the pool's threads load src/batch/worker.ts
// through tsx; built, dist/cli/batch-worker.js (the other tests run the bin).

const dir = mkdtempSync(join(tmpdir(), 'identity-signals-batch-src-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('batch --input from source', () => {
  it('finds the worker beside the module: src/batch/worker.ts, loaded through tsx', () => {
    const entry = workerEntry();
    expect(entry.filename).toBe(join(import.meta.dirname, '..', '..', 'src', 'batch', 'worker.ts'));
    expect(entry.execArgv.slice(-2)).toEqual(['--import', 'tsx']);
  });

  it('runs in-process with worker threads on the TypeScript sources; results come through io.out in order', async () => {
    const file = join(dir, 'in.csv');
    writeFileSync(file, 'Email,IP\na@gmail.com,8.8.8.8\n\nb@mailinator.com,81.2.69.142\n');
    const out: string[] = [];
    const err: string[] = [];
    // --max-memory far above this vitest worker's own memory, which the budget is measured on: no budget warning among the lines read here.
    const code = await runCli(['batch', '--input', file, '--workers', '1', '--allow-rejects', '--max-memory', '1000000'], { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from(['']), env: {} });
    expect(err[1]).toMatch(/^batch: 3 rows read, 2 checked, 1 rejected \(line 3\)/);
    expect(code).toBe(0);
    const rows = out.join('\n').split('\n').map((l) => JSON.parse(l) as { line: number; ip: { country: string } });
    expect(rows.map((r) => [r.line, r.ip.country])).toEqual([
      [2, 'US'],
      [4, 'GB'],
    ]);
  });
});
