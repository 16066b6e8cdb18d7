/**
 * scripts/test-prerequisites.sh, which `npm test` runs first (pretest) and
 * .ci/run runs before npm ci: on a fresh Debian machine with Node alone the
 * README's `npm ci && npm test` must install redis-server, chromium and
 * faketime itself (as root, with apt-get) or stop at once with the command.
 *
 * The script runs here with a PATH of its own: a folder of fakes (`id`
 * answering a chosen uid, an `apt-get` that logs its arguments and "installs"
 * by writing the programs into a folder on that PATH), so every branch runs
 * on this machine without touching its packages.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const script = join(root, 'scripts', 'test-prerequisites.sh');
const work = mkdtempSync(join(tmpdir(), 'is-prereq-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const PROGRAMS = ['redis-server', 'chromium', 'faketime'];
const bash = ['/bin/bash', '/usr/bin/bash'].find((p) => existsSync(p)) ?? 'bash';

function executable(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

interface Machine {
  /** Programs already installed. */
  readonly present?: readonly string[];
  /** What `id -u` answers. */
  readonly uid?: number;
  /** Whether apt-get exists; `'installs-nothing'` succeeds without installing, `'fails'` exits 100. */
  readonly aptGet?: 'installs' | 'installs-nothing' | 'fails' | 'absent';
}

function runOn({ present = [], uid = 0, aptGet = 'installs' }: Machine) {
  const dir = mkdtempSync(join(work, 'machine-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const log = join(dir, 'apt-get.log');
  for (const p of present) executable(join(bin, p), 'exit 0');
  executable(join(bin, 'id'), `[ "$1" = "-u" ] && echo ${uid}`);
  if (aptGet !== 'absent') {
    const install =
      aptGet === 'installs'
        ? `for p in "$@"; do case "$p" in -*|install) ;; *) printf '#!/bin/sh\\nexit 0\\n' > ${bin}/$p; /bin/chmod 755 ${bin}/$p ;; esac; done`
        : aptGet === 'fails'
          ? 'echo "E: Unable to locate package" >&2; exit 100'
          : ':';
    executable(join(bin, 'apt-get'), `echo "apt-get $* (DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> ${log}\nif [ "$1" = install ]; then ${install}; fi`);
  }
  const r = spawnSync(bash, [script], { encoding: 'utf8', env: { PATH: bin } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, aptGet: existsSync(log) ? readFileSync(log, 'utf8') : '' };
}

describe('scripts/test-prerequisites.sh', () => {
  it('passes through when every program is on PATH, installing nothing', () => {
    const r = runOn({ present: PROGRAMS });
    expect(r).toMatchObject({ status: 0, stdout: 'test prerequisites: redis-server chromium faketime found\n', stderr: '', aptGet: '' });
  });

  it('as root with apt-get, installs exactly the missing ones (after apt-get update), then passes', () => {
    const r = runOn({ present: ['chromium'], uid: 0 });
    expect(r.aptGet).toBe('apt-get update -qq (DEBIAN_FRONTEND=noninteractive)\napt-get install -y -qq redis-server faketime (DEBIAN_FRONTEND=noninteractive)\n');
    expect(r.stdout).toBe('test prerequisites: installing redis-server faketime (apt-get install -y redis-server faketime)\ntest prerequisites: redis-server chromium faketime found\n');
    expect(r.status).toBe(0);
  });

  it('not root, stops at once with the command to run, installing nothing', () => {
    const r = runOn({ present: ['faketime'], uid: 1000 });
    expect(r.status).toBe(1);
    expect(r.aptGet).toBe('');
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'npm test needs programs that are not on PATH: redis-server chromium (the tests start them on loopback).\n' +
        'Install them, then run the tests again:\n\n  sudo apt-get install -y redis-server chromium\n',
    );
  });

  it('without apt-get, names the Debian command and the programs', () => {
    const r = runOn({ present: [], uid: 0, aptGet: 'absent' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('On Debian or Ubuntu: sudo apt-get install -y redis-server chromium faketime\n');
    expect(r.stderr).toContain('install the programs redis-server chromium faketime from your system');
  });

  it('fails when apt-get fails, or when what it installed is still not on PATH', () => {
    const failed = runOn({ uid: 0, aptGet: 'fails' });
    expect(failed.status).toBe(100);
    expect(failed.stderr).toContain('E: Unable to locate package');
    const nothing = runOn({ present: ['redis-server', 'chromium'], uid: 0, aptGet: 'installs-nothing' });
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/^test prerequisites: apt-get installed faketime, but faketime is still not on PATH/);
  });
});

describe('who runs it', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');

  it('npm test, first (pretest), so the README\'s npm ci && npm test installs or stops before any test', () => {
    expect(pkg.scripts['pretest']).toBe('bash scripts/test-prerequisites.sh');
  });

  it('.ci/run, before npm ci, with no install of its own', () => {
    const at = ci.indexOf('bash scripts/test-prerequisites.sh');
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(ci.search(/^npm ci\b/m));
    expect(ci).not.toMatch(/apt-get install/);
  });
});
