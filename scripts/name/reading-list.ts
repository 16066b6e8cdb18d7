/**
 * Developer's measurement, not a suite test: how many entries of the
 * curated joke list (data/raw/name/humorous.txt) the joke reading
 * (src/name/reading/reading.ts `humorousReading`, NAME_HUMOROUS_READING) finds by
 * itself, the list left aside: the list stays a source of tests and of the
 * few jokes no reading finds.
 *
 *   npx tsx scripts/name/reading-list.ts          the count
 *   npx tsx scripts/name/reading-list.ts --list   and each entry, found or not
 *
 * Entries of two to four words of letters a-z are read (one-word entries,
 * "Ligma", are no first + last name), each word a token, with the name
 * tables' `knownToken` as the check gives it.
 */
import { openData } from '../../src/data/context.js';
import { humorousReading } from '../../src/name/reading/reading.js';
import { openNameTables } from '../../src/name/tables.js';
import { knownToken } from '../../src/name/tokens.js';
import { readRawList } from './sources.js';

const list = process.argv.includes('--list');
const entries = [...new Set(readRawList('humorous.txt', '').rows.map((r) => r.entry))]
  .map((e) => e.split(' '))
  .filter((words) => words.length >= 2 && words.length <= 4 && words.every((w) => /^[a-z]+$/.test(w)));
const tables = openNameTables(openData(undefined));
const known = (token: string): boolean => knownToken(tables, token);
let found = 0;
for (const words of entries) {
  const reading = humorousReading(tables.reader.state, words, known);
  if (reading !== undefined) found++;
  if (list) console.log(`${reading === undefined ? '-' : '+'} ${words.join(' ')}${reading === undefined ? '' : `: ${reading}`}`);
}
console.log(`joke list entries of 2-4 words found by the reading alone: ${found} of ${entries.length}`);
