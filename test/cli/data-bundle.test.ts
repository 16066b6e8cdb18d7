/**
 * The CLI's side of data bundles: `data info`, `data verify`,
 * `data export`, `--data` / IDENTITY_SIGNALS_DATA on the checks, and the
 * stale-data warning of `serve` (once, at start; silenced by a setting).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DISPOSABLE } from '../../src/email/data/formats.js';
import { LISTS } from '../../src/ip/data/formats.js';
import { defaultDataContext } from '../../src/data/context.js';
import { makeBundle } from '../data/makeBundle.js';
import { runCliLines } from '../support/cli.js';

/**
 * The CLI's clock is the system clock (a checker's default `now`); in
 * process, these tests pin it at a day 11 days after the fixture bundle's
 * date (2026-11-20), so what is stale does not depend on the day they run.
 */
const pinClock = (): void => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00Z') });
};
afterEach(() => {
  vi.useRealTimers();
});

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'is-cli-data-'));
  made.push(dir);
  return dir;
};
const THROWAWAY = 'fresh-throwaway-mail.com';
const customBundle = (retrieved = '2026-11-20'): string => {
  const dir = makeBundle([{ format: DISPOSABLE, data: THROWAWAY, retrieved }]);
  made.push(dir);
  return dir;
};

async function run(argv: string[], env: Record<string, string> = {}, signal?: AbortSignal, onErr?: (line: string) => void) {
  const { code, out, err } = await runCliLines(argv, { env, ...(signal === undefined ? {} : { signal }), ...(onErr === undefined ? {} : { onErr }) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('data info', () => {
  it('--json lists every dataset, verified, with where it came from; a table by default', async () => {
    pinClock();
    const dir = customBundle();
    const { code, out } = await run(['data', 'info', '--data', dir, '--json']);
    expect(code).toBe(0);
    const info = JSON.parse(out) as { file: string; from: string; verified: boolean; retrieved: string; ageDays: number; sha256: string; records: number; source: string }[];
    expect(info.length).toBe(defaultDataContext().bundle.manifest.datasets.length);
    expect(info.every((d) => d.verified)).toBe(true);
    expect(info.find((d) => d.file === DISPOSABLE.file)).toMatchObject({ from: 'custom', retrieved: '2026-11-20', records: 1, source: 'test fixture' });
    expect(info.find((d) => d.file === LISTS.file)).toMatchObject({ from: 'default', retrieved: '2026-08-22' });

    const table = await run(['data', 'info'], { IDENTITY_SIGNALS_DATA: dir });
    expect(table.code).toBe(0);
    expect(table.out.split('\n')[0]).toMatch(/^dataset\s+retrieved\s+age\s+records\s+from\s+status\s+source$/);
    expect(table.out).toMatch(/email\/disposable\s+2026-11-20\s+11d\s+1\s+custom\s+verified\s+test fixture/);
    expect(table.out).toMatch(/ip\/lists\s+2026-08-22\s+101d STALE\s+\d+\s+default\s+verified/);
  });

  it('a bad file: exit 1 and the problem named', async () => {
    const dir = customBundle();
    writeFileSync(join(dir, DISPOSABLE.file), 'x');
    const { code, out } = await run(['data', 'info', '--data', dir]);
    expect(code).toBe(1);
    expect(out).toMatch(/email\/disposable\s.*\sBAD/);
    expect(out).toContain(`email/disposable.json: ${join(dir, DISPOSABLE.file)}: 1 bytes, the manifest says`);
  });
});

describe('data verify', () => {
  it('exit 0 for a good bundle; every bad file listed and exit 1 otherwise', async () => {
    const good = customBundle();
    expect(await run(['data', 'verify', good])).toEqual({ code: 0, out: `${good}: 1 datasets verified`, err: '' });

    const out = join(temp(), 'bundle');
    expect((await run(['data', 'export', '--out', out])).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { datasets: { file: string }[] };
    writeFileSync(join(out, 'email/roles.json'), '[]');
    rmSync(join(out, 'phone/carriers.json'));
    const bad = await run(['data', 'verify', out]);
    expect(bad.code).toBe(1);
    expect(bad.err.split('\n').map((l) => l.slice(0, l.indexOf(':'))).sort()).toEqual(['email/roles.json', 'phone/carriers.json']);
    expect(manifest.datasets.length).toBe(defaultDataContext().bundle.manifest.datasets.length);

    const json = await run(['data', 'verify', out, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, problems: [{ file: 'email/roles.json' }, { file: 'phone/carriers.json' }] });
  });

  it('misuse is a usage error, exit 2', async () => {
    expect((await run(['data'])).code).toBe(2);
    expect((await run(['data', 'frobnicate'])).err).toMatch(/^unknown data subcommand "frobnicate" \(info, verify, export, update\)/);
    expect((await run(['data', 'update'])).err).toMatch(/^data update needs --out DIR/);
    expect((await run(['data', 'update', 'x', '--out', 'y'])).err).toMatch(/^data update takes no arguments, got "x"/);
    expect((await run(['data', 'update', '--out', 'y', '--registry', 'ftp://r'])).err).toMatch(/^--registry must be an http\(s\) URL, got "ftp:\/\/r"/);
    expect((await run(['data', 'verify'])).err).toMatch(/^data verify takes the bundle directory/);
    expect((await run(['data', 'export'])).err).toMatch(/^data export needs --out DIR/);
    expect((await run(['email', 'a@b.com', '--out', 'x'])).err).toMatch(/^email does not take --out/);
  });
});

describe('data export', () => {
  it('writes the bundle in use as a standalone bundle that another run can be pointed at', async () => {
    const out = join(temp(), 'exported');
    const exported = await run(['data', 'export', '--out', out, '--data', customBundle()]);
    expect(exported.code).toBe(0);
    expect(exported.err).toMatch(/^\d+ datasets written to /);
    expect((await run(['data', 'verify', out])).code).toBe(0);
    const checked = await run(['email', `jane@${THROWAWAY}`, '--data', out, '--compact']);
    expect(JSON.parse(checked.out)).toMatchObject({ status: 'disposable' });
    // Into a directory that holds something: refused.
    const again = await run(['data', 'export', '--out', out]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty/);
  });
});

describe('--data and IDENTITY_SIGNALS_DATA on the checks', () => {
  it('each check command reads the bundle named by the flag, else by the variable', async () => {
    const dir = customBundle();
    const flag = await run(['email', `jane@${THROWAWAY}`, '--data', dir, '--compact']);
    expect(JSON.parse(flag.out)).toMatchObject({ status: 'disposable' });
    const fromEnv = await run(['email', `jane@${THROWAWAY}`, '--compact'], { IDENTITY_SIGNALS_DATA: dir });
    expect(JSON.parse(fromEnv.out)).toMatchObject({ status: 'disposable' });
    const none = await run(['email', `jane@${THROWAWAY}`, '--compact']);
    expect(JSON.parse(none.out).status).not.toBe('disposable');
    // The flag wins over the variable.
    const both = await run(['email', `jane@${THROWAWAY}`, '--compact', '--data', customBundle()], { IDENTITY_SIGNALS_DATA: temp() });
    expect(both.code).toBe(0);
  });

  it('batch --input: the worker threads read the bundle (by --data, or by the variable)', async () => {
    const dir = customBundle();
    const csv = join(temp(), 'rows.csv');
    writeFileSync(csv, `email\njane@${THROWAWAY}\n`);
    for (const [argv, env] of [
      [['--data', dir], {}],
      [[], { IDENTITY_SIGNALS_DATA: dir }],
    ] as const) {
      const { code, out } = await run(['batch', '--input', csv, '--workers', '1', '--quiet', ...argv], env);
      expect(code).toBe(0);
      expect(JSON.parse(out.split('\n').find((l) => l.startsWith('{'))!)).toMatchObject({ line: 2, email: { status: 'disposable' } });
    }
    const plain = await run(['batch', '--input', csv, '--workers', '1', '--quiet']);
    expect(JSON.parse(plain.out.split('\n').find((l) => l.startsWith('{'))!).email.status).not.toBe('disposable');
    expect((await run(['batch', '--input', csv, '--queue', 'redis://127.0.0.1:1', '--data', dir])).err).toMatch(/^with --queue, give --data to each worker/);
  });

  it('a directory that is not a bundle: one DataError line, exit 1', async () => {
    const { code, err } = await run(['ip', '8.8.8.8', '--data', temp()]);
    expect(code).toBe(1);
    expect(err).toMatch(/^DataError DATA_MISSING: .*: no manifest\.json: not a data bundle directory$/);
  });
});

describe('serve: the stale-data warning', () => {
  const KEYS = { IDENTITY_SIGNALS_API_KEYS: 'k1' };

  async function serveOnce(argv: string[], env: Record<string, string>) {
    const stop = new AbortController();
    const result = await run(['serve', '--port', '0', ...argv], env, stop.signal, (line) => {
      if (line.includes('listening on')) stop.abort();
    });
    return result;
  }

  it('says once, at start, which volatile lists are past the maximum age and how to silence it', async () => {
    pinClock();
    const dir = customBundle('2020-01-01');
    const { code, err } = await serveOnce(['--data', dir], KEYS);
    expect(code).toBe(0);
    const lines = err.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^warning: data past its maximum age: email\/disposable of 2020-01-01 \(2526 days\), ip\/lists of 2026-08-22 \(101 days\), ip\/asn-classes of 2026-08-22 \(101 days\)\. /);
    expect(lines[0]).toContain('IDENTITY_SIGNALS_DATA_WARN=off silences this line');
    expect(lines[1]).toMatch(/listening on/);
  });

  it('IDENTITY_SIGNALS_DATA_WARN=off silences it', async () => {
    const { code, err } = await serveOnce(['--data', customBundle('2020-01-01')], { ...KEYS, IDENTITY_SIGNALS_DATA_WARN: 'off' });
    expect(code).toBe(0);
    expect(err).toMatch(/^identity-signals listening on/);
  });
});
