/**
 * Data bundles: verification on first load, partial bundles over
 * the default one, checkers that keep their own tables, DATA_STALE on a
 * pinned clock, and bundle-level verify/export.
 */
import { DATASETS } from '../../src/registry.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createChecker } from '../../src/checker.js';
import { exportBundle, verifyBundle } from '../../src/data/info.js';
import { defaultDataContext, openData } from '../../src/data/context.js';
import { createEmailCheck } from '../../src/email/index.js';
import { DISPOSABLE, POPULAR_DOMAINS } from '../../src/email/data/formats.js';
import { CARRIERS } from '../../src/phone/data/formats.js';
import { DataError } from '../../src/errors.js';
import { envelope, entryFor, makeBundle, writeManifestFile } from './makeBundle.js';

const made: string[] = [];
const bundle = (...args: Parameters<typeof makeBundle>): string => {
  const dir = makeBundle(...args);
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A domain on no list of the default bundle, with an ICANN suffix so the lists are consulted. */
const FRESH_THROWAWAY = 'fresh-throwaway-mail.com';
const customDisposable = () => bundle([{ format: DISPOSABLE, data: FRESH_THROWAWAY }]);

/** The error a call throws (fails the test when it does not throw). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('verification on first load', () => {
  const disposablePath = (dir: string) => join(dir, 'email', 'disposable.json');

  it('a truncated file is a DataError naming the file, at the first check that reads it', () => {
    const dir = customDisposable();
    const path = disposablePath(dir);
    writeFileSync(path, readFileSync(path).subarray(0, 10));
    const check = createEmailCheck({ data: dir }); // the manifest alone is read here
    const error = thrown(() => check(`a@${FRESH_THROWAWAY}`));
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code: 'DATA_CORRUPT', source: path });
    expect((error as DataError).message).toContain(path);
    expect((error as DataError).message).toMatch(/truncated/);
    // The same error again, never a fallback to the default bundle's list.
    expect(thrown(() => check('b@acme-widgets.com'))).toBe(error);
  });

  it('a file whose sha256 differs from the manifest (same size) is refused', () => {
    const dir = customDisposable();
    const path = disposablePath(dir);
    const bytes = readFileSync(path);
    bytes[bytes.indexOf('fresh')] = 'F'.charCodeAt(0);
    writeFileSync(path, bytes);
    const error = thrown(() => createEmailCheck({ data: dir })(`a@${FRESH_THROWAWAY}`));
    expect(error).toMatchObject({ name: 'DataError', code: 'DATA_CORRUPT', source: path });
    expect((error as Error).message).toMatch(/sha256 [0-9a-f]{64} does not match the manifest's/);
  });

  it('a file of another format version is DATA_VERSION, with matching hashes', () => {
    const dir = bundle([]);
    const bytes = envelope(DISPOSABLE.formatVersion + 1, FRESH_THROWAWAY);
    writeFileSync(join(dir, 'disposable.json'), bytes); // unused stray file: ignored
    const path = join(dir, DISPOSABLE.file);
    mkdirSync(join(dir, 'email'), { recursive: true });
    writeFileSync(path, bytes);
    writeManifestFile(dir, [entryFor(DISPOSABLE, bytes, 1)]);
    const error = thrown(() => createEmailCheck({ data: dir })(`a@${FRESH_THROWAWAY}`));
    expect(error).toMatchObject({ name: 'DataError', code: 'DATA_VERSION', source: path });
    expect((error as Error).message).toContain(`format version ${DISPOSABLE.formatVersion + 1}, this code reads ${DISPOSABLE.formatVersion}`);
  });

  it('a file of the wrong structure is DATA_CORRUPT naming the faulty member, never a TypeError', () => {
    const dir = bundle([{ format: POPULAR_DOMAINS, data: { domains: [{ domain: 'gmail.com' }], tldTypos: {}, notTypos: [] } }]);
    const error = thrown(() => createEmailCheck({ data: dir })('jane@gmial.com'));
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toBe(`${join(dir, POPULAR_DOMAINS.file)}: wrong structure: data.domains[0].region is missing`);

    const notJson = bundle([{ format: CARRIERS, data: { names: [], tables: {} } }]);
    const path = join(notJson, CARRIERS.file);
    const garbage = Buffer.from('{"formatVersion":1,"data":');
    writeFileSync(path, garbage);
    writeManifestFile(notJson, [entryFor(CARRIERS, garbage, 0)]);
    const phone = createChecker({ data: notJson });
    const bad = thrown(() => phone.phone('+39 333 123 4567'));
    expect(bad).toMatchObject({ name: 'DataError', code: 'DATA_CORRUPT', source: path });
    expect((bad as Error).message).toMatch(/not valid JSON/);
  });

  it('a file the manifest lists but the directory lacks is DATA_MISSING', () => {
    const dir = customDisposable();
    rmSync(disposablePath(dir));
    expect(thrown(() => createEmailCheck({ data: dir })(`a@${FRESH_THROWAWAY}`))).toMatchObject({
      code: 'DATA_MISSING',
      message: `${disposablePath(dir)}: listed in the manifest but missing`,
    });
  });

  it('a directory that is no bundle fails at creation; a bad data option is an InputError with its path', () => {
    const empty = mkdtempSync(join(tmpdir(), 'is-empty-'));
    made.push(empty);
    expect(thrown(() => createChecker({ data: empty }))).toMatchObject({ name: 'DataError', code: 'DATA_MISSING' });
    expect(thrown(() => createChecker({ data: join(empty, 'nope') }))).toMatchObject({ name: 'DataError', code: 'DATA_MISSING' });
    writeFileSync(join(empty, 'manifest.json'), '{"format":"identity-signals-data","formatVersion":1,"created":"2026-11-20","datasets":[{"product":"email"}]}');
    expect((thrown(() => createChecker({ data: empty })) as Error).message).toContain('datasets[0].name must be a non-empty string');
    expect(thrown(() => createChecker({ data: 5 as never }))).toMatchObject({ name: 'InputError', field: 'data' });
    expect(thrown(() => createChecker({ data: { maxAgeDays: -1 } }))).toMatchObject({ name: 'InputError', field: 'data.maxAgeDays' });
    expect(thrown(() => createChecker({ data: { dir: empty, maxAge: 3 } as never }))).toMatchObject({ name: 'InputError', field: 'data.maxAge' });
    expect(thrown(() => createChecker({ now: 'today' as never }))).toMatchObject({ name: 'InputError', field: 'now' });
    // The clock is the checker's, not the data's: data.now is refused with where it went.
    expect(thrown(() => createChecker({ data: { now: new Date('2026-01-01T00:00:00Z') } as never }))).toMatchObject({ name: 'InputError', field: 'data.now', message: expect.stringContaining('createChecker({ now })') })
  });
});

describe('partial bundles and dataInfo', () => {
  it('what the bundle lacks comes from the default bundle, and dataInfo says which came from where', () => {
    const dir = customDisposable();
    const checker = createChecker({ data: dir, email: { secondOpinion: false } });
    expect(checker.email(`a@${FRESH_THROWAWAY}`).status).toBe('disposable');
    // Typo suggestions come from the default bundle's popular domains.
    expect(checker.email('jane@gmial.com').suggestion).toBe('gmail.com');
    // The default bundle's main list is replaced, not merged.
    expect(checker.email('a@mailinator.com').status).not.toBe('disposable');

    const info = checker.dataInfo();
    const disposable = info.find((d) => d.file === DISPOSABLE.file)!;
    expect(disposable).toMatchObject({ from: 'custom', bundle: dir, records: 1, source: 'test fixture', retrieved: '2026-11-20', verified: true, volatile: true });
    const popular = info.find((d) => d.file === POPULAR_DOMAINS.file)!;
    expect(popular).toMatchObject({ from: 'default', verified: true, volatile: false });
    expect(popular.bundle).toBe(defaultDataContext().bundle.dir);
    expect(info.find((d) => d.file === CARRIERS.file)).toMatchObject({ from: 'default' });
    // Every dataset of the default bundle is listed, once.
    expect(new Set(info.map((d) => d.file)).size).toBe(info.length);
    expect(info.length).toBe(defaultDataContext().bundle.manifest.datasets.length);
    expect(Object.isFrozen(info) && Object.isFrozen(disposable)).toBe(true);
  });

  it('dataInfo({ verify: true }) verifies every file and reports a bad one in problem', () => {
    const dir = customDisposable();
    writeFileSync(join(dir, DISPOSABLE.file), 'x');
    const info = createChecker({ data: dir }).dataInfo({ verify: true });
    const bad = info.find((d) => d.file === DISPOSABLE.file)!;
    expect(bad.verified).toBe(false);
    expect(bad.problem).toMatch(/truncated/);
    expect(info.filter((d) => d.file !== DISPOSABLE.file).every((d) => d.verified)).toBe(true);
  });
});

describe('each checker keeps its own tables', () => {
  it('two checkers with different disposable lists, side by side, each see their own', () => {
    const a = createChecker({ data: customDisposable() });
    const b = createChecker();
    const c = createChecker({ data: bundle([{ format: DISPOSABLE, data: 'other-throwaway-mail.com' }]) });
    for (let round = 0; round < 2; round++) {
      expect(a.email(`x@${FRESH_THROWAWAY}`).status).toBe('disposable');
      expect(b.email(`x@${FRESH_THROWAWAY}`).status).not.toBe('disposable');
      expect(c.email(`x@${FRESH_THROWAWAY}`).status).not.toBe('disposable');
      expect(c.email('x@other-throwaway-mail.com').status).toBe('disposable');
      expect(a.email('x@other-throwaway-mail.com').status).not.toBe('disposable');
    }
    // The module-level one-call function reads the default bundle.
    expect(createEmailCheck()(`x@${FRESH_THROWAWAY}`).status).not.toBe('disposable');
  });

  it('a check that throws restores the outer checker\'s data', () => {
    const broken = customDisposable();
    writeFileSync(join(broken, DISPOSABLE.file), 'x');
    const bad = createEmailCheck({ data: broken });
    const good = createEmailCheck({ data: customDisposable() });
    expect(() => bad(`a@${FRESH_THROWAWAY}`)).toThrow(DataError);
    expect(good(`a@${FRESH_THROWAWAY}`).status).toBe('disposable');
    expect(createEmailCheck()('a@mailinator.com').status).toBe('disposable');
  });
});

describe('DATA_STALE', () => {
  const listsDate = defaultDataContext().bundle.manifest.datasets.find((d) => d.file === 'ip/lists.bin')!.retrieved;
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  const plus = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000);

  it('an IP result whose lists are older than maxAgeDays carries a 0-point IP_DATA_STALE with their date', () => {
    const fresh = createChecker({ now: plus(listsDate, 30) });
    expect(fresh.ip('81.2.69.142').reasons.map((r) => r.code)).not.toContain('IP_DATA_STALE');
    const stale = createChecker({ now: plus(listsDate, 31) });
    const result = stale.ip('81.2.69.142');
    const reason = result.reasons.find((r) => r.code === 'IP_DATA_STALE')!;
    expect(reason.points).toBe(0);
    expect(reason.detail).toContain(`Tor, VPN, proxy, relay and hosting lists of ${listsDate} (31 days old; limit 30)`);
    expect(result.score).toBe(fresh.ip('81.2.69.142').score);
    // A reserved address consults no list.
    expect(stale.ip('10.0.0.1').reasons.map((r) => r.code)).not.toContain('IP_DATA_STALE');
    // The limit is the caller's; Infinity never flags.
    expect(createChecker({ now: plus(listsDate, 31), data: { maxAgeDays: 60 } }).ip('81.2.69.142').reasons.map((r) => r.code)).not.toContain('IP_DATA_STALE');
    expect(createChecker({ now: day('2030-01-01'), data: { maxAgeDays: Infinity } }).ip('81.2.69.142').reasons.map((r) => r.code)).not.toContain('IP_DATA_STALE');
  });

  it('an e-mail result flags the disposable list of the bundle it came from, with a clock function', () => {
    const dir = bundle([{ format: DISPOSABLE, data: FRESH_THROWAWAY, retrieved: '2026-01-10' }]);
    let now = day('2026-01-20');
    const check = createEmailCheck({ data: { dir, maxAgeDays: 30 }, now: () => now, secondOpinion: false });
    expect(check('jane@acme-widgets.com').reasons.map((r) => r.code)).not.toContain('EMAIL_DATA_STALE');
    now = day('2026-03-01');
    const reason = check('jane@acme-widgets.com').reasons.find((r) => r.code === 'EMAIL_DATA_STALE');
    expect(reason).toEqual({ code: 'EMAIL_DATA_STALE', points: 0, detail: 'disposable-domain list of 2026-01-10 (50 days old; limit 30)' });
    // A malformed address consults no list.
    expect(check('not an address').reasons.map((r) => r.code)).not.toContain('EMAIL_DATA_STALE');
  });

  it('dataInfo gives each dataset its age on the checker\'s clock and marks stale volatile lists', () => {
    const info = createChecker({ now: plus(listsDate, 45) }).dataInfo();
    expect(info.find((d) => d.file === 'ip/lists.bin')).toMatchObject({ ageDays: 45, stale: true, volatile: true });
    expect(info.find((d) => d.file === 'ip/asn4.bin')).toMatchObject({ stale: false, volatile: false });
  });
});

describe('verifyBundle and exportBundle', () => {
  it('export writes the default bundle as a standalone bundle that verifies and serves a checker with no fallback needed', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'is-export-')), 'bundle');
    made.push(out);
    const written = exportBundle(defaultDataContext(), DATASETS, out);
    expect(written.length).toBe(defaultDataContext().bundle.manifest.datasets.length);
    expect(verifyBundle(out, DATASETS)).toEqual({ ok: true, datasets: written.length, problems: [] });
    const info = createChecker({ data: out }).dataInfo({ verify: true });
    expect(info.every((d) => d.from === 'custom' && d.verified)).toBe(true);
    // Not into a directory that holds something.
    expect(() => exportBundle(defaultDataContext(), DATASETS, out)).toThrow(/not empty/);
  });

  it('exporting a partial bundle writes what its checker reads: the custom file and the default rest', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'is-export-')), 'bundle');
    made.push(out);
    const written = exportBundle(openData(customDisposable()), DATASETS, out);
    expect(written.find((d) => d.file === DISPOSABLE.file)).toMatchObject({ records: 1, source: 'test fixture' });
    expect(written.find((d) => d.file === POPULAR_DOMAINS.file)).toEqual(defaultDataContext().bundle.listed(POPULAR_DOMAINS));
    expect(verifyBundle(out, DATASETS).ok).toBe(true);
    expect(createEmailCheck({ data: out, secondOpinion: false })(`a@${FRESH_THROWAWAY}`).status).toBe('disposable');
  });

  it('verify lists every bad file, not only the first', () => {
    const dir = bundle([
      { format: DISPOSABLE, data: FRESH_THROWAWAY },
      { format: POPULAR_DOMAINS, data: { domains: [], tldTypos: {}, notTypos: [] } },
    ]);
    writeFileSync(join(dir, DISPOSABLE.file), 'x');
    rmSync(join(dir, POPULAR_DOMAINS.file));
    const result = verifyBundle(dir, DATASETS);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.file).sort()).toEqual([DISPOSABLE.file, POPULAR_DOMAINS.file]);
    expect(verifyBundle(join(dir, 'nope'), DATASETS)).toMatchObject({ ok: false, problems: [{ file: 'manifest.json' }] });
  });
});

describe('docs/data.md', () => {
  it('lists every dataset this version reads, with its file and format version', async () => {
    const { DATASETS } = await import('../../src/registry.js');
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'data.md'), 'utf8');
    for (const d of DATASETS) {
      expect(doc, `${d.product}/${d.name}`).toMatch(new RegExp(`\\| ${d.product} \\| ${d.name} \\| \`${d.file.replaceAll('.', '\\.')}\` \\| ${d.formatVersion} \\| ${d.volatile === undefined ? '' : 'yes '}\\|`));
    }
  });
});
