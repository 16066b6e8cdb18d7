import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/batchBin.js';

// `data update` runs each builder as a child process. Killed with SIGKILL, it
// leaves the builder running; the next update removes the killed run's work
// directory, so the orphan must not write into it. A builder started with
// IDENTITY_SIGNALS_BUILD_PARENT writes only while that process is its parent.

const out = mkdtempSync(join(tmpdir(), 'builder-orphan-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs a one-line builder that writes `rel` through scripts/lib/generated.ts, as a child of this process. */
function build(rel: string, parent: number) {
  const script = `import { writeGenerated } from ${JSON.stringify(join(ROOT, 'scripts', 'lib', 'generated.ts'))}; writeGenerated(${JSON.stringify(rel)}, 'x');`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, IDENTITY_SIGNALS_BUILD_OUT: out, IDENTITY_SIGNALS_BUILD_PARENT: String(parent) },
    encoding: 'utf8',
  });
}

describe('a data builder started by data update', () => {
  it('writes while the process named as its parent is its parent', () => {
    const run = build('kept.txt', process.pid);
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(out, 'kept.txt'))).toBe(true);
  });

  it('writes nothing and exits 1 once its parent is another process (the update that started it was killed)', () => {
    const run = build('orphan.txt', process.pid + 1_000_000);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/the data update that started it \(pid \d+\) is gone; stopping without writing/);
    expect(existsSync(join(out, 'orphan.txt'))).toBe(false);
  });
});
