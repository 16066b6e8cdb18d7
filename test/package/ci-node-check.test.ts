import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutFakeClock } from '../support/realClock.js';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const dir = mkdtempSync(join(tmpdir(), 'ci-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `.ci/run` with `node` on PATH reporting `version` and an `npm` that
 * only logs its arguments, so nothing is installed or built.
 */
function ciRun(version: string): { status: number | null; out: string } {
  const bin = mkdtempSync(join(dir, 'bin-'));
  const preload = join(bin, 'version.cjs');
  writeFileSync(preload, `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });\n`);
  writeFileSync(join(bin, 'node'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --require ${JSON.stringify(preload)} "$@"\n`);
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "fake npm $*"\n');
  chmodSync(join(bin, 'node'), 0o755);
  chmodSync(join(bin, 'npm'), 0o755);
  const r = spawnSync('bash', [join(root, '.ci', 'run')], {
    encoding: 'utf8',
    // The CI script runs redis-server --version: not under faketime (test/support/realClock.ts).
    env: { ...withoutFakeClock(), PATH: `${bin}:${process.env['PATH'] ?? ''}` },
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('engines.node and the CI node check', () => {
  it('engines.node is at least 20.11 (the tests use import.meta.dirname) and 20.19 (vitest 4, faker 10 and eslint-plugin-regexp 3 declare it)', () => {
    const m = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(m, pkg.engines.node).not.toBeNull();
    const [major, minor] = [Number(m![1]), Number(m![2])];
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
  });

  it('.ci/run stops first, with a clear message, on a Node older than engines.node', () => {
    const { status, out } = ciRun('20.11.1');
    expect(status).toBe(1);
    expect(out).toContain(`Node 20.11.1 is too old: identity-signals needs Node ${pkg.engines.node}`);
    expect(out).not.toContain('fake npm'); // nothing ran before the check
  });

  it('.ci/run goes on to npm ci on a Node that satisfies engines.node', () => {
    const floor = pkg.engines.node.slice(2);
    const { out } = ciRun(floor);
    expect(out).not.toContain('too old');
    expect(out).toContain('fake npm ci');
  });
});
