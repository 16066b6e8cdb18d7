import { DATASETS } from '../../src/registry.js';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staleWarning } from '../../src/cli/data.js';
import { commandUsage } from '../../src/cli/usage.js';
import { defaultDataContext, openData } from '../../src/data/context.js';
import { dataInfo } from '../../src/data/info.js';
import { parseManifest } from '../../src/data/manifest.js';
import { runCliLines } from '../support/cli.js';
import { startHttpServer } from '../support/httpServer.js';
import type { LoopbackServer } from '../support/httpServer.js';
import { ROOT } from '../support/batchBin.js';
import { scratchFolders } from '../support/scratch.js';

// `identity-signals data …` run in process through runCli (so mutation
// testing sees src/cli/data.ts): every misuse line with its usage and exit
// code, the `data info` table's columns, and `data update` end to end with
// its flags. The update runs read the folder mirror of
// test/fixtures/data-update (the upstream layout, cut-down packages) or a
// loopback HTTP server on 127.0.0.1; nothing here touches the internet. The
// e-mail builder is the cheapest one (four packages, no GitHub lists, about
// a second), so the runs that build use --products email.

const FIXTURES = join(ROOT, 'test', 'fixtures', 'data-update');
const EMAIL_PACKAGES = ['disposable-email-domains-js', 'email-providers', 'mailchecker', 'role-based-email-addresses'];

/** Each test's own empty parent folder for --out, under one scratch folder removed after the file. */
const { folder } = scratchFolders('identity-signals-cli-data-');

