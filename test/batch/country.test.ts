import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchCheckers, checkChunk as checkChunkOn } from '../../src/batch/checkChunk.js';
import { readCountry } from '../../src/batch/country.js';
import { MappingError, describeMapping, mapColumns, parseMaps } from '../../src/batch/mapColumns.js';
import type { ChunkTask } from '../../src/batch/types.js';
import { createChecker } from '../../src/checker.js';
import { writeLines } from '../support/batchData.js';
import { ndjson, runBin, startBin, until } from '../support/batchBin.js';
import { chunkTask } from '../support/chunkTask.js';

/** One thread's checkers for the file, as a batch thread holds them. */
const checkers = new BatchCheckers();
const checkChunk = (t: Parameters<typeof checkChunkOn>[0]) => checkChunkOn(t, checkers);

// A row's own country (a country column): the phone's country for national
// numbers, the name's hint, the identity's declared country.

describe('batch: the country column', () => {
  it.each([['Country'], ['country_code'], ['Country Code'], ['COUNTRY-ISO'], ['iso_country_code']])('%j is mapped by itself', (column) => {
    const mapping = mapColumns(['Email', column], {});
    expect(mapping).toEqual({ email: ['Email'], country: [column] });
    expect(describeMapping(mapping)).toBe(`email ← "Email", country ← "${column}"`);
  });

  it('--map country=Column chooses it, country= leaves it out; it takes one column', () => {
    expect(mapColumns(['Email', 'Land', 'Country'], parseMaps(['country=Land']))).toEqual({ email: ['Email'], country: ['Land'] });
    expect(mapColumns(['Email', 'Country'], parseMaps(['country=']))).toEqual({ email: ['Email'] });
    expect(() => parseMaps(['country=A+B'])).toThrow(new MappingError('--map country=A+B: country takes one column'));
    expect(() => mapColumns(['Email'], parseMaps(['country=Land']))).toThrow('--map country=Land: no column "Land" in the input (columns: "Email")');
  });

  it('a country is no product: a file with only a country column has nothing to check', () => {
    expect(() => mapColumns(['Id', 'Country'], {})).toThrow(/^no column to check: /);
  });

  it('a country code: ISO 3166-1 alpha-2 of a country with a numbering plan, any case, spaces around it ignored', () => {
    expect(['GB', 'gb', ' It ', 'XK'].map(readCountry)).toEqual(['GB', 'GB', 'IT', 'XK']);
    expect(['UK', 'XX', 'GBR', 'United Kingdom', '', 'G B', 'x'.repeat(10_000)].map(readCountry)).toEqual(new Array(7).fill(undefined));
  });
});

function task(records: string[], overrides: Partial<ChunkTask> = {}): ChunkTask {
  return chunkTask(records, { columns: ['Phone', 'First', 'Last', 'Country'], mapping: { phone: ['Phone'], name: ['First', 'Last'], country: ['Country'] }, ...overrides });
}

const rows = (text: string) => text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, Record<string, unknown> | null>);

describe('batch: each row checked with its own country', () => {
  it('a UK national number with GB is a valid mobile; without a country it is invalid', () => {
    const result = checkChunk(task(['07911 123456,,,GB', '07911 123456,,,', '07911 123456,,,gb'], { mapping: { phone: ['Phone'], country: ['Country'] } }));
    expect(result.rejected).toBe(0);
    const [gb, none, lower] = rows(result.text);
    expect(gb!.phone).toMatchObject({ is_valid: true, type: 'mobile', country_code: '+44', e164: '+447911123456' });
    expect(none!.phone).toMatchObject({ is_valid: false });
    expect(lower!.phone).toEqual(gb!.phone);
  });

  it('the row\'s country beats the run\'s --country for national numbers; an empty cell leaves the run\'s', () => {
    const result = checkChunk(task(['07911 123456,,,GB', '07911 123456,,,', '333 123 4567,,,'], { mapping: { phone: ['Phone'], country: ['Country'] }, checker: { country: 'IT' } }));
    const [gb, uk, it] = rows(result.text);
    expect(gb!.phone).toMatchObject({ is_valid: true, type: 'mobile', country_code: '+44' });
    expect(uk!.phone).toEqual(JSON.parse(JSON.stringify(createChecker({ phone: { defaultCountry: 'IT' } }).phone('07911 123456'))));
    expect(uk!.phone).not.toMatchObject({ country_code: '+44' });
    expect(it!.phone).toMatchObject({ is_valid: true, country: 'IT' });
  });

  it('a name alone gets the row\'s country as its hint: Andrea is a man in Italy, a woman in the US', () => {
    const result = checkChunk(task([',Andrea,Smith,IT', ',Andrea,Smith,US', ',Andrea,Smith,'], { mapping: { name: ['First', 'Last'], country: ['Country'] } }));
    const checker = createChecker();
    const names = rows(result.text).map((r) => r['name']);
    expect(names.map((n) => n!['gender'])).toEqual(['M', 'F', checker.name('Andrea', 'Smith').gender]);
    expect(names[0]).toEqual(JSON.parse(JSON.stringify(checker.name('Andrea', 'Smith', { country: 'IT' }))));
  });

  it('with two products the row\'s identity reads the country as declared, and equals checker.identity on the row\'s inputs', () => {
    const result = checkChunk(task(['07911 123456,Andrea,Smith,GB', '07911 123456,Andrea,Smith,IT']));
    const [gb, it] = rows(result.text);
    const expected = (country: string) =>
      JSON.parse(JSON.stringify(createChecker().identity({ phone: '07911 123456', firstName: 'Andrea', lastName: 'Smith', country }))) as Record<string, unknown>;
    for (const key of ['phone', 'name', 'identity']) expect(gb![key]).toEqual(expected('GB')[key]);
    for (const key of ['phone', 'name', 'identity']) expect(it![key]).toEqual(expected('IT')[key]);
    expect(it!['name']).toMatchObject({ gender: 'M' });
    expect(gb!['phone']).toMatchObject({ is_valid: true });
  });

  it('a country that is no code rejects the row, naming the column and the value; the other rows go on', () => {
    const result = checkChunk(task(['07911 123456,Ann,Lee,United Kingdom', '07911 123456,Ann,Lee,UK', '07911 123456,Ann,Lee,GB']));
    expect(result.checked).toBe(1);
    expect(result.rejectLines).toEqual([2, 3]);
    expect(result.rejects.trimEnd().split('\n').map((l) => (JSON.parse(l) as { reason: string }).reason)).toEqual([
      'column "Country": "United Kingdom" is not an ISO 3166-1 alpha-2 country code such as GB or IT (--map country= checks the rows without it)',
      'column "Country": "UK" is not an ISO 3166-1 alpha-2 country code such as GB or IT (the United Kingdom is GB)',
    ]);
  });

  it('NDJSON: the country field, before the spec\'s default_country', () => {
    const result = checkChunk(
      task(['{"phone":"07911 123456","country":"GB","default_country":"IT"}', '{"phone":"333 123 4567","country":null,"default_country":"IT"}', '{"phone":"1","country":7}'], {
        format: 'ndjson',
        columns: ['phone', 'country'],
        mapping: { phone: ['phone'], country: ['country'] },
      }),
    );
    const [gb, it] = rows(result.text);
    expect(gb!.phone).toMatchObject({ is_valid: true, country_code: '+44' });
    expect(it!.phone).toMatchObject({ is_valid: true, country: 'IT' });
    expect(JSON.parse(result.rejects)).toMatchObject({ line: 4, reason: 'field "country": "7" is not an ISO 3166-1 alpha-2 country code such as GB or IT (--map country= checks the rows without it)' });
  });
});

