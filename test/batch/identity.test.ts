import { describe, expect, it, vi } from 'vitest';
import type { Checker } from '../../src/checker.js';
import type { ChunkTask } from '../../src/batch/types.js';
import { chunkTask } from '../support/chunkTask.js';

/**
 * Every checker the batch makes, with a count of the calls to each of its
 * checks: the real checks, counted, so the test sees how often a row's
 * products are checked.
 */
const calls = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/checker.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/checker.js')>();
  return {
    ...original,
    createChecker: (...args: Parameters<typeof original.createChecker>): Checker => {
      const checker = original.createChecker(...args);
      const counted = (name: keyof Checker) =>
        (...call: unknown[]) => {
          calls.set(name, (calls.get(name) ?? 0) + 1);
          return (checker[name] as (...a: unknown[]) => unknown)(...call);
        };
      return Object.freeze({
        ...checker,
        email: counted('email'),
        device: counted('device'),
        ip: counted('ip'),
        phone: counted('phone'),
        name: counted('name'),
        identity: counted('identity'),
      }) as Checker;
    },
  };
});

const { BatchCheckers, checkChunk: checkChunkOn } = await import('../../src/batch/checkChunk.js');
const checkers = new BatchCheckers();
const checkChunk = (t: Parameters<typeof checkChunkOn>[0]) => checkChunkOn(t, checkers);
const { createChecker } = await import('../../src/checker.js');

const UA = 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

function task(records: string[], overrides: Partial<ChunkTask> = {}): ChunkTask {
  return chunkTask(records, {
    columns: ['Email', 'Phone', 'First', 'Last', 'IP', 'UA'],
    mapping: { email: ['Email'], device: ['UA'], ip: ['IP'], phone: ['Phone'], name: ['First', 'Last'] },
    ...overrides,
  });
}

describe('batch: a row\'s identity from its own results (mixed rows)', () => {
  it('each product of a row is checked once: the identity is scored from the row\'s results, not by checking all five again', () => {
    calls.clear();
    const result = checkChunk(task([`simone.smith@gmail.com,+393331234567,Simone,Smith,"",${JSON.stringify(UA)}`, `a@gmail.com,+14155550123,Ann,Lee,8.8.8.8,${JSON.stringify(UA)}`]));
    expect(result.checked).toBe(2);
    expect(Object.fromEntries(calls)).toEqual({ email: 2, device: 2, ip: 1, phone: 2, name: 2 });
    const rows = result.text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, { score?: number }>);
    expect(rows.every((r) => typeof r['identity']!.score === 'number')).toBe(true);
  });

  it('the row\'s name is read with the country its identity reads it with, and the identity equals checker.identity on the row\'s inputs', () => {
    const result = checkChunk(task([`simone.smith@gmail.com,+393331234567,Simone,Smith,"",${JSON.stringify(UA)}`]));
    const row = JSON.parse(result.text) as Record<string, unknown>;
    const expected = JSON.parse(JSON.stringify(createChecker().identity({ email: 'simone.smith@gmail.com', phone: '+393331234567', firstName: 'Simone', lastName: 'Smith', userAgent: UA }))) as Record<string, unknown>;
    // Simone is a man's name in Italy, where the phone is: the name check is told so, as the identity check tells it.
    expect(row['name']).toMatchObject({ gender: 'M' });
    for (const key of ['email', 'phone', 'device', 'name', 'identity']) expect(row[key]).toEqual(expected[key]);
  });

  it('a name alone is read without a country; an NDJSON row\'s default_country is the declared one, and a bad one is the identity\'s error', () => {
    const alone = checkChunk(task(['Simone,Smith'], { columns: ['First', 'Last'], mapping: { name: ['First', 'Last'] } }));
    expect(JSON.parse(alone.text)).toMatchObject({ name: { gender: null } });
    expect(JSON.parse(alone.text)).not.toHaveProperty('identity');

    const ndjson = (row: object) =>
      JSON.parse(checkChunk(task([JSON.stringify(row)], { format: 'ndjson', columns: ['email', 'first', 'last'], mapping: { email: ['email'], name: ['first', 'last'] } })).text) as Record<string, unknown>;
    const declared = ndjson({ email: 'simone.smith@gmail.com', first: 'Simone', last: 'Smith', default_country: 'IT' });
    expect(declared['name']).toMatchObject({ gender: 'M' });
    const expected = JSON.parse(JSON.stringify(createChecker().identity({ email: 'simone.smith@gmail.com', firstName: 'Simone', lastName: 'Smith', country: 'IT' }))) as Record<string, unknown>;
    expect(declared['identity']).toEqual(expected['identity']);

    const bad = ndjson({ email: 'simone.smith@gmail.com', first: 'Simone', last: 'Smith', default_country: 'Italy' });
    expect(bad['identity']).toEqual({ error: { code: 'INPUT_TYPE', message: 'country must be an ISO 3166-1 alpha-2 country code such as "IT"' } });
    expect(bad['name']).toMatchObject({ gender: null });
  });
});