async function cli(argv: readonly string[], env: Record<string, string> = {}) {
  const { code, out, err } = await runCliLines(argv, { env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A usage fault: the message, a blank line, the data command's usage; exit 2. */
const usageFault = (message: string) => ({ code: 2, out: '', err: `${message}\n\n${commandUsage('data')}` });

describe('data: misuse is one line and the usage of data, exit 2', () => {
  it.each([
    [['data'], 'data needs a subcommand: info, verify, export, update'],
    [['data', 'frobnicate'], 'unknown data subcommand "frobnicate" (info, verify, export, update)'],
    [['data', 'info', 'extra'], 'data info takes no arguments, got "extra" (the bundle is --data DIR)'],
    [['data', 'verify'], 'data verify takes the bundle directory to verify'],
    [['data', 'verify', 'a', 'b'], 'data verify takes the bundle directory to verify'],
    [['data', 'export'], 'data export needs --out DIR (a new or empty directory)'],
    [['data', 'export', '--out', 'x', 'extra'], 'data export takes no arguments, got "extra"'],
    [['data', 'update'], 'data update needs --out DIR (the bundle to update; the first update creates it)'],
    [['data', 'update', 'extra', '--out', 'x'], 'data update takes no arguments, got "extra" (the bundle is --out DIR)'],
    [['data', 'update', '--out', 'x', '--products', 'name'], '--products: "name" is not one of device, email, ip, phone (the products whose sources publish updates)'],
    [['data', 'update', '--out', 'x', '--products', 'email,phon'], '--products: "phon" is not one of device, email, ip, phone (the products whose sources publish updates)'],
    [['data', 'update', '--out', 'x', '--products', ' , '], '--products names no product (device, email, ip, phone)'],
    [['data', 'update', '--out', 'x', '--registry', 'ftp://registry.example'], '--registry must be an http(s) URL, got "ftp://registry.example"'],
    [['data', 'update', '--out', 'x', '--registry', 'registry.example/http://'], '--registry must be an http(s) URL, got "registry.example/http://"'],
    [['data', 'update', '--out', 'x', '--registry', 'http:/registry.example'], '--registry must be an http(s) URL, got "http:/registry.example"'],
  ])('%j', async (argv, message) => {
    expect(await cli(argv)).toEqual(usageFault(message));
  });
});

describe('data info', () => {
  it('the table: every column starts where its heading does, one row per dataset', async () => {
    const { code, out, err } = await cli(['data', 'info']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const [head, ...rows] = out.split('\n');
    expect(head).toMatch(/^dataset {2,}retrieved {2,}age {2,}records {2,}from {2,}status {2,}source$/);
    const datasets = defaultDataContext().bundle.manifest.datasets;
    expect(rows).toHaveLength(datasets.length);
    const starts = ['retrieved', 'age', 'records', 'from', 'status', 'source'].map((h) => head!.indexOf(h));
    for (const row of rows) {
      // Each cell sits at its heading's column, preceded by at least two spaces.
      const d = datasets.find((x) => `${x.product}/${x.name}` === row.slice(0, starts[0]!).trimEnd());
      expect(d, row).toBeDefined();
      expect(row.slice(starts[0]!, starts[1]!).trimEnd(), row).toBe(d!.retrieved);
      expect(row.slice(starts[2]!, starts[3]!).trimEnd(), row).toBe(String(d!.records));
      expect(row.slice(starts[3]!, starts[4]!).trimEnd(), row).toBe('default');
      expect(row.slice(starts[4]!, starts[5]!).trimEnd(), row).toBe('verified');
      expect(row.slice(starts[5]!), row).toBe(d!.source);
      for (const start of starts) expect(row.slice(start - 2, start), row).toBe('  ');
    }
    // The widest dataset name sets the first column: exactly two spaces after it.
    const widest = Math.max(...datasets.map((d) => `${d.product}/${d.name}`.length));
    expect(starts[0]).toBe(widest + 2);
  });

  it('an empty IDENTITY_SIGNALS_DATA is no setting: the package bundle', async () => {
    const { code, out } = await cli(['data', 'info', '--json'], { IDENTITY_SIGNALS_DATA: '' });
    expect(code).toBe(0);
    const info = JSON.parse(out) as { from: string }[];
    expect(info.length).toBe(defaultDataContext().bundle.manifest.datasets.length);
    expect(info.every((d) => d.from === 'default')).toBe(true);
  });
});

describe('the stale-data warning of serve', () => {
  it('none when no list is past the maximum age', () => {
    const fresh = dataInfo(openData({ maxAgeDays: 100_000 }), DATASETS);
    expect(fresh.some((d) => d.stale)).toBe(false);
    expect(staleWarning(fresh, {})).toBeNull();
    expect(staleWarning(dataInfo(openData({ maxAgeDays: 0 }, 'data', () => new Date('2100-01-01T00:00:00Z')), DATASETS), {})).toMatch(/^warning: data past its maximum age: /);
  });
});

describe('data export', () => {
  it('says how many datasets it wrote where, and how to check the copy', async () => {
    const out = join(folder(), 'exported');
    const { code, out: stdout, err } = await cli(['data', 'export', '--out', out]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    const datasets = defaultDataContext().bundle.manifest.datasets.length;
    expect(err).toBe(`${datasets} datasets written to ${out}; check a copy with: identity-signals data verify <dir>`);
    expect(await cli(['data', 'verify', out])).toEqual({ code: 0, out: `${out}: ${datasets} datasets verified`, err: '' });
  });

  it('into a directory that holds something: the DataError line of runCli, exit 1', async () => {
    const out = folder();
    writeFileSync(join(out, 'notes.txt'), 'mine');
    expect(await cli(['data', 'export', '--out', out])).toEqual({
      code: 1,
      out: '',
      err: `DataError DATA_CORRUPT: ${out}: not empty; export writes a new bundle into an empty or new directory`,
    });
    expect(readdirSync(out)).toEqual(['notes.txt']);
  });

  it("a --out below a file: the system's one line, exit 1, not an internal error", async () => {
    const file = join(folder(), 'file');
    writeFileSync(file, 'x');
    const out = join(file, 'exported');
    const run = await cli(['data', 'export', '--out', out]);
    expect(run).toEqual({ code: 1, out: '', err: expect.stringMatching(/^data export: ENOTDIR: not a directory, mkdir '/) });
    expect(run.err).toContain(out);
    expect(run.err.split('\n')).toHaveLength(1);
  });
});

describe('data update: refused before anything is downloaded', () => {
  it('a --out that is a plain directory: one line, exit 1, nothing written beside it', async () => {
    const parent = folder();
    const plain = join(parent, 'plain');
    mkdirSync(plain);
    const run = await cli(['data', 'update', '--out', plain, '--mirror', FIXTURES, '--products', 'email']);
    expect(run).toEqual({
      code: 1,
      out: '',
      err:
        `data update: ${plain} exists and is not a bundle link made by data update: an update publishes a bundle by swapping a symbolic link in one step, ` +
        'which a directory cannot be. Give a new path (the first update creates it), or move this one away.',
    });
    expect(readdirSync(parent)).toEqual(['plain']);
  });

  it("a --out below a file: the system's one line, exit 1, not an internal error", async () => {
    const file = join(folder(), 'file');
    writeFileSync(file, 'x');
    const out = join(file, 'bundle');
    expect(await cli(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email'])).toEqual({
      code: 1,
      out: '',
      err: `data update: ENOTDIR: not a directory, lstat '${out}'`,
    });
  });

  it('--products is a comma list: spaces and empty items are dropped, each name checked', async () => {
    const plain = join(folder(), 'plain');
    mkdirSync(plain);
    // Past the --products check, the plain directory is what refuses the run (exit 1, not a usage fault).
    for (const products of [' email , ,ip ', 'email,', 'device,phone']) {
      const run = await cli(['data', 'update', '--out', plain, '--products', products]);
      expect(run.code, products).toBe(1);
      expect(run.err, products).toMatch(/^data update: .* exists and is not a bundle link made by data update/);
    }
  });

  it('--registry: http or https, in any case', async () => {
    const plain = join(folder(), 'plain');
    mkdirSync(plain);
    for (const registry of ['http://127.0.0.1:9/', 'HTTPS://127.0.0.1:9/npm/']) {
      const run = await cli(['data', 'update', '--out', plain, '--registry', registry]);
      expect(run.code, registry).toBe(1);
      expect(run.err, registry).toMatch(/^data update: .* exists and is not a bundle link/);
    }
  });

  it('a lock held by a live process: one line naming the lock and its pid, exit 1; the lock is left as it was', async () => {
    const parent = folder();
    const lock = join(parent, '.bundle.lock');
    writeFileSync(lock, `${process.pid}\n`);
    const run = await cli(['data', 'update', '--out', join(parent, 'bundle'), '--mirror', FIXTURES, '--products', 'email']);
    expect(run).toEqual({
      code: 1,
      out: '',
      err: `data update: ${lock}: another data update (pid ${process.pid}) is running on this bundle; wait for it, or delete the lock file if no such process is running`,
    });
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
    expect(existsSync(join(parent, 'bundle'))).toBe(false);
  });

  it("a previous bundle whose manifest is not JSON: the library's DataError line, exit 1, the link untouched", async () => {
    const parent = folder();
    mkdirSync(join(parent, 'broken'));
    writeFileSync(join(parent, 'broken', 'manifest.json'), '{');
    const out = join(parent, 'bundle');
    symlinkSync('broken', out);
    const run = await cli(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email']);
    expect(run.code).toBe(1);
    expect(run.err.split('\n').at(-1)).toMatch(/^DataError DATA_CORRUPT: .*manifest\.json: not valid JSON/);
    expect(realpathSync(out)).toBe(realpathSync(join(parent, 'broken')));
  });
});

describe('data update: where the downloads come from', () => {
  // A loopback server that answers 404 to everything and records the paths asked for: each
  // run fails at its first download, and the URL in its message says which source was used.
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startHttpServer((_, res) => res.writeHead(404).end());
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.unstubAllEnvs();
    server.requests.length = 0;
  });

  /** The failed-download message for the four e-mail packages' documents under `base`. */
  const failed = (base: string) =>
    `data update: downloads failed, the previous bundle is unchanged:\n  ${EMAIL_PACKAGES.map((name) => `${name}: ${base}${name}/latest: HTTP 404`).join('\n  ')}`;

  it('--mirror URL: every package document from the mirror, at its upstream host and path', async () => {
    const out = join(folder(), 'bundle');
    const run = await cli(['data', 'update', '--out', out, '--products', 'email', '--mirror', `${server.origin}/mirror`], {
      npm_config_registry: `${server.origin}/from-env/`,
    });
    expect(run).toEqual({ code: 1, out: '', err: failed(`${server.origin}/mirror/registry.npmjs.org/`) });
    expect(server.requests.map((r) => r.path).sort()).toEqual(EMAIL_PACKAGES.map((name) => `/mirror/registry.npmjs.org/${name}/latest`));
    expect(existsSync(out)).toBe(false);
  });

  it('--registry wins over --mirror for the package documents', async () => {
    const run = await cli(['data', 'update', '--out', join(folder(), 'bundle'), '--products', 'email', '--mirror', `${server.origin}/mirror`, '--registry', `${server.origin}/npm`]);
    expect(run).toEqual({ code: 1, out: '', err: failed(`${server.origin}/npm/`) });
  });

  it("without either, npm's registry setting of the command's environment (not the process's)", async () => {
    vi.stubEnv('npm_config_registry', `${server.origin}/from-process/`);
    vi.stubEnv('NPM_CONFIG_REGISTRY', `${server.origin}/from-process/`);
    const run = await cli(['data', 'update', '--out', join(folder(), 'bundle'), '--products', 'email'], { npm_config_registry: `${server.origin}/from-env/` });
    expect(run).toEqual({ code: 1, out: '', err: failed(`${server.origin}/from-env/`) });
  });
});

describe('data update from the fixture mirror (e-mail only)', () => {
  const manifestOf = (dir: string) => parseManifest(readFileSync(join(dir, 'manifest.json'), 'utf8'), dir);
  const packagedRecords = (name: string) => defaultDataContext().bundle.manifest.datasets.find((d) => d.product === 'email' && d.name === name)!.records;

  it('refuses lists under half the package bundle without --allow-shrink; with it, publishes and says what it built', async () => {
    const out = join(folder(), 'bundle');
    const refused = await cli(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email']);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    const lines = refused.err.split('\n');
    expect(lines.slice(0, 5)).toEqual([...EMAIL_PACKAGES.map((name) => expect.stringMatching(new RegExp(`^package ${name}@[\\d.]+ \\(\\d+ bytes\\)$`))), 'building email']);
    expect(lines[5]).toMatch(
      new RegExp(`^data update: refusing the update: email/disposable has 300 records, the previous bundle ${packagedRecords('disposable')} \\(source: disposable-email-domains-js@`),
    );
    expect(lines[5]).toContain('run again with --allow-shrink to accept it.');
    expect(lines).toHaveLength(6);
    expect(existsSync(out)).toBe(false);

    const accepted = await cli(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email', '--allow-shrink']);
    expect(accepted.code, accepted.err).toBe(0);
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    const manifest = manifestOf(out);
    const rebuilt = manifest.datasets.filter((d) => d.product === 'email');
    const records = manifest.datasets.reduce((n, d) => n + d.records, 0);
    expect(accepted.out).toBe(`${out}: ${manifest.datasets.length} datasets verified (${rebuilt.length} rebuilt from 4 packages and 0 files), ${records} records`);
    expect(accepted.err).toContain(`warning (accepted with --allow-shrink): email/disposable has 300 records, the previous bundle ${packagedRecords('disposable')}`);
    expect(accepted.err.split('\n').at(-1)).toMatch(new RegExp(`^${out.replaceAll('.', '\\.')} -> .*: ${manifest.datasets.length} datasets \\(${rebuilt.length} rebuilt\\), ${records} records, `));
  }, 120_000);

  it('--json: what was published, each rebuilt dataset, the packages and the totals', async () => {
    const out = join(folder(), 'bundle');
    const run = await cli(['data', 'update', '--out', out, '--mirror', FIXTURES, '--products', 'email', '--allow-shrink', '--json']);
    expect(run.code, run.err).toBe(0);
    const manifest = manifestOf(out);
    const result = JSON.parse(run.out) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['out', 'version', 'products', 'packages', 'files', 'datasets', 'updated', 'records', 'seconds']);
    expect(result).toMatchObject({
      out,
      version: realpathSync(out),
      products: ['email'],
      files: 0,
      datasets: manifest.datasets.length,
      records: manifest.datasets.reduce((n, d) => n + d.records, 0),
    });
    expect((result.packages as { name: string; version: string; tarball: string }[]).map((p) => p.name)).toEqual(EMAIL_PACKAGES);
    for (const p of result.packages as { name: string; version: string; tarball: string }[]) {
      expect(p.tarball).toBe(join(FIXTURES, 'registry.npmjs.org', p.name, '-', `${p.name}-${p.version}.tgz`));
    }
    expect(result.updated).toEqual(
      manifest.datasets
        .filter((d) => d.product === 'email')
        .map((d) => ({ product: d.product, name: d.name, records: d.records, source: d.source, retrieved: d.retrieved })),
    );
    expect(result.seconds).toBeTypeOf('number');
    expect(run.out).toBe(JSON.stringify(result, null, 2));
  }, 120_000);
});