// The built bin: the rows' countries reach the worker threads, and a run
// killed with SIGKILL and resumed reads them for the rows it had not done.
describe('batch --input: a country column, the built bin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'identity-signals-country-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mapped by its name or with --map; each row read with its own country; a bad one rejected with its column', async () => {
    writeFileSync(
      join(dir, 'crm.csv'),
      'Email,Mobile,First,Last,Land,Country\nann@gmail.com,07911 123456,Andrea,Smith,GB,GB\nbo@gmail.com,07911 123456,Andrea,Smith,,\ncy@gmail.com,333 123 4567,Andrea,Smith,IT,IT\ndi@gmail.com,333 123 4567,Andrea,Smith,Italy,Italy\n',
    );
    for (const map of [[], ['--map', 'country=Land']]) {
      const { code, stdout, stderr } = await runBin(['batch', '--input', 'crm.csv', '--workers', '1', '--quiet', ...map], dir);
      const column = map.length === 0 ? 'Country' : 'Land';
      expect(stderr.split('\n')[0]).toBe(`batch: checking email ← "Email", phone ← "Mobile", name ← "First" + "Last", country ← "${column}" (CSV, delimiter ",")`);
      expect(stderr).toMatch(/batch: 4 rows read, 3 checked, 1 rejected \(line 5\)/);
      expect(code).toBe(1);
      const out = rows(stdout);
      expect(out.map((r) => [r['line'], r['phone']!['is_valid'], r['phone']!['country_code']])).toEqual([
        [2, true, '+44'],
        [3, false, null],
        [4, true, '+39'],
      ]);
      expect(out[2]!['name']).toMatchObject({ gender: 'M' });
    }
  });

  it('killed with SIGKILL, then --resume: every row once, in order, each number read in its own row\'s country', async () => {
    const lines = ['Id,Phone,Country'];
    const expected: [number, string][] = [];
    for (let i = 1; i <= 20_000; i++) {
      const uk = i % 2 === 0;
      const digits = String(100_000 + (i % 900_000)).slice(-6);
      lines.push(uk ? `${i},07911 ${digits},GB` : `${i},333 ${digits.slice(0, 3)} ${digits.slice(3)}0,IT`);
      expected.push([lines.length, uk ? `+447911${digits}` : `+39333${digits}0`]);
    }
    writeLines(join(dir, 'kill.csv'), lines);
    const args = ['batch', '--input', 'kill.csv', '--output', 'kill.ndjson', '--rejects', 'kill.rejects.ndjson', '--workers', '2', '--chunk', '100', '--quiet'];
    const running = startBin(args, dir);
    running.child.stdin!.end();
    await until(() => readSafe(join(dir, 'kill.ndjson')).length > 0, 60_000, 'the first results');
    running.child.kill('SIGKILL');
    expect((await running.done).signal).toBe('SIGKILL');
    expect(readSafe(join(dir, 'kill.ndjson')).split('\n').length - 1).toBeLessThan(expected.length);

    const resumed = await runBin([...args, '--resume'], dir);
    expect(resumed.stderr).toMatch(/batch: resuming after input line \d/);
    expect(resumed.code).toBe(0);
    const out = ndjson<{ line: number; phone: { e164: string; is_valid: boolean } }>(join(dir, 'kill.ndjson'));
    expect(out.map((r) => [r.line, r.phone.e164])).toEqual(expected);
    expect(out.every((r) => r.phone.is_valid)).toBe(true);
  }, 240_000);
});

function readSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
