/**
 * Reader of the hand-labelled name corpora in test/fixtures/name/ (TSV,
 * `#` comments, one header row). `\u{HEX}` in a field is one code point, so
 * control and invisible characters can be written in a text file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'name');

function decode(field: string): string {
  return field.replace(/\\u\{([0-9a-f]{1,6})\}/giu, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

function rows(file: string): string[][] {
  const lines = readFileSync(join(DIR, file), 'utf8').split('\n');
  const out: string[][] = [];
  let header = true;
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    if (header) {
      header = false;
      continue;
    }
    out.push(line.split('\t').map(decode));
  }
  return out;
}

/**
 * The fixed split of the fixtures: a row is in the `scored` half
 * when the first byte of sha256("first|last") is odd, else in the `fit`
 * half. Rules and thresholds may be looked at and fitted on the fit half
 * only; the scored half is what the figures claim. The split never changes
 * with the rules, since it depends on the row's text alone.
 */
export type Half = 'fit' | 'scored';

/** The half a row belongs to. */
export function halfOf(first: string, last: string): Half {
  return (createHash('sha256').update(`${first}|${last}`).digest()[0]! & 1) === 1 ? 'scored' : 'fit';
}

/** A real name: it must be accepted; `gender` is checked when not null. */
export interface RealName {
  readonly first: string;
  readonly last: string;
  readonly gender: 'M' | 'F' | null;
  readonly country: string;
  /** Where the row comes from (empty for the rows written with the first rules). */
  readonly source: string;
  readonly half: Half;
}

/** A fake name with the risk type a person would give it. */
export interface FakeName {
  readonly first: string;
  readonly last: string;
  readonly risk: string;
  readonly note: string;
  readonly source: string;
  readonly half: Half;
}

/** The real-name corpus (test/fixtures/name/real.tsv). */
export function realNames(): RealName[] {
  return rows('real.tsv').map(([first = '', last = '', g = '-', country = '', source = '']) => ({
    first,
    last,
    gender: g === 'M' || g === 'F' ? g : null,
    country,
    source,
    half: halfOf(first, last),
  }));
}

/** The fake-name corpus (test/fixtures/name/fake.tsv). */
export function fakeNames(): FakeName[] {
  return rows('fake.tsv').map(([first = '', last = '', risk = '', note = '', source = '']) => ({ first, last, risk, note, source, half: halfOf(first, last) }));
}
