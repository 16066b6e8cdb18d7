/**
 * Developer's measurement, not a suite test: how often the joke reading
 * (src/name/reading/reading.ts, NAME_HUMOROUS_READING) reads real names as jokes.
 * The limits of the reading (MAX_SPELLING_DISTANCE, PHRASE_SPELLING_DISTANCE)
 * were set on these figures, not on jokes.
 *
 *   npx tsx scripts/name/reading-pairs.ts          counts per set
 *   npx tsx scripts/name/reading-pairs.ts --list   and every pair read as a joke
 *
 * Sets, from the shipped name tables (data/name/) and the SSA snapshot:
 * - `common`: every 3rd given name with 20,000+ births (US SSA births plus
 *   the tables' pseudo-births) × every 7th surname of weight 3+ spelt a-z
 *   only (708 × 273 = 193,284 pairs on the data of 2026-11-25);
 * - `rare`: the same given names × every n-th of the US given names that no
 *   table knows (fewer than the tables' births cut), about 280 of them, in
 *   the surname slot: real name tokens the check has never seen, which is
 *   where a made-up surname of a pun would be.
 * - `initial`: the same given names with a middle initial (each letter
 *   a-z, written "X.") × every 10th of the `common` surnames (28): real
 *   names with an initial, which the reading says as the letter's name;
 * - `initial-last`: the same, the initial written first in the surname
 *   field ("Smith" given "X. Smith").
 * A pair counts when checkName gives it the reason NAME_HUMOROUS_READING.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkName } from '../../src/name/index.js';
import { knownToken } from '../../src/name/tokens.js';
import { openData } from '../../src/data/context.js';
import { openNameTables } from '../../src/name/tables.js';
import { ROOT } from '../lib/generated.js';
import { readSsa } from './sources.js';

const AZ = /^[a-z]+$/;
const list = process.argv.includes('--list');

/** The lines of a line-table dataset of data/name/, split at tabs. */
function tableRows(file: string): string[][] {
  const text = (JSON.parse(readFileSync(join(ROOT, 'data', 'name', file), 'utf8')) as { data: { names: string } }).data.names;
  return text.split('\n').map((line) => line.split('\t'));
}

const every = <T>(items: readonly T[], n: number): T[] => items.filter((_, i) => i % n === 0);

const firsts = every(
  tableRows('first-names.json')
    .filter(([, male, female]) => Number(male ?? 0) + Number(female ?? 0) >= 20_000)
    .map(([name]) => name!),
  3,
);
const lasts = every(
  tableRows('last-names.json')
    .filter(([name, weight]) => Number(weight) >= 3 && AZ.test(name!))
    .map(([name]) => name!),
  7,
);
const tables = openNameTables(openData(undefined));
const unknown = [...readSsa().keys()].filter((n) => AZ.test(n) && !knownToken(tables, n)).sort();
const rare = every(unknown, Math.ceil(unknown.length / 280));

const initials = [...'abcdefghijklmnopqrstuvwxyz'].map((c) => `${c}.`);
const someLasts = every(lasts, 10);
// inLast: the middle (an initial) is written first in the surname field.
for (const [label, middles, surnames, inLast] of [
  ['common', [''], lasts, false],
  ['rare', [''], rare, false],
  ['initial', initials, someLasts, false],
  ['initial-last', initials, someLasts, true],
] as const) {
  let pairs = 0;
  const hits: string[] = [];
  for (const given of firsts) {
    for (const middle of middles) {
      const first = middle === '' || inLast ? given : `${given} ${middle}`;
      for (const surname of surnames) {
        const last = inLast ? `${middle} ${surname}` : surname;
        pairs++;
        const reason = checkName(first, last).reasons.find((r) => r.code === 'NAME_HUMOROUS_READING');
        if (reason !== undefined) hits.push(`${first} ${last}: ${reason.detail}`);
      }
    }
  }
  console.log(`${label}: ${firsts.length} × ${middles.length > 1 ? `${middles.length} initials × ` : ''}${surnames.length} = ${pairs} pairs, ${hits.length} read as jokes (${((100 * hits.length) / pairs).toFixed(3)}%)`);
  if (list) for (const h of hits) console.log(`  ${h}`);
}
