/**
 * The one-pass address scanner of parseIp against the parser it
 * replaced, kept here as the reference: the IPv4 regex of patterns.ts plus
 * the split/map/spread IPv6 parse. Both must accept exactly the same strings
 * and give the same numbers, on generated addresses in every text form and
 * on near-misses (random characters of the address alphabet, edits of valid
 * addresses).
 */
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIp } from '../../src/ip/parseIp.js';
import { IPV4_DOTTED, IPV6_CHARS, MAX_IP_LENGTH } from '../../src/ip/patterns.js';

/** The previous parser's result, as [version, v4, words, mapped] or null. */
function reference(text: string): readonly [number, number, readonly number[], boolean] | null {
  if (text.length === 0 || text.length > MAX_IP_LENGTH) return null;
  const quad = (q: string): number => q.split('.').reduce((v, o) => v * 256 + Number(o), 0);
  if (IPV4_DOTTED.test(text)) return [4, quad(text), [0, 0, 0, 0], false];
  if (!IPV6_CHARS.test(text) || isIP(text) !== 6) return null;
  let body = text;
  let tail: number[] = [];
  if (body.includes('.')) {
    const colon = body.lastIndexOf(':');
    const q = body.slice(colon + 1);
    if (!IPV4_DOTTED.test(q)) return null;
    const v = quad(q);
    tail = [Math.floor(v / 65536), v % 65536];
    body = body.slice(0, colon + 1);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const groups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const dbl = body.indexOf('::');
  let parts: number[];
  if (dbl === -1) parts = [...groups(body), ...tail];
  else {
    const head = groups(body.slice(0, dbl));
    const rest = [...groups(body.slice(dbl + 2)), ...tail];
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    parts = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  if (parts.length !== 8 || parts.some((p) => !(p >= 0 && p <= 0xffff))) return null;
  const w = [0, 1, 2, 3].map((i) => parts[2 * i]! * 65536 + parts[2 * i + 1]!);
  if (w[0] === 0 && w[1] === 0 && w[2] === 0xffff) return [4, w[3]!, [0, 0, 0, 0], true];
  return [6, 0, w, false];
}

function actual(text: string): readonly [number, number, readonly number[], boolean] | null {
  const p = parseIp(text);
  return p === null ? null : [p.version, p.v4, [...p.w], p.mapped];
}

const octet = fc.integer({ min: 0, max: 255 });
const group = fc.integer({ min: 0, max: 0xffff });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
/** IPv6 text forms: full, with a `::` gap anywhere, upper/lower case, padded groups, a trailing dotted quad. */
const ipv6 = fc
  .record({
    groups: fc.array(group, { minLength: 8, maxLength: 8 }),
    gapAt: fc.integer({ min: -1, max: 7 }),
    gapLen: fc.integer({ min: 1, max: 8 }),
    upper: fc.boolean(),
    pad: fc.boolean(),
    quad: fc.option(ipv4, { nil: undefined }),
  })
  .map(({ groups, gapAt, gapLen, upper, pad, quad }) => {
    const hex = (g: number): string => {
      const h = g.toString(16);
      return upper ? (pad ? h.padStart(4, '0') : h).toUpperCase() : pad ? h.padStart(4, '0') : h;
    };
    const words = quad === undefined ? groups.map(hex) : [...groups.slice(0, 6).map(hex)];
    const tail = quad === undefined ? [] : [quad];
    if (gapAt < 0 || gapAt >= words.length) return [...words, ...tail].join(':');
    const before = words.slice(0, gapAt);
    const after = [...words.slice(Math.min(words.length, gapAt + gapLen)), ...tail];
    return `${before.join(':')}::${after.join(':')}`;
  });
/** Near-misses: strings of the address alphabet, and valid addresses with one character changed, dropped or doubled. */
const alphabet = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.x% '.split('')), maxLength: 46 });
const edited = fc
  .tuple(fc.oneof(ipv4, ipv6), fc.nat(), fc.constantFrom(...'0129afAF:.'.split('')), fc.constantFrom('replace', 'drop', 'double', 'insert'))
  .map(([text, at, ch, how]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'replace') return text.slice(0, i) + ch + text.slice(i + 1);
    if (how === 'drop') return text.slice(0, i) + text.slice(i + 1);
    if (how === 'double') return text.slice(0, i) + text[i] + text.slice(i);
    return text.slice(0, i) + ch + text.slice(i);
  });

describe('parseIp against the parser it replaced', () => {
  it('agrees on every generated IPv4 and IPv6 text form', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4, ipv6, ipv6.map((t) => `::ffff:${t.replace(/^.*:/, '')}`)), (text) => {
        expect(actual(text)).toEqual(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on near-misses: random address characters and one-character edits', () => {
    fc.assert(
      fc.property(fc.oneof(alphabet, edited), (text) => {
        expect(actual(text)).toEqual(reference(text));
      }),
      { numRuns: 50_000 },
    );
  });

  it('agrees on the edge forms', () => {
    for (const text of ['::', '::1', '1::', '::1.2.3.4', '::ffff:1.2.3.4', '1::1.2.3.4', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', ':1::', '1:::2', '::ffff:01.2.3.4', '0.0.0.0', '255.255.255.255', '0:0:0:0:0:ffff:1.2.3.4', '0::ffff:0.0.0.0']) {
      expect(actual(text), text).toEqual(reference(text));
    }
  });
});
