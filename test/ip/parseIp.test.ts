import { describe, expect, it } from 'vitest';
import { parseIp } from '../../src/ip/parseIp.js';

// Strings that must never parse: each is a form some parser accepts (octal,
// hex, short forms, zone ids, ports, padding) or plain junk.
const INVALID: readonly string[] = [
  '',
  ' ',
  '1.2.3',
  '1.2.3.4.5',
  '01.2.3.4',
  '1.2.3.04',
  '010.0.0.1',
  '00.0.0.0',
  '256.1.1.1',
  '1.2.3.256',
  '0x7f.0.0.1',
  '0x7f.1',
  '0x7f000001',
  '2130706433',
  '127.1',
  '127.0.1',
  ' 1.2.3.4',
  '1.2.3.4 ',
  '\t1.2.3.4',
  '1.2.3.4\n',
  '1.2.3.4\u0000',
  '1.2.3.4/24',
  '1.2.3.4:80',
  '1,2,3,4',
  '1.2.3.-4',
  '+1.2.3.4',
  '1.2.3.4.',
  '.1.2.3.4',
  '1..2.3',
  '１.２.３.４',
  '1.2.3.4\u200b',
  'localhost',
  '[::1]',
  '[::1]:80',
  'fe80::1%eth0',
  'fe80::1%25eth0',
  'fe80::1%1',
  '::ffff:010.0.0.1',
  '::ffff:1.2.3',
  '::ffff:1.2.3.4.5',
  '::ffff:256.1.1.1',
  '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7:1.2.3.4',
  '1::2::3',
  ':::',
  ':1::',
  '1:',
  '12345::',
  'g::1',
  '::1 ',
  ' ::1',
  '2001:db8::1/64',
  '::-1',
  '0::0::0',
  'a'.repeat(46),
  '1'.repeat(100_000),
];

const VALID: readonly (readonly [string, 4 | 6, string])[] = [
  ['0.0.0.0', 4, '0.0.0.0'],
  ['255.255.255.255', 4, '255.255.255.255'],
  ['81.2.69.142', 4, '81.2.69.142'],
  ['::', 6, '::'],
  ['::1', 6, '::1'],
  ['2001:db8::1', 6, '2001:db8::1'],
  ['2001:DB8::1', 6, '2001:db8::1'],
  ['2001:0db8:0000:0000:0000:0000:0000:0001', 6, '2001:0db8:0000:0000:0000:0000:0000:0001'],
  ['1:2:3:4:5:6:7:8', 6, '1:2:3:4:5:6:7:8'],
  ['1::', 6, '1::'],
  ['1:2:3:4:5:6:1.2.3.4', 6, '1:2:3:4:5:6:1.2.3.4'],
  ['::1.2.3.4', 6, '::1.2.3.4'],
  ['::ffff:81.2.69.142', 4, '81.2.69.142'],
  ['::FFFF:81.2.69.142', 4, '81.2.69.142'],
  ['::ffff:5102:458e', 4, '81.2.69.142'],
  ['0:0:0:0:0:ffff:81.2.69.142', 4, '81.2.69.142'],
];

describe('parseIp', () => {
  it.each(INVALID.map((s) => [JSON.stringify(s.length > 60 ? `${s.slice(0, 20)}…(${s.length})` : s), s]))(
    'rejects %s',
    (_label, s) => {
      expect(parseIp(s)).toBeNull();
    },
  );

  it.each(VALID)('accepts %s as IPv%d', (text, version, address) => {
    const ip = parseIp(text);
    expect(ip).not.toBeNull();
    expect(ip!.version).toBe(version);
    expect(ip!.address).toBe(address);
  });

  it('computes the numeric forms', () => {
    expect(parseIp('81.2.69.142')!.v4).toBe(0x5102458e);
    expect(parseIp('255.255.255.255')!.v4).toBe(0xffffffff);
    expect(parseIp('2001:db8::ff00:42:8329')!.w).toEqual([0x20010db8, 0, 0xff00, 0x428329]);
    expect(parseIp('1:2:3:4:5:6:1.2.3.4')!.w).toEqual([0x10002, 0x30004, 0x50006, 0x01020304]);
    expect(parseIp('::ffff:1.2.3.4')!.mapped).toBe(true);
  });
});

describe('parseIp against node:net and fast-check generators', () => {
  it('accepts every generated IPv4 and IPv6 address, rejects non-dotted IPv4 forms', async () => {
    const fc = (await import('fast-check')).default;
    const { isIP } = await import('node:net');
    fc.assert(
      fc.property(fc.ipV4(), (s) => parseIp(s)?.version === 4),
      { seed: 7, numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.ipV6(), (s) => parseIp(s) !== null),
      { seed: 7, numRuns: 3000 },
    );
    // Extended forms (octal, hex, short): accepted only when they are plain dotted quads.
    fc.assert(
      fc.property(fc.ipV4Extended(), (s) => (parseIp(s) !== null) === /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s)),
      { seed: 7, numRuns: 3000 },
    );
    // Anything parseIp accepts, node:net accepts too.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdef:.%'), maxLength: 45 }), (s) => parseIp(s) === null || isIP(s) !== 0),
      { seed: 7, numRuns: 5000 },
    );
  });
});
