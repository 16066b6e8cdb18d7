import { describe, expect, it } from 'vitest';
import { DataError, InputError, createIpCheck, createPhoneCheck } from '../src/index.js';

/**
 * Error messages travel into logs and HTTP answers: none may repeat more
 * than 64 characters of what the caller (or the caller's file) supplied,
 * and none may carry a raw control character from it.
 * resolve() and the server have their own cases in resolve.test.ts and
 * server.test.ts.
 */
const BOUND = 64 + 200;

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

/** A minimal MaxMind DB whose metadata names `databaseType`: one empty search-tree node, no data. */
function mmdbWithType(databaseType: string): Uint8Array {
  const str = (s: string): Buffer => {
    const bytes = Buffer.from(s, 'utf8');
    if (bytes.length < 29) return Buffer.concat([Buffer.from([0x40 | bytes.length]), bytes]);
    if (bytes.length < 285) return Buffer.concat([Buffer.from([0x40 | 29, bytes.length - 29]), bytes]);
    const extra = bytes.length - 285;
    return Buffer.concat([Buffer.from([0x40 | 30, extra >> 8, extra & 0xff]), bytes]);
  };
  const u16 = (n: number): Buffer => Buffer.from([0xa2, n >> 8, n & 0xff]);
  const u32 = (n: number): Buffer => Buffer.from([0xc4, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
  const metadata = Buffer.concat([
    Buffer.from([0xe0 | 9]), // a map of nine pairs
    str('node_count'), u32(1),
    str('record_size'), u16(24),
    str('ip_version'), u16(4),
    str('database_type'), str(databaseType),
    str('languages'), Buffer.from([0x00, 0x04]), // an empty array
    str('binary_format_major_version'), u16(2),
    str('binary_format_minor_version'), u16(0),
    str('build_epoch'), Buffer.from([0x00, 0x02]), // uint64 0
    str('description'), Buffer.from([0xe0]), // an empty map
  ]);
  // One node whose two records are node_count (1): "no data" on both sides.
  const tree = Buffer.from([0, 0, 1, 0, 0, 1]);
  return Buffer.concat([tree, Buffer.alloc(16), Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com'), metadata]);
}

describe('error messages quote input, at most 64 characters of it', () => {
  it('phone: a 1 MB defaultCountry is cut, with its length', () => {
    const error = thrown(() => createPhoneCheck({ defaultCountry: 'x'.repeat(1 << 20) }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message.length).toBeLessThan(BOUND);
    expect(error.message).toContain(`(${1 << 20} characters)`);
  });

  it('phone: a defaultCountry with a newline cannot forge a log line', () => {
    const error = thrown(() => createPhoneCheck()('333 123 4567', { defaultCountry: 'I\nT' }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).not.toMatch(/[\n\r]/);
    expect(error.message).toContain('"I\\nT"');
  });

  it('ip: a long missing database path is named by its end, once, and kept whole in source', () => {
    const path = `/${'d'.repeat(100_000)}/GeoIP2-City.mmdb`;
    const error = thrown(() => createIpCheck({ databases: [path] }));
    expect(error).toBeInstanceOf(DataError);
    expect(error.message.length).toBeLessThan(BOUND);
    expect(error.message).toContain('/GeoIP2-City.mmdb"');
    expect(error.message).not.toContain('d'.repeat(65));
    expect((error as DataError).source).toBe(path);
  });

  it('ip: a database whose metadata names a 60 000-character type is quoted, cut', () => {
    // The hand-built file is a valid MaxMind DB: with a known type it opens.
    expect(() => createIpCheck({ databases: [mmdbWithType('GeoIP2-Country')] })).not.toThrow();
    const error = thrown(() => createIpCheck({ databases: [mmdbWithType('z'.repeat(60_000))] }));
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).code).toBe('DATA_VERSION');
    expect(error.message.length).toBeLessThan(BOUND + 150);
    expect(error.message).toContain('(60000 characters)');
  });
});
